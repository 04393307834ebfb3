import { useId, useRef, useState } from 'react';
import { FileText } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { formatDate } from '../../lib/dates.ts';
import { candidateKey, seekerProfileKey, uploadResume } from './api.ts';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { useOpenResume } from './use-open-resume.ts';

const RESUME_MAX_BYTES = 5 * 1024 * 1024; // decisions.md "Files": PDF only, at most 5 MB.

/** The seeker's resume: upload or replace a PDF, and view it through a signed link. */
export function ResumeCard({ profile }: { profile: SeekerProfileView }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const { opening, open } = useOpenResume(profile.userId);

  async function upload(file: File | undefined) {
    if (!file) return;
    if (input.current) input.current.value = '';
    if (file.type !== 'application/pdf') return void toast.error(t('upload.resumeType'));
    if (file.size > RESUME_MAX_BYTES) return void toast.error(t('upload.resumeTooLarge'));
    setUploading(true);
    const id = toast.loading(t('upload.uploadingResume'));
    try {
      await uploadResume(file);
      toast.success(t('upload.resumeUploaded'), { id });
      await queryClient.invalidateQueries({ queryKey: seekerProfileKey });
      void queryClient.invalidateQueries({ queryKey: candidateKey(profile.userId) });
    } catch (err) {
      toast.error(errorMessage(err, t('upload.failed')), { id });
    } finally {
      setUploading(false);
    }
  }

  const uploadedAt = profile.resumeUploadedAt
    ? formatDate(profile.resumeUploadedAt, i18n.language)
    : null;
  const uploadLabel = profile.hasResume ? t('profile.replaceResume') : t('profile.uploadResume');

  return (
    <SectionCard title={t('profile.resume')}>
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <FileText size={20} aria-hidden="true" className="shrink-0 text-brand-700" />
        <span>
          {profile.hasResume && uploadedAt
            ? t('profile.resumeUploadedAt', { date: uploadedAt })
            : t('profile.noResume')}
        </span>
      </div>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="application/pdf"
        aria-label={uploadLabel}
        tabIndex={-1}
        className="sr-only"
        disabled={uploading}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" disabled={uploading} onClick={() => input.current?.click()}>
          {uploadLabel}
        </Button>
        {profile.hasResume && (
          <Button variant="ghost" disabled={opening} onClick={() => void open()}>
            {t('profile.viewResume')}
          </Button>
        )}
      </div>
    </SectionCard>
  );
}
