import { useState } from 'react';
import { Flag, TriangleAlert } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { ReportDialog } from '../../components/moderation/report-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { shieldReasons } from '../../lib/shield-text.ts';

/**
 * Under a recruiter's message the scam shield flagged, for the seeker: never pay to get a job,
 * why this message looks like a scam, and Report (the message itself goes to the moderators).
 */
export function ScamWarning({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  return (
    <div
      role="note"
      aria-label={t('moderation.warningLabel')}
      data-warning-for={message.id}
      className="flex max-w-[85%] flex-col gap-2 self-start rounded-2xl border border-red-200 bg-red-50 p-3 text-sm text-red-950"
    >
      <p className="flex items-start gap-2 font-semibold">
        <TriangleAlert size={18} aria-hidden="true" className="mt-px shrink-0 text-red-700" />
        {t('moderation.scamWarning')}
      </p>
      <p className="text-xs text-red-900">
        {t('moderation.warningWhy', { reasons: shieldReasons(t, message.warnings) })}
      </p>
      <Button
        variant="outline"
        className="self-start border-red-300 px-3 text-red-800 hover:bg-red-100"
        onClick={() => setReporting(true)}
      >
        <Flag size={16} aria-hidden="true" />
        {t('moderation.reportMessage')}
      </Button>
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        title={t('moderation.reportMessageTitle')}
        target={{ messageId: message.id }}
      />
    </div>
  );
}
