import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import {
  CANDIDATES_KEPT,
  bestJobPerSeekerSql,
  openJobs,
  poolJobs,
  poolSql,
} from './candidate-score-sql.ts';

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

/**
 * A truncated list (full at its last refresh: its retrieval's bounds may have left seekers out)
 * that lost this share of its rows to seekers who left it (changed, deleted, paused) is
 * refreshed again, so it refills from its retrieval.
 */
const REFILL_SLACK = 0.1;

const INSERT_COLUMNS = `(recruiter_id, seeker_id, job_id, score, km, f_category, f_type, f_experience,
                         f_salary, f_profile, f_remote, f_points)`;
const SELECT_COLUMNS = `recruiter_id, user_id, best_job_id, score, km, f_category, f_type, f_experience,
                        f_salary, f_profile, f_remote, f_points`;

async function writerLock(q: Tx): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
}

// The stored order (score DESC, km ASC NULLS LAST, seeker_id) as one ascending row value, to
// compare a row with a list's last row.
const sortKey = (t: string) =>
  `ROW(-${t}.score, COALESCE(${t}.km, 'Infinity'::real), ${t}.seeker_id)`;

/**
 * Recomputes one recruiter's rows when their open jobs changed since the last refresh: the seekers
 * retrieved through the indexes (poolSql, decision 025) are scored, the best `keep` stored.
 * Returns false when there was nothing to do (fresh already, e.g. another instance just did it).
 */
