import { useRef } from 'react';
import { Upload } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { Button } from '../../components/ui/button.tsx';
import { useUploadResume } from './use-room-actions.ts';

/** Under the recruiter's resume request: the seeker uploads a PDF right from the chat. */
export function ResumeUploadButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { busy, upload } = useUploadResume();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        // The button below is the control people use; this input only opens the file picker.
        aria-hidden="true"
        tabIndex={-1}
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Button
        variant="outline"
        className="min-h-11 self-start"
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        <Upload size={16} aria-hidden="true" />
        {t('chat.uploadResumeHere')}
      </Button>
    </>
  );
}
