import { useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { JobFields, useJobDraft, type JobDraft } from '../../components/job-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api.ts';
import { postJob } from './api.ts';

const EMPTY: JobDraft = {
  title: '',
  location: 'remote', // spec: location defaults to Remote
  type: '',
  level: '',
  jobCategory: '',
  minSalary: '',
  maxSalary: '',
  description: '',
};

/**
 * THE job form (the post-job screen and recruiter onboarding step 4): title, location, type,
 * level, category and description required; salaries optional LPA numbers with min ≤ max, all
 * checked with the shared `jobInput` here and again by the server. Post Job stays disabled
 * while a required text is empty or while sending; a failure keeps what was typed.
 */
export function JobForm({
  onPosted,
  onCancel,
  failedMessage,
}: {
  onPosted: (job: JobView) => void | Promise<void>;
  /** Shows Cancel (the post-job screen; onboarding step 4 has none). */
  onCancel?: () => void;
  /** Toast when the server gives no message of its own (default 'Failed to post job'). */
  failedMessage?: string;
}) {
  const { t } = useTranslation();
  const { draft, errors, set, validate } = useJobDraft(EMPTY);
  const [sending, setSending] = useState(false);

  const incomplete =
    !draft.title.trim() ||
    !draft.location ||
    !draft.type ||
    !draft.level ||
    !draft.description.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (incomplete || sending) return;
    const v = validate();
    if (!v) return;
    setSending(true);
    try {
      const job = await postJob({
        title: v.title,
        cityId: v.cityId,
        type: v.type,
        level: v.level,
        jobCategory: v.jobCategory,
        description: v.description,
        minSalary: v.minSalary,
        maxSalary: v.maxSalary,
        requirements: null,
      });
      await onPosted(job);
    } catch (err) {
      toast.error(errorMessage(err, failedMessage ?? t('jobs.postFailed')));
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <JobFields draft={draft} errors={errors} set={set} placeholders />

      <div className="mt-2 flex gap-3">
        {onCancel && (
          <Button variant="outline" className="flex-1" onClick={onCancel} disabled={sending}>
            {t('jobs.cancel')}
          </Button>
        )}
        <Button type="submit" className="flex-1" disabled={incomplete || sending}>
          {sending ? t('jobs.posting') : t('jobs.post')}
        </Button>
      </div>
    </form>
  );
}
