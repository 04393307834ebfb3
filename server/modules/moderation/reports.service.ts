import type { z } from 'zod';
import type { reportBody } from '#shared/schemas/moderation.ts';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { hashedNetwork } from '../../lib/client-network.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { lockKey, takeFromWindows } from '../../lib/rate-limit.ts';
import { reportWindows } from '../../policies/limits.ts';

/** Independent reports (distinct reporters) that hide a job or a recruiter until a moderator decides. */
export const REPORTS_TO_HOLD = 3;

/** How old a reporter's account must be for their report to count towards a hold. */
export const REPORTER_MIN_AGE_HOURS = 24;

/** The purpose a report's network hash is bound to (`hashedNetwork`). */
const REPORT_NETWORK = 'report-network';

/**
 * How many independent reporters stand behind the open reports matching `where` (on `r`, the
 * reporter's account `ru`): the number of different networks among distinct qualifying reporters,
 * each reporter counted from the network of their first open report on the thing. A reporter's
 * word counts when they finished onboarding, have an account a day old and are not suspended.
 * Three phone numbers signed up a minute ago, or three accounts on one Wi-Fi or one IPv6 /64, are
 * not three independent people: their reports still reach the moderators' queue, they only do not
 * hide anybody on their own. A report from before networks were kept (NULL) is its own network.
 * One network per reporter keeps the count at most both the reporters' and the networks' number.
 */
const independentReportersSql = (where: string) =>
  `(SELECT count(DISTINCT f.network) FROM (
      SELECT DISTINCT ON (r.reporter_id) COALESCE(r.reporter_network, r.id::text) AS network
        FROM reports r
        JOIN users ru ON ru.id = r.reporter_id AND ru.is_onboarded AND ru.suspended_at IS NULL
                     AND ru.created_at < now() - make_interval(hours => ${REPORTER_MIN_AGE_HOURS})
       WHERE ${where} AND r.resolved_at IS NULL
       ORDER BY r.reporter_id, r.created_at, r.id) f)`;

/**
 * A user reports a person, a job or a message. The report joins the moderators' queue; the third
 * independent open report on a job holds the job, on a recruiter holds all their jobs (out of
 * feeds and recommendations) until a moderator decides.
 */
export async function createReport(
  ctx: Ctx,
  me: SessionUser,
  v: z.output<typeof reportBody>,
  ip: string,
): Promise<{ id: string }> {
  return ctx.db.tx(async (q) => {
    let targetUserId = v.userId ?? null;
    const jobId = v.jobId ?? null;
    const messageId = v.messageId ?? null;
    if (messageId !== null) {
      // Only a message of the other member, in a room of mine.
      const [m] = await q.query<{ sender_id: string | null; mine: boolean }>(
        `SELECT m.sender_id, (r.recruiter_id = $2 OR r.seeker_id = $2) AS mine
           FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id WHERE m.id = $1`,
        [messageId, me.id],
      );
      if (!m?.mine || !m.sender_id || m.sender_id === me.id)
        throw new AppError(404, 'moderation.cannotReport');
      targetUserId = m.sender_id;
    }
    if (jobId !== null) {
      const [job] = await q.query<{ recruiter_id: string }>(
        'SELECT recruiter_id FROM jobs WHERE id = $1',
        [jobId],
      );
      if (!job) throw new AppError(404, 'moderation.cannotReport');
      if (job.recruiter_id === me.id) throw badRequest('moderation.cannotReport');
      targetUserId ??= job.recruiter_id;
    }
    if (targetUserId !== null) {
      const [u] = await q.query(
        `SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL AND user_role IN ('user', 'recruiter')`,
        [targetUserId],
      );
      if (!u || targetUserId === me.id) throw new AppError(404, 'moderation.cannotReport');
    }
    // One open report per reporter and thing: the unique index `reports_open_once` decides, so
    // two identical reports at once cannot both be stored (the second waits for the first and
    // finds it). Before the tokens: a second report of the same thing costs none.
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO reports (reporter_id, target_user_id, job_id, message_id, reason, details, reporter_network)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (reporter_id, target_user_id, job_id, message_id)
          WHERE resolved_at IS NULL AND reporter_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        me.id,
        targetUserId,
        jobId,
        messageId,
        v.reason,
        v.details,
        hashedNetwork(ctx.config.secretKey, REPORT_NETWORK, ip),
      ],
    );
    if (!row) throw conflict('moderation.alreadyReported');
    // Over the limit, the rollback takes the report away again.
    await takeFromWindows(q, reportWindows(me.id));
    await holdOnReports(q, jobId, targetUserId);
    return { id: row.id };
  });
}

