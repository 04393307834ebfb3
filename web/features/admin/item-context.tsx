import type { ReactNode } from 'react';
import { useTranslation, type TFunction } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { QueueItem } from '#shared/schemas/moderation.ts';
import { shieldReasons } from '../../lib/shield-text.ts';
import { when } from './when.ts';

type Job = NonNullable<QueueItem['job']>;
type Account = NonNullable<QueueItem['account']>;
type Message = QueueItem['messages'][number];

const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';

/** A titled part of a queue item. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5 rounded-xl bg-slate-50 p-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      {children}
    </section>
  );
}

/** The job: title, company, open or closed, held and why, and its full description. */
export function JobPart({ job }: { job: Job }) {
  const { t } = useTranslation();
  const held = job.moderation.state === 'held';
  return (
    <Part title={t('moderation.itemJob')}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{job.title}</span>
        <span className="text-slate-600">{job.company}</span>
        <span className={`${badge} bg-slate-200 text-slate-700`}>
          {job.status === 'open' ? t('jobs.open') : t('jobs.closed')}
        </span>
        {held && (
          <span className={`${badge} bg-amber-100 text-amber-900`}>
            {t('moderation.heldBadge')}
          </span>
        )}
      </p>
      {job.moderation.reasons.length > 0 && (
        <p className="text-xs text-amber-900">{shieldReasons(t, job.moderation.reasons)}</p>
      )}
      <p className="whitespace-pre-line text-sm text-slate-700">{job.description}</p>
    </Part>
  );
}

const roleLabel = (t: TFunction, role: string | null) =>
  role === 'admin'
    ? t('moderation.roleAdmin')
    : role === 'user' || role === 'recruiter'
      ? pickLabel('userRole', role)
      : null;

/** The account: who, since when, suspended or held, its reports, activity and limits hit. */
export function AccountPart({ account }: { account: Account }) {
  const { t, i18n } = useTranslation();
  const name = account.name?.trim() || t('moderation.someone');
  const role = roleLabel(t, account.role);
  return (
    <Part title={t('moderation.itemAccount')}>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-900">{name}</span>
        {role && <span className="text-slate-600">{role}</span>}
        {account.companyName && <span className="text-slate-600">{account.companyName}</span>}
        {account.suspended && (
          <span className={`${badge} bg-red-100 text-red-800`}>
            {t('moderation.suspendedBadge')}
          </span>
        )}
        {account.held && (
          <span className={`${badge} bg-amber-100 text-amber-900`}>
            {t('moderation.heldBadge')}
          </span>
        )}
      </p>
      <ul className="flex flex-col gap-0.5 text-xs text-slate-600">
        <li>{t('moderation.accountJoined', { date: when(account.createdAt, i18n.language) })}</li>
        <li>
          {t('moderation.accountReports', {
            open: account.openReports,
            total: account.totalReports,
          })}
        </li>
        <li>
          {t('moderation.accountActivity', {
            jobs: account.jobs,
            conversations: account.conversations,
          })}
        </li>
        <li>
          {account.limitsHit.length === 0
            ? t('moderation.noLimitsHit')
            : `${t('moderation.limitsHit')}: ${account.limitsHit
                .map((l) => t('moderation.limitHit', { limit: l.limit, count: l.times }))
                .join(', ')}`}
        </li>
      </ul>
    </Part>
  );
}

/** The reported message and the few before it, the reported one marked. */
export function MessagesPart({ messages }: { messages: Message[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Part title={t('moderation.itemMessages')}>
      <ol className="flex flex-col gap-1.5">
        {messages.map((m) => (
          <li
            key={m.id}
            data-reported={m.reported ? 'true' : undefined}
            className={`rounded-lg px-2.5 py-1.5 text-sm ${m.reported ? 'border border-red-300 bg-red-50' : 'bg-white'}`}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
              <span className="font-semibold text-slate-700">
                {m.senderName?.trim() || t('moderation.someone')}
              </span>
              <time dateTime={m.sentAt}>{when(m.sentAt, i18n.language)}</time>
              {m.reported && (
                <span className={`${badge} bg-red-100 text-red-800`}>
                  {t('moderation.reportedMark')}
                </span>
              )}
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-900">{m.message}</p>
            {m.warnings.length > 0 && (
              <p className="text-xs text-red-800">{shieldReasons(t, m.warnings)}</p>
            )}
          </li>
        ))}
      </ol>
    </Part>
  );
}

/** What moderators did on this job or account before: who, when, why. */
export function HistoryPart({ history }: { history: QueueItem['history'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Part title={t('moderation.historyTitle')}>
      {history.length === 0 ? (
        <p className="text-sm text-slate-500">{t('moderation.noHistory')}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {history.map((h, i) => (
            <li key={`${h.at}-${i}`} className="text-sm">
              <p className="font-medium text-slate-800">
                {t('moderation.historyBy', {
                  action: t(`moderation.actions.${h.action}`),
                  name: h.adminName?.trim() || t('moderation.aModerator'),
                  date: when(h.at, i18n.language),
                })}
              </p>
              <p className="text-slate-600">{t('moderation.historyWhy', { reason: h.reason })}</p>
            </li>
          ))}
        </ol>
      )}
    </Part>
  );
}
