import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { REPORT_REASONS, type ReportReason } from '#shared/report-reasons.ts';
import { errorMessage } from '../../lib/api.ts';
import { alreadyReported, sendReport } from '../../lib/moderation.ts';
import { TextAreaField } from '../form-fields.tsx';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

const DETAILS_MAX = 1000;

/**
 * The report's schema, loaded when a report is started rather than with the screen: building
 * zod schemas is a long task on a slow phone, and every chat and job page has this dialog
 * (decision 024).
 */
const reportSchema = () => import('#shared/schemas/moderation.ts').then((m) => m.reportBody);

/** What a report is about: a person, a job or a chat message (at least one). */
export interface ReportTarget {
  userId?: string;
  jobId?: string;
  messageId?: number;
}

/**
 * The report dialog: a reason (native radios in a fieldset: arrow keys and screen readers work as
 * everywhere), optional details, Send. Checked with the shared schema first; a second report of
 * the same thing is a friendly note, not an error.
 */
export function ReportDialog({
  open,
  onOpenChange,
  title,
  target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  target: ReportTarget;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title}>
      {/* Mounted only while open: every report starts empty. */}
      {open && <ReportForm target={target} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useId();
  const errorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => void reportSchema().catch(() => undefined), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    setSending(true);
    let reportBody;
    try {
      reportBody = await reportSchema();
    } catch (err) {
      toast.error(errorMessage(err, t('moderation.reportFailed')));
      setSending(false);
      return;
    }
    const parsed = reportBody.safeParse({ reason: reason ?? undefined, details, ...target });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('moderation.pickReason'));
      setSending(false);
      return;
    }
    setError(null);
    const { details: text, ...rest } = parsed.data;
    try {
      await sendReport(text ? { ...rest, details: text } : rest);
      toast.success(t('moderation.reported'));
      onDone();
    } catch (err) {
      if (alreadyReported(err)) {
        toast.info(t('moderation.alreadyReported'));
        onDone();
      } else {
        toast.error(errorMessage(err, t('moderation.reportFailed')));
        setSending(false);
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <fieldset
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-slate-700">
          {t('moderation.reportWhy')}
        </legend>
        {REPORT_REASONS.map((code) => (
          <label
            key={code}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={code}
              checked={reason === code}
              onChange={() => {
                setReason(code);
                setError(null);
              }}
              className="h-4 w-4 shrink-0 accent-brand-700"
            />
            <span>{t(`moderation.reasons.${code}`)}</span>
          </label>
        ))}
        {error && (
          <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={t('moderation.details')}
        value={details}
        onChange={setDetails}
        maxLength={DETAILS_MAX}
        rows={3}
        counter={(count) => t('moderation.detailsCount', { count, max: DETAILS_MAX })}
      />
      <div className="flex gap-3">
        <Button variant="outline" className="flex-1" disabled={sending} onClick={onDone}>
          {t('moderation.cancel')}
        </Button>
        <Button type="submit" className="flex-1" disabled={sending}>
          {sending ? t('moderation.sending') : t('moderation.send')}
        </Button>
      </div>
    </form>
  );
}
