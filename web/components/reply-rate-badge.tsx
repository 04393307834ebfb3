import { MessageCircleReply } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { replyTime } from '#shared/reply-rate.ts';
import type { JobView } from '#shared/schemas/jobs.ts';

/**
 * "Replies to 90% · usually within 2 h": how often and how fast the recruiter answers
 * conversations seekers start (decision 011). Nothing when the server sends none (under 5
 * conversations in 30 days). Plain text, so screen readers read what sighted people see; the
 * title says what the numbers mean.
 */
export function ReplyRateBadge({ replyRate }: { replyRate: JobView['recruiter']['replyRate'] }) {
  const { t } = useTranslation();
  if (!replyRate) return null;
  const time = replyRate.medianMinutes === null ? null : replyTime(replyRate.medianMinutes);
  return (
    <span
      data-testid="reply-rate"
      title={t('replyRate.explain')}
      className="inline-flex items-center gap-1 text-xs font-medium text-slate-600"
    >
      <MessageCircleReply size={14} aria-hidden="true" className="shrink-0" />
      <span>
        {t('replyRate.rate', { rate: replyRate.rate })}
        {time && ` · ${t(`replyRate.${time.unit}`, { count: time.count })}`}
      </span>
    </span>
  );
}
