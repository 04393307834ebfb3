import type { ModerationAction, QueueItem } from '#shared/schemas/moderation.ts';

/** One action a moderator can take on a queue item, with what it is about. */
export interface ItemAction {
  action: ModerationAction;
  reportId?: string;
  jobId?: string;
  userId?: string;
}

/**
 * The actions that fit an item: a report can be dismissed; a job can be published (when held),
 * hidden (or kept hidden when held) or closed (when open); an account can be suspended, or restored when
 * it is suspended or held. A report's actions carry its id, so the action settles it; a dismissal
 * also names the report's job and account, so it shows in their history on later items.
 */
export function actionsFor(item: QueueItem): ItemAction[] {
  const reportId = item.kind === 'report' ? item.id : undefined;
  const base = reportId ? { reportId } : {};
  const out: ItemAction[] = [];
  const job = item.job;
  const account = item.account;
  if (reportId)
    out.push({
      action: 'dismiss',
      reportId,
      ...(job ? { jobId: job.id } : {}),
      ...(account ? { userId: account.id } : {}),
    });
  if (job) {
    const jobId = job.id;
    if (job.moderation.state === 'held') out.push({ action: 'publish_job', ...base, jobId });
    // A held job is hidden already; a moderator may still decide to keep it hidden.
    out.push({ action: 'hide_job', ...base, jobId });
    if (job.status === 'open') out.push({ action: 'close_job', ...base, jobId });
  }
  if (account) {
    const userId = account.id;
    if (!account.suspended) out.push({ action: 'suspend', ...base, userId });
    if (account.suspended || account.held) out.push({ action: 'restore', ...base, userId });
  }
  return out;
}
