import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { bestJobPerSeekerSql, openJobs } from './candidate-score-sql.ts';

// Precomputed recommended candidates (decision 008). Triggers (migration 006) record what changed:
// a recruiter's open jobs (candidate_score_state.jobs_rev) or a seeker (candidate_score_dirty).
// This worker turns those records into fresh candidate_scores rows, with the same scoring SQL as
// the live query.

/**
 * Serialises every writer of candidate_scores, on every instance: a refresh computed from an
 * older snapshot can never overwrite a newer one. Taken inside the transaction before anything is
 * read; in READ COMMITTED the next statement sees everything committed before the lock was granted.
 */
const WRITER_LOCK = 727_006;
/**
 * Seekers recomputed per transaction: each is scored against every open job, so the batch is
 * sized to about this many (seeker, job) pairs, which keeps each hold of the writer lock short.
 */
const PAIRS_PER_BATCH = 200_000;
const MIN_BATCH = 20;
const MAX_BATCH = 5_000;
const SEEKER_BATCHES_PER_ROUND = 10;
/** Safety net: other instances' changes, a crash between a write and its nudge. */
const POLL_MS = 5_000;
/** A burst of writes becomes one drain. */
const NUDGE_DELAY_MS = 25;

const INSERT_COLUMNS = `(recruiter_id, seeker_id, job_id, score, km, f_category, f_type, f_experience,
                         f_salary, f_profile, f_remote, f_points)`;
const SELECT_COLUMNS = `recruiter_id, user_id, best_job_id, score, km, f_category, f_type, f_experience,
                        f_salary, f_profile, f_remote, f_points`;

async function writerLock(q: Tx): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
}

/**
 * Recomputes one recruiter's rows when their open jobs changed since the last refresh. Returns
 * false when there was nothing to do (fresh already, e.g. another instance just did it).
 */
export async function refreshRecruiter(db: Db, recruiterId: string): Promise<boolean> {
  return db.tx(async (q) => {
    await writerLock(q);
    // The revision first: a job change committed after this read bumps jobs_rev past what is
    // recorded below, so the recruiter stays stale and is refreshed again.
    const [state] = await q.query<{ jobs_rev: number; scored_rev: number; gone: boolean }>(
      `SELECT jobs_rev, scored_rev, NOT EXISTS (SELECT 1 FROM users WHERE id = $1) AS gone
         FROM candidate_score_state WHERE recruiter_id = $1`,
      [recruiterId],
    );
    if (!state || state.jobs_rev === state.scored_rev) return false;
    await q.query('DELETE FROM candidate_scores WHERE recruiter_id = $1', [recruiterId]);
    if (state.gone) {
      await q.query('DELETE FROM candidate_score_state WHERE recruiter_id = $1', [recruiterId]);
      return true;
    }
    const jobs = await openJobs(q, recruiterId);
    if (jobs.ids.length > 0)
      await q.query(
        `INSERT INTO candidate_scores ${INSERT_COLUMNS}
         SELECT ${SELECT_COLUMNS} FROM (${bestJobPerSeekerSql({ jobIds: '$1', words: '$2', oneRecruiter: true })}) b
          WHERE score > 0`,
        [jobs.ids, jobs.words],
      );
    await q.query('UPDATE candidate_score_state SET scored_rev = $2 WHERE recruiter_id = $1', [
      recruiterId,
      state.jobs_rev,
    ]);
    return true;
  });
}

/**
 * Recomputes the rows of a batch of queued seekers, for every recruiter with open jobs, and takes
 * them off the queue, only at the revision read: a seeker marked again meanwhile stays queued.
 * Returns how many seekers were taken. `beforeDequeue` is a test seam.
 */
export async function refreshSeekers(
  db: Db,
  options: { limit?: number; beforeDequeue?: (q: Tx) => Promise<unknown> } = {},
): Promise<number> {
  return db.tx(async (q) => {
    await writerLock(q);
    const jobs = await openJobs(q, null);
    const limit =
      options.limit ??
      Math.min(
        MAX_BATCH,
        Math.max(MIN_BATCH, Math.floor(PAIRS_PER_BATCH / Math.max(1, jobs.ids.length))),
      );
    const batch = await q.query<{ seeker_id: string; rev: number }>(
      'SELECT seeker_id, rev FROM candidate_score_dirty ORDER BY rev LIMIT $1',
      [limit],
    );
    if (batch.length === 0) return 0;
    const ids = batch.map((b) => b.seeker_id);
    await q.query('DELETE FROM candidate_scores WHERE seeker_id = ANY($1::uuid[])', [ids]);
    if (jobs.ids.length > 0)
      await q.query(
        `INSERT INTO candidate_scores ${INSERT_COLUMNS}
         SELECT ${SELECT_COLUMNS}
           FROM (${bestJobPerSeekerSql({
             jobIds: '$1',
             words: '$2',
             oneRecruiter: false,
             seekerFilter: 's.user_id = ANY($3::uuid[])',
           })}) b
          WHERE score > 0`,
        [jobs.ids, jobs.words, ids],
      );
    await options.beforeDequeue?.(q);
    await q.query(
      `DELETE FROM candidate_score_dirty d USING unnest($1::uuid[], $2::bigint[]) AS t(id, rev)
        WHERE d.seeker_id = t.id AND d.rev = t.rev`,
      [ids, batch.map((b) => b.rev)],
    );
    return batch.length;
  });
}