// What holds a job ($1): its reports by seekers (jobs are public: any seeker may have seen it; a
// recruiter reporting another recruiter's job is a competitor, whose report the moderators read
// but which holds nothing). What holds a recruiter ($1): reports about the person or their
// messages from seekers who had a conversation with them (a room between the two); reports on one
// job hold that job, not all of theirs. Holding and releasing count the same reports.
const JOB_REPORTS = independentReportersSql(`r.job_id = $1 AND ru.user_role = 'user'`);
const PERSON_REPORTS = independentReportersSql(
  `r.target_user_id = $1 AND r.job_id IS NULL
   AND EXISTS (SELECT 1 FROM chat_rooms c WHERE c.recruiter_id = $1 AND c.seeker_id = r.reporter_id)`,
);

/**
 * Counting and then holding (or releasing) is one decision per job and per recruiter at a time:
 * three reports filed at once each counted only its own and the committed ones, and none reached
 * three. Always the job first, then the person, so two decisions never wait on each other.
 */
async function lockCounts(q: Queryable, jobId: string | null, targetUserId: string | null) {
  if (jobId) await lockKey(q, `report-count:job:${jobId}`);
  if (targetUserId) await lockKey(q, `report-count:user:${targetUserId}`);
}

/** The third independent open report holds the job, or the recruiter. */
async function holdOnReports(
  q: Queryable,
  jobId: string | null,
  targetUserId: string | null,
): Promise<void> {
  await lockCounts(q, jobId, targetUserId);
  if (jobId) {
    await q.query(
      `UPDATE jobs SET moderation_state = 'held',
              moderation_reasons = array_append(array_remove(moderation_reasons, 'reports'), 'reports')
        WHERE id = $1 AND moderation_state = 'published'
          AND ${JOB_REPORTS} >= $2`,
      [jobId, REPORTS_TO_HOLD],
    );
  }
  if (targetUserId) {
    await q.query(
      // About the person or their messages: reports on one job hold that job, not all of them.
      `UPDATE users SET held_at = now()
        WHERE id = $1 AND held_at IS NULL AND user_role = 'recruiter'
          AND ${PERSON_REPORTS} >= $2`,
      [targetUserId, REPORTS_TO_HOLD],
    );
  }
}

/**
 * After a moderator settled reports (dismissed them): a hold that reports made and that no longer
 * has three independent open reports behind it ends. Otherwise a dismissed recruiter stayed out
 * of every feed with nothing left in the queue to say so. A job held for other reasons too (the
 * scam shield's) stays held for those.
 */
export async function releaseHolds(
  q: Queryable,
  jobId: string | null,
  targetUserId: string | null,
): Promise<void> {
  await lockCounts(q, jobId, targetUserId);
  if (jobId) {
    await q.query(
      `UPDATE jobs SET moderation_reasons = array_remove(moderation_reasons, 'reports'),
              moderation_state = CASE WHEN moderation_reasons = '{reports}' THEN 'published'
                                      ELSE moderation_state END
        WHERE id = $1 AND moderation_state = 'held' AND 'reports' = ANY (moderation_reasons)
          AND ${JOB_REPORTS} < $2`,
      [jobId, REPORTS_TO_HOLD],
    );
  }
  if (targetUserId) {
    await q.query(
      `UPDATE users SET held_at = NULL
        WHERE id = $1 AND held_at IS NOT NULL
          AND ${PERSON_REPORTS} < $2`,
      [targetUserId, REPORTS_TO_HOLD],
    );
  }
}

/** The scam shield's flag on a message joins the queue like a report (no reporter). */
export async function queueFlaggedMessage(
  q: Queryable,
  messageId: number,
  senderId: string,
  codes: string[],
): Promise<void> {
  await q.query(
    `INSERT INTO reports (reporter_id, target_user_id, message_id, reason, details)
     VALUES (NULL, $1, $2, 'shield', $3)`,
    [senderId, messageId, codes.join(', ')],
  );
}
