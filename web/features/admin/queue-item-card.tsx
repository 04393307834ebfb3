import { useId, useState } from 'react';
import { useTranslation, type TFunction } from '#web/lib/i18n.ts';
import type { QueueItem } from '#shared/schemas/moderation.ts';
import { Button } from '../../components/ui/button.tsx';
import { ActionDialog } from './action-dialog.tsx';
import { actionsFor, type ItemAction } from './item-actions.ts';
import { AccountPart, HistoryPart, JobPart, MessagesPart } from './item-context.tsx';
import { when } from './when.ts';
import { shieldReasons } from '../../lib/shield-text.ts';

/** What kind of item this is: a user's report, the scam shield's flag, or a held job. */
function kindLabel(t: TFunction, item: QueueItem): string {
  if (item.kind === 'held_job') return t('moderation.kinds.held_job');
  return item.reporter ? t('moderation.kinds.report') : t('moderation.kinds.shield');
}

/**
 * One item of the queue with its context (why, who reported, the job, the account, the messages,
 * earlier actions) and the actions that fit it, each asking why in a dialog.
 */
export function QueueItemCard({ item }: { item: QueueItem }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [action, setAction] = useState<ItemAction | null>(null);
  // A reason code the catalogue knows is said in words; anything else shows as it came.
  const reasonKey = `moderation.reasons.${item.reason ?? ''}`;
  const reason = item.reason ? (i18n.exists(reasonKey) ? t(reasonKey) : item.reason) : null;
  // The scam shield's flag keeps its reason codes as its details ("payment_request"): said in
  // words, in the moderator's language (they showed as codes in both languages).
  const details =
    item.details && item.reason === 'shield' && !item.reporter
      ? shieldReasons(t, item.details.split(/,\s*/))
      : item.details;
  const subject = item.job?.title ?? item.account?.name ?? '';
  // What the actions are about, for the dialog: the job for job actions, else the account.
  const subjectOf = (a: ItemAction) =>
    (a.jobId ? item.job?.title : a.userId ? item.account?.name : null) ?? subject;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-col gap-0.5">
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          {kindLabel(t, item)}
          {reason && <>: {reason}</>}
        </h2>
        <p className="text-xs text-slate-500">
          <time dateTime={item.createdAt}>{when(item.createdAt, i18n.language)}</time>
          {item.reporter && (
            <>
              {' · '}
              {t('moderation.reportedBy', {
                name: item.reporter.name?.trim() || t('moderation.someone'),
              })}
            </>
          )}
        </p>
        {details && <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{details}</p>}
      </header>

      {item.messages.length > 0 && <MessagesPart messages={item.messages} />}
      {item.job && <JobPart job={item.job} />}
      {item.account && <AccountPart account={item.account} />}
      <HistoryPart history={item.history} />

      <div className="flex flex-wrap gap-2">
        {actionsFor(item).map((a) => (
          <Button
            key={a.action}
            variant={a.action === 'suspend' || a.action === 'hide_job' ? 'primary' : 'outline'}
            className="px-3"
            onClick={() => setAction(a)}
          >
            {t(`moderation.actions.${a.action}`)}
          </Button>
        ))}
      </div>
      <ActionDialog
        action={action}
        subject={action ? subjectOf(action) : ''}
        onClose={() => setAction(null)}
      />
    </article>
  );
}