/** The refresh queue's depth (for GET /metrics): seekers queued and recruiters stale. */
export async function candidateScoreQueueDepth(
  db: Db,
): Promise<{ seekers: number; recruiters: number }> {
  const [row] = await db.query<{ seekers: number; recruiters: number }>(
    `SELECT (SELECT count(*) FROM candidate_score_dirty)::int AS seekers,
            (SELECT count(*) FROM candidate_score_state WHERE scored_rev <> jobs_rev)::int AS recruiters`,
  );
  return { seekers: row?.seekers ?? 0, recruiters: row?.recruiters ?? 0 };
}

export interface CandidateScores {
  /** Refreshes every stale recruiter, then every queued seeker; resolves when none is left. */
  drain(): Promise<void>;
  /** Schedules a drain soon (a burst of calls is one drain); errors are logged. */
  nudge(): void;
  /** Turns the automatic refreshes (nudges and the poll) on or off; drain() always works. */
  setAuto(on: boolean): void;
  /** Stops the timers and waits for a running drain. */
  close(): Promise<void>;
}

export function createCandidateScores(db: Db, log: FastifyBaseLogger): CandidateScores {
  let auto = true;
  let closed = false;
  let nudgeTimer: NodeJS.Timeout | null = null;
  // One drain at a time in this process: `running` is the drain in progress, `queued` the one that
  // will start after it (every caller arriving meanwhile shares it: it will see their changes).
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  async function drainOnce(): Promise<void> {
    for (;;) {
      if (closed) return;
      let worked = false;
      const stale = await db.query<{ recruiter_id: string }>(
        'SELECT recruiter_id FROM candidate_score_state WHERE scored_rev <> jobs_rev ORDER BY recruiter_id',
      );
      for (const { recruiter_id } of stale) {
        if (closed) return;
        const started = performance.now();
        if (await refreshRecruiter(db, recruiter_id)) {
          worked = true;
          log.debug(
            { recruiterId: recruiter_id, ms: Math.round(performance.now() - started) },
            'candidate scores: recruiter refreshed',
          );
        }
      }
      // A bounded number of seeker batches per round, so stale recruiters (whose pages are slow
      // meanwhile) are looked at again even while seekers keep changing.
      for (let round = 0; round < SEEKER_BATCHES_PER_ROUND; round++) {
        if (closed) return;
        // Cheap check first: a batch reads every open job.
        const [dirty] = await db.query('SELECT 1 FROM candidate_score_dirty LIMIT 1');
        if (!dirty) break;
        const n = await refreshSeekers(db);
        if (n === 0) break;
        worked = true;
      }
      if (!worked) return;
    }
  }

  function drain(): Promise<void> {
    if (queued) return queued;
    const start = (): Promise<void> => {
      queued = null;
      running = drainOnce().finally(() => {
        running = null;
      });
      return running;
    };
    if (!running) return start();
    queued = running.catch(() => {}).then(start);
    return queued;
  }

  function nudge(): void {
    if (!auto || closed || nudgeTimer) return;
    nudgeTimer = setTimeout(() => {
      nudgeTimer = null;
      drain().catch((err: unknown) => log.error({ err }, 'candidate scores: refresh failed'));
    }, NUDGE_DELAY_MS);
    nudgeTimer.unref();
  }

  const poll = setInterval(nudge, POLL_MS);
  poll.unref();
  nudge(); // whatever was left stale (a restart, migration 006 on existing data)

  return {
    drain,
    nudge,
    setAuto(on) {
      auto = on;
      if (!on && nudgeTimer) {
        clearTimeout(nudgeTimer);
        nudgeTimer = null;
      }
    },
    async close() {
      closed = true;
      clearInterval(poll);
      if (nudgeTimer) clearTimeout(nudgeTimer);
      nudgeTimer = null;
      await Promise.allSettled([running, queued]);
    },
  };
}