export async function refreshRecruiter(
  db: Db,
  recruiterId: string,
  keep = CANDIDATES_KEPT,
): Promise<boolean> {
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
    let kept = 0;
    if (jobs.ids.length > 0) {
      const pool = poolSql(await poolJobs(q, recruiterId));
      // Rejected seekers take no place in the list (a later rejection is filtered at read time).
      const [counts] = await q.query<{ kept: number }>(
        `WITH b AS (
           SELECT * FROM (${bestJobPerSeekerSql({ jobIds: '$1', words: '$2', oneRecruiter: true, pool })}) b
            WHERE score > 0 AND NOT EXISTS (SELECT 1 FROM chat_rooms r
                    WHERE r.recruiter_id = $3 AND r.seeker_id = b.user_id AND r.status = 'rejected')),
         ins AS (
           INSERT INTO candidate_scores ${INSERT_COLUMNS}
           SELECT ${SELECT_COLUMNS} FROM b ORDER BY score DESC, km ASC NULLS LAST, user_id LIMIT $4
           RETURNING 1)
         SELECT count(*)::int AS kept FROM ins`,
        [jobs.ids, jobs.words, recruiterId, keep],
      );
      kept = counts!.kept;
    }
    // A full list is treated as cut (its retrieval's bounds may have left seekers out).
    await q.query(
      `UPDATE candidate_score_state SET scored_rev = $2, kept = $3::int, truncated = $3::int >= $4::int
        WHERE recruiter_id = $1`,
      [recruiterId, state.jobs_rev, kept, keep],
    );
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
  options: { limit?: number; keep?: number; beforeDequeue?: (q: Tx) => Promise<unknown> } = {},
): Promise<number> {
  const keep = options.keep ?? CANDIDATES_KEPT;
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
    // Each recruiter's list keeps its length in candidate_score_state.kept (decision 025). The
    // lists the batch's seekers leave answer their last row as it was before (one statement, one
    // snapshot): a seeker who was that last row and still scores the same keeps their place.
    const floors = await q.query<{
      recruiter_id: string;
      score: number;
      km: string | null;
      seeker_id: string;
    }>(
      `WITH gone AS (DELETE FROM candidate_scores WHERE seeker_id = ANY($1::uuid[]) RETURNING recruiter_id),
       g AS (SELECT recruiter_id, count(*)::int AS n FROM gone GROUP BY recruiter_id),
       upd AS (UPDATE candidate_score_state st SET kept = st.kept - g.n FROM g WHERE st.recruiter_id = g.recruiter_id)
       SELECT g.recruiter_id, l.score, l.km::text AS km, l.seeker_id
         FROM g CROSS JOIN LATERAL (
           SELECT score, km, seeker_id FROM candidate_scores x WHERE x.recruiter_id = g.recruiter_id
            ORDER BY score ASC, km DESC NULLS FIRST, seeker_id DESC LIMIT 1) l`,
      [ids],
    );
    if (jobs.ids.length > 0) {
      // A seeker enters a list that holds everything its retrieval found, or one whose last row
      // they do not rank below (the last row: one backward step of the page index).
      await q.query(
        `WITH was AS (
           SELECT * FROM unnest($4::uuid[], $5::smallint[], $6::real[], $7::uuid[]) AS w(recruiter_id, score, km, seeker_id)),
         b AS (
           SELECT ${SELECT_COLUMNS}
             FROM (${bestJobPerSeekerSql({
               jobIds: '$1',
               words: '$2',
               oneRecruiter: false,
               seekerFilter: 's.user_id = ANY($3::uuid[])',
             })}) b
            WHERE score > 0),
         ins AS (
           INSERT INTO candidate_scores ${INSERT_COLUMNS}
           SELECT b.* FROM b
             JOIN candidate_score_state st ON st.recruiter_id = b.recruiter_id
             LEFT JOIN was ON was.recruiter_id = b.recruiter_id
             LEFT JOIN LATERAL (
               SELECT was.score, was.km, was.seeker_id WHERE was.recruiter_id IS NOT NULL
               UNION ALL
               (SELECT l.score, l.km, l.seeker_id FROM candidate_scores l
                 WHERE l.recruiter_id = b.recruiter_id AND was.recruiter_id IS NULL
                 ORDER BY l.score ASC, l.km DESC NULLS FIRST, l.seeker_id DESC LIMIT 1)) last ON true
            WHERE NOT st.truncated OR last.seeker_id IS NULL
               OR ROW(-b.score, COALESCE(b.km, 'Infinity'::real), b.user_id) <= ${sortKey('last')}
           RETURNING recruiter_id)
         UPDATE candidate_score_state st SET kept = st.kept + i.n
           FROM (SELECT recruiter_id, count(*)::int AS n FROM ins GROUP BY recruiter_id) i
          WHERE st.recruiter_id = i.recruiter_id`,
        [
          jobs.ids,
          jobs.words,
          ids,
          floors.map((f) => f.recruiter_id),
          floors.map((f) => f.score),
          floors.map((f) => f.km),
          floors.map((f) => f.seeker_id),
        ],
      );
      // Lists now longer than `keep` lose their last rows and are truncated from now on.
      await q.query(
        `WITH over AS (SELECT recruiter_id, kept - $1 AS excess FROM candidate_score_state WHERE kept > $1),
         cut AS (
           DELETE FROM candidate_scores cs
            USING over CROSS JOIN LATERAL (
              SELECT l.seeker_id FROM candidate_scores l WHERE l.recruiter_id = over.recruiter_id
               ORDER BY l.score ASC, l.km DESC NULLS FIRST, l.seeker_id DESC LIMIT over.excess) x
            WHERE cs.recruiter_id = over.recruiter_id AND cs.seeker_id = x.seeker_id
           RETURNING cs.recruiter_id)
         UPDATE candidate_score_state st SET kept = st.kept - c.n, truncated = true
           FROM (SELECT recruiter_id, count(*)::int AS n FROM cut GROUP BY recruiter_id) c
          WHERE st.recruiter_id = c.recruiter_id`,
        [keep],
      );
    }
    // A truncated list that lost too many rows is refreshed (it refills from its retrieval); its
    // current rows are served meanwhile.
    await q.query(
      `UPDATE candidate_score_state SET jobs_rev = jobs_rev + 1
        WHERE truncated AND kept < $1 AND scored_rev = jobs_rev`,
      [Math.floor(keep * (1 - REFILL_SLACK))],
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
