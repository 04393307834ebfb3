import type { z } from 'zod';
import type { moderationActionBody, QueueItem } from '#shared/schemas/moderation.ts';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { presentMessage } from '../chat/messages.repo.ts';
import { releaseHolds } from './reports.service.ts';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : '');
type Row = Record<string, unknown>;

/**
 * The moderators' queue: open reports (by users, and the scam shield's flags) and held jobs,
 * newest first, each with its context. A fixed number of batched queries whatever the queue's
 * length (never one per item).
 */
export async function moderationQueue(ctx: Ctx): Promise<QueueItem[]> {
  const q = ctx.db;
  const reports = await q.query<Row>(
    `SELECT r.id, r.created_at, r.reason, r.details, r.reporter_id, r.target_user_id, r.job_id, r.message_id,
            COALESCE(sp.full_name, rp.full_name) AS reporter_name
       FROM reports r
       LEFT JOIN seeker_profiles sp ON sp.user_id = r.reporter_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = r.reporter_id
      WHERE r.resolved_at IS NULL
      ORDER BY r.created_at DESC LIMIT 100`,
  );
  const heldJobs = await q.query<Row>(
    `SELECT j.id, j.updated_at AS created_at, j.recruiter_id FROM jobs j
      WHERE j.moderation_state = 'held'
        AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.job_id = j.id AND r.resolved_at IS NULL)
      ORDER BY j.updated_at DESC LIMIT 100`,
  );
  const jobIds = [
    ...new Set([...reports.map((r) => r.job_id), ...heldJobs.map((j) => j.id)].filter(Boolean)),
  ] as string[];
  const jobs = await jobsById(q, jobIds);
  const accountIds = [
    ...new Set(
      [
        ...reports.map((r) => r.target_user_id),
        ...heldJobs.map((j) => j.recruiter_id),
        ...[...jobs.values()].map((j) => j.recruiterId),
      ].filter(Boolean),
    ),
  ] as string[];
  const accounts = await accountsById(q, accountIds);
  const messages = await messageContext(
    q,
    reports.map((r) => r.message_id).filter((id) => id !== null) as number[],
  );
  const history = await historyOf(q, jobIds, accountIds);

  const items: QueueItem[] = reports.map((r) => {
    const job = r.job_id ? (jobs.get(r.job_id as string) ?? null) : null;
    const accountId = (r.target_user_id as string | null) ?? job?.recruiterId ?? null;
    return {
      kind: 'report',
      id: r.id as string,
      createdAt: iso(r.created_at),
      reason: r.reason as string,
      details: (r.details as string | null) ?? null,
      reporter: r.reporter_id
        ? { id: r.reporter_id as string, name: (r.reporter_name as string | null) ?? null }
        : null,
      job: job ? job.view : null,
      account: accountId ? (accounts.get(accountId) ?? null) : null,
      messages: r.message_id ? (messages.get(Number(r.message_id)) ?? []) : [],
      history: history(job?.view.id ?? null, accountId),
    };
  });
  for (const h of heldJobs) {
    const job = jobs.get(h.id as string)!;
    items.push({
      kind: 'held_job',
      id: h.id as string,
      createdAt: iso(h.created_at),
      reason: null,
      details: null,
      reporter: null,
      job: job.view,
      account: accounts.get(job.recruiterId) ?? null,
      messages: [],
      history: history(job.view.id, job.recruiterId),
    });
  }
  return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

async function jobsById(q: Queryable, ids: string[]) {
  const rows = await q.query<Row>(
    `SELECT id, title, company, status, description, moderation_state, moderation_reasons, recruiter_id
       FROM jobs WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((j) => {
      const state = j.moderation_state as string;
      const reasons = (j.moderation_reasons as string[]) ?? [];
      return [
        j.id as string,
        {
          recruiterId: j.recruiter_id as string,
          view: {
            id: j.id as string,
            title: j.title as string,
            company: j.company as string,
            status: j.status as 'open' | 'closed',
            description: j.description as string,
            moderation: {
              state: state === 'published' ? ('published' as const) : ('held' as const),
              reasons: state === 'hidden' ? [...new Set([...reasons, 'moderator'])] : reasons,
            },
          },
        },
      ];
    }),
  );
}

/** Who the account is, its history in numbers, and the limits it ran into (last 30 days). */
async function accountsById(q: Queryable, ids: string[]) {
  const rows = await q.query<Row>(
    `SELECT u.id, u.user_role, u.created_at, u.suspended_at IS NOT NULL AS suspended, u.held_at IS NOT NULL AS held,
            COALESCE(sp.full_name, rp.full_name) AS name, rp.company_name,
            (SELECT count(*)::int FROM reports r WHERE r.target_user_id = u.id AND r.resolved_at IS NULL) AS open_reports,
            (SELECT count(*)::int FROM reports r WHERE r.target_user_id = u.id) AS total_reports,
            (SELECT count(*)::int FROM jobs j WHERE j.recruiter_id = u.id) AS jobs,
            (SELECT count(*)::int FROM chat_rooms c WHERE c.recruiter_id = u.id OR c.seeker_id = u.id) AS conversations,
            (SELECT COALESCE(json_agg(json_build_object('limit', e.bucket, 'times', e.n)), '[]'::json)
               FROM (SELECT substr(bucket, 9) AS bucket, count(*)::int AS n FROM rate_events
                      WHERE key = u.id::text AND bucket LIKE 'refused:%' AND at > now() - interval '30 days'
                      GROUP BY bucket) e) AS limits_hit
       FROM users u
       LEFT JOIN seeker_profiles sp ON sp.user_id = u.id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = u.id
      WHERE u.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((u) => [
      u.id as string,
      {
        id: u.id as string,
        name: (u.name as string | null) ?? null,
        role: (u.user_role as string | null) ?? null,
        companyName: (u.company_name as string | null) ?? null,
        createdAt: iso(u.created_at),
        suspended: Boolean(u.suspended),
        held: Boolean(u.held),
        openReports: Number(u.open_reports),
        totalReports: Number(u.total_reports),
        jobs: Number(u.jobs),
        conversations: Number(u.conversations),
        limitsHit: (typeof u.limits_hit === 'string' ? JSON.parse(u.limits_hit) : u.limits_hit) as {
          limit: string;
          times: number;
        }[],
      },
    ]),
  );
}

/** Each reported message with the four before it in its room. */
async function messageContext(q: Queryable, ids: number[]) {
  const rows = await q.query<Row>(
    `SELECT rep.id AS reported_id, m.id, m.room_id, m.sender_id, m.client_id, m.kind, m.message, m.meta,
            m.warnings, m.is_read, to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sent_at,
            COALESCE(sp.full_name, rp.full_name) AS sender_name
       FROM chat_messages rep
       CROSS JOIN LATERAL (SELECT * FROM chat_messages c WHERE c.room_id = rep.room_id AND c.id <= rep.id
                            ORDER BY c.id DESC LIMIT 5) m
       LEFT JOIN seeker_profiles sp ON sp.user_id = m.sender_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = m.sender_id
      WHERE rep.id = ANY($1::bigint[])
      ORDER BY rep.id, m.id`,
    [ids],
  );
  const byReported = new Map<number, QueueItem['messages']>();
  for (const r of rows) {
    const view = presentMessage(r);
    const list = byReported.get(Number(r.reported_id)) ?? [];
    list.push({
      id: view.id,
      senderName: (r.sender_name as string | null) ?? null,
      message: view.message,
      warnings: view.warnings,
      sentAt: view.sentAt,
      reported: view.id === Number(r.reported_id),
    });
    byReported.set(Number(r.reported_id), list);
  }
  return byReported;
}

async function historyOf(q: Queryable, jobIds: string[], userIds: string[]) {
  const rows = await q.query<Row>(
    `SELECT a.action, a.reason, a.created_at, a.job_id, a.target_user_id,
            COALESCE(rp.full_name, sp.full_name, ad.phone_no) AS admin_name
       FROM moderation_actions a
       LEFT JOIN users ad ON ad.id = a.admin_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = a.admin_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = a.admin_id
      WHERE a.job_id = ANY($1::uuid[]) OR a.target_user_id = ANY($2::uuid[])
      ORDER BY a.created_at DESC, a.id DESC`,
    [jobIds, userIds],
  );
  return (jobId: string | null, userId: string | null): QueueItem['history'] =>
    rows
      .filter((a) => (jobId && a.job_id === jobId) || (userId && a.target_user_id === userId))
      .map((a) => ({
        action: a.action as QueueItem['history'][number]['action'],
        reason: a.reason as string,
        adminName: (a.admin_name as string | null) ?? null,
        at: iso(a.created_at),
      }));
}

/**
 * A moderator's decision, recorded with who, when and why. Suspension ends the account's sessions
 * and, through the bus, its sockets on every instance; its jobs leave feeds and its chats say so.
 */
export async function applyAction(
  ctx: Ctx,
  me: SessionUser,
  v: z.output<typeof moderationActionBody>,
): Promise<void> {
  const jobAction =
    v.action === 'publish_job' || v.action === 'hide_job' || v.action === 'close_job';
  const userAction = v.action === 'suspend' || v.action === 'restore';
  if (jobAction && !v.jobId) throw badRequest('errors.badRequest');
  if (userAction && !v.userId) throw badRequest('errors.badRequest');
  if (v.action === 'dismiss' && !v.reportId) throw badRequest('errors.badRequest');
  const suspended = await ctx.db.tx(async (q) => {
    if (v.reportId) {
      const [done] = await q.query<{ job_id: string | null; target_user_id: string | null }>(
        `UPDATE reports SET resolved_at = now(), resolved_by = $2, resolution = $3
          WHERE id = $1 AND resolved_at IS NULL RETURNING job_id, target_user_id`,
        [v.reportId, me.id, v.action],
      );
      if (!done) throw notFound('moderation.notFound');
      // Dismissed: the hold those reports made ends when too few are left to make it.
      if (v.action === 'dismiss') await releaseHolds(q, done.job_id, done.target_user_id);
    }
    if (jobAction) {
      const sql = {
        publish_job: `UPDATE jobs SET moderation_state = 'published', moderation_reasons = '{}', updated_at = now() WHERE id = $1 RETURNING id`,
        hide_job: `UPDATE jobs SET moderation_state = 'hidden', updated_at = now() WHERE id = $1 RETURNING id`,
        close_job: `UPDATE jobs SET status = 'closed', updated_at = now() WHERE id = $1 RETURNING id`,
      }[v.action as 'publish_job' | 'hide_job' | 'close_job'];
      if ((await q.query(sql, [v.jobId])).length === 0) throw notFound('jobs.notFound');
      // The decision settles every open report on the job.
      await q.query(
        `UPDATE reports SET resolved_at = now(), resolved_by = $2, resolution = $3
          WHERE job_id = $1 AND resolved_at IS NULL`,
        [v.jobId, me.id, v.action],
      );
    }
    if (userAction) {
      const found = await q.query(
        v.action === 'suspend'
          ? `UPDATE users SET suspended_at = COALESCE(suspended_at, now()) WHERE id = $1 AND user_role IN ('user', 'recruiter') RETURNING id`
          : `UPDATE users SET suspended_at = NULL, held_at = NULL WHERE id = $1 AND user_role IN ('user', 'recruiter') RETURNING id`,
        [v.userId],
      );
      if (found.length === 0) throw notFound('profile.notFound');
      if (v.action === 'suspend') {
        await q.query(
          'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
          [v.userId],
        );
      }
      await q.query(
        `UPDATE reports SET resolved_at = now(), resolved_by = $2, resolution = $3
          WHERE target_user_id = $1 AND resolved_at IS NULL`,
        [v.userId, me.id, v.action],
      );
    }
    await q.query(
      `INSERT INTO moderation_actions (admin_id, action, report_id, job_id, target_user_id, reason)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [me.id, v.action, v.reportId ?? null, v.jobId ?? null, v.userId ?? null, v.reason],
    );
    return v.action === 'suspend' ? v.userId! : null;
  });
  if (suspended) await ctx.bus.publish([suspended], { type: 'session.revoked' });
}
