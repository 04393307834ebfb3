import { NOTIFICATIONS } from '#shared/limits.ts';
import type { Db, Queryable } from '../../db/client.ts';

// The durable notification queue (decision 016): one table, claimed with FOR UPDATE SKIP LOCKED so
// any number of workers on any number of instances share it without taking a job twice. Every
// time comes from the caller (the worker's clock), so tests move time instead of sleeping.

export type JobKind = 'message' | 'sms';

export interface Job {
  id: number;
  kind: JobKind;
  payload: Record<string, unknown>;
  /** Claims so far, this one included. */
  attempts: number;
  /** The worker holding it: completions are guarded by it, so a lost lease changes nothing. */
  lockedBy: string;
}

const iso = (d: Date) => d.toISOString();

/**
 * Adds a job. With a dedupe key, a second pending job under the same key is not added (false).
 * Runs on whatever it is given: inside a transaction, it commits with the rest of it.
 */
export async function enqueue(
  q: Queryable,
  job: { kind: JobKind; payload: Record<string, unknown>; runAt?: Date; dedupeKey?: string },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO notification_jobs (kind, payload, run_at, dedupe_key)
     VALUES ($1, $2::jsonb, COALESCE($3::timestamptz, now()), $4)
     ON CONFLICT (dedupe_key) WHERE state = 'pending' AND dedupe_key IS NOT NULL DO NOTHING
     RETURNING id`,
    [
      job.kind,
      JSON.stringify(job.payload),
      job.runAt ? iso(job.runAt) : null,
      job.dedupeKey ?? null,
    ],
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` due jobs for `worker` until `now + leaseMs`: pending, run_at reached, and
 * not held by a live lease. A worker that dies holding a job lets it go when the lease ends.
 */
export async function claim(
  db: Db,
  worker: string,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Job[]> {
  const rows = await db.query<{
    id: number;
    kind: JobKind;
    payload: Record<string, unknown> | string;
    attempts: number;
  }>(
    // The clock has milliseconds, the database microseconds: a job stamped by now() within the
    // current millisecond is due.
    `WITH due AS (
       SELECT id FROM notification_jobs
        WHERE state = 'pending' AND run_at < $1::timestamptz + interval '1 millisecond'
          AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
        ORDER BY run_at, id
        LIMIT $2
        FOR UPDATE SKIP LOCKED)
     UPDATE notification_jobs j
        SET locked_until = $1::timestamptz + make_interval(secs => $3), locked_by = $4,
            attempts = j.attempts + 1
       FROM due WHERE j.id = due.id
     RETURNING j.id, j.kind, j.payload, j.attempts`,
    [iso(now), limit, leaseMs / 1000, worker],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    attempts: r.attempts,
    lockedBy: worker,
  }));
}

// Every change of a claimed job names the claim (worker and attempt): after a lost lease another
// worker owns the job, and this one's late answer must not overwrite the other's.
const OWNED = `id = $1 AND locked_by = $2 AND attempts = $3 AND state = 'pending'`;
const owner = (job: Job) => [job.id, job.lockedBy, job.attempts];

/** Done for good. False when the claim was lost meanwhile. */
export async function complete(q: Queryable, job: Job, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE notification_jobs SET state = 'done', finished_at = $4::timestamptz, locked_until = NULL
      WHERE ${OWNED} RETURNING id`,
    [...owner(job), iso(now)],
  );
  return rows.length > 0;
}

/** Not a failure: the job is due again at `runAt` (the claim does not count as an attempt). */
export async function reschedule(q: Queryable, job: Job, runAt: Date): Promise<void> {
  await q.query(
    `UPDATE notification_jobs
        SET run_at = $4::timestamptz, attempts = attempts - 1, locked_until = NULL, locked_by = NULL
      WHERE ${OWNED}`,
    [...owner(job), iso(runAt)],
  );
}

/** The wait before attempt `attempts + 1` after `attempts` failed ones: 30 s, 1, 2, 4... min, ≤ 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(NOTIFICATIONS.retryBaseMs * 2 ** (attempts - 1), NOTIFICATIONS.retryMaxMs);
}

/**
 * A failed attempt: due again after the backoff (or `notBefore`, a push service's Retry-After,
 * when later), with what is left to do in `payload`; failed for good after the last attempt.
 * Returns whether it will be tried again.
 */
export async function retry(
  q: Queryable,
  job: Job,
  now: Date,
  error: string,
  opts: { payload?: Record<string, unknown>; notBefore?: Date } = {},
): Promise<boolean> {
  if (job.attempts >= NOTIFICATIONS.maxAttempts) {
    await fail(q, job, now, error);
    return false;
  }
  const backoff = new Date(now.getTime() + backoffMs(job.attempts));
  const runAt = opts.notBefore && opts.notBefore > backoff ? opts.notBefore : backoff;
  await q.query(
    `UPDATE notification_jobs
        SET run_at = $4::timestamptz, last_error = $5, payload = COALESCE($6::jsonb, payload),
            locked_until = NULL, locked_by = NULL
      WHERE ${OWNED}`,
    [
      ...owner(job),
      iso(runAt),
      error.slice(0, 500),
      opts.payload ? JSON.stringify(opts.payload) : null,
    ],
  );
  return true;
}

export async function fail(q: Queryable, job: Job, now: Date, error: string): Promise<void> {
  await q.query(
    `UPDATE notification_jobs
        SET state = 'failed', finished_at = $4::timestamptz, last_error = $5, locked_until = NULL
      WHERE ${OWNED}`,
    [...owner(job), iso(now), error.slice(0, 500)],
  );
}

/** Pending jobs due now and scheduled for later (the job_queue_depth gauge). */
export async function queueDepth(db: Db, now: Date): Promise<{ due: number; scheduled: number }> {
  const [row] = await db.query<{ due: number; scheduled: number }>(
    `SELECT count(*) FILTER (WHERE run_at <= $1::timestamptz)::int AS due,
            count(*) FILTER (WHERE run_at > $1::timestamptz)::int AS scheduled
       FROM notification_jobs WHERE state = 'pending'`,
    [iso(now)],
  );
  return { due: row?.due ?? 0, scheduled: row?.scheduled ?? 0 };
}

/** Forgets finished jobs (done after 2 days, failed after 14) and SMS records after 30 days. */
export async function pruneJobs(db: Db, now: Date): Promise<void> {
  await db.query(
    `DELETE FROM notification_jobs
      WHERE state <> 'pending'
        AND finished_at < $1::timestamptz - CASE WHEN state = 'done' THEN interval '2 days'
                                                  ELSE interval '14 days' END`,
    [iso(now)],
  );
  await db.query(`DELETE FROM sms_notices WHERE sent_at < $1::timestamptz - interval '30 days'`, [
    iso(now),
  ]);
}
