import type { Queryable } from '../../db/client.ts';
import {
  CANDIDATE_WEIGHTS as W,
  DISTANCE_BANDS,
  LEVEL_FOR_EXPERIENCE,
  REMOTE_SHARE,
  SALARY_BUCKETS,
  titleWords,
} from '#shared/matching.ts';
import { cityBands } from './city-bands.ts';
import { haversineSql } from './score-sql.ts';

// The one SQL that scores seekers against recruiters' open jobs (shared/matching.ts
// CANDIDATE_WEIGHTS). The live query (candidates.repo.ts) and the precomputed scores
// (candidate-scores.ts) both run it, so a page read from candidate_scores is exactly the page the
// live query would give.

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
const JOB_LEVELS = ['entry', '1_3', '3_5', '5_plus', 'senior'];
// Job level → the seeker experience ranges that fit it (the reverse of LEVEL_FOR_EXPERIENCE).
const experiencesFor = (level: string) =>
  Object.entries(LEVEL_FOR_EXPERIENCE)
    .filter(([, levels]) => levels.includes(level))
    .map(([exp]) => exp);
const experiencesSql = (j: string) =>
  `CASE ${j}.level ${JOB_LEVELS.map(
    (l) => `WHEN ${quote(l)} THEN ARRAY[${experiencesFor(l).map(quote).join(', ')}]::text[]`,
  ).join(' ')} ELSE ARRAY[]::text[] END`;
// Salary buckets a job's min..max overlaps (the same rule as salaryOverlaps).
const bucketsSql = (j: string) =>
  `array_remove(ARRAY[${Object.entries(SALARY_BUCKETS)
    .map(
      ([code, [lo, hi]]) =>
        `CASE WHEN (${j}.min_salary IS NOT NULL OR ${j}.max_salary IS NOT NULL) AND COALESCE(${j}.max_salary, ${j}.min_salary) >= ${lo}${hi === null ? '' : ` AND COALESCE(${j}.min_salary, 0) <= ${hi}`} THEN ${quote(code)} END`,
    )
    .join(', ')}], NULL)`;
const pointsSql = (km: string) =>
  `CASE ${DISTANCE_BANDS.map((b) => `WHEN ${km} <= ${b.maxKm} THEN ${Math.round(W.distance * b.share)}`).join(' ')} ELSE 0 END`;

/** Open jobs to score, with each title's words as an OR query (built here so odd characters never reach to_tsquery). */
export interface ScoringJobs {
  ids: string[];
  words: (string | null)[];
}

/** One recruiter's open jobs, or (recruiterId null) every open job. */
export async function openJobs(q: Queryable, recruiterId: string | null): Promise<ScoringJobs> {
  const rows = await q.query<{ id: string; title: string }>(
    recruiterId === null
      ? `SELECT id, title FROM jobs WHERE status = 'open' AND moderation_state = 'published'`
      : `SELECT id, title FROM jobs WHERE recruiter_id = $1 AND status = 'open' AND moderation_state = 'published'`,
    recruiterId === null ? [] : [recruiterId],
  );
  return {
    ids: rows.map((r) => r.id),
    words: rows.map((r) => titleWords(r.title).join(' | ') || null),
  };
}

// ------------------------------------------------------------ retrieval (decision 025)

/**
 * Each recruiter keeps (and the API shows) their best this many candidates: 100 pages of 20. The
 * table holds at most recruiters x CANDIDATES_KEPT rows, whatever the number of seekers.
 */
export const CANDIDATES_KEPT = 2_000;
/**
 * Seekers read per retrieval branch of one job (below): what bounds a recruiter's refresh, however
 * many seekers there are. A job reads at most 5 x this many index entries. As many as a list
 * keeps, so one branch alone (a remote job's category) can fill it.
 */
export const BRANCH_CAP = CANDIDATES_KEPT;
/**
 * The bound of a first list's live computation (a recruiter's first job, before the worker's
 * first refresh, which uses BRANCH_CAP): the same branches, fewer seekers each, so the page
 * answers in tens of milliseconds at 500,000 seekers. The same list wherever no branch holds
 * more (every test, every small place); otherwise its pages are the best of fewer seekers until
 * the refresh commits, a moment later.
 */
export const FIRST_LIST_CAP = 400;

/** A recruiter's open jobs with what retrieval needs: category, fitting experiences, area. */
export interface PoolJob {
  category: string;
  experiences: string[];
  /** The cities within the last distance band of the job's city, nearest first; none when remote. */
  near: number[];
}

export async function poolJobs(q: Queryable, recruiterId: string): Promise<PoolJob[]> {
  const rows = await q.query<{ job_category: string; level: string; city_id: number | null }>(
    `SELECT job_category, level, city_id FROM jobs
      WHERE recruiter_id = $1 AND status = 'open' AND moderation_state = 'published'
      ORDER BY created_at, id`,
    [recruiterId],
  );
  const jobs: PoolJob[] = [];
  for (const r of rows)
    jobs.push({
      category: r.job_category,
      experiences: experiencesFor(r.level),
      near: (await cityBands(q, r.city_id)).near,
    });
  return jobs;
}

/**
 * The seekers worth scoring for a recruiter (decision 025), read from indexes instead of a scan
 * of every seeker: per open job, five bounded branches, each the most recently updated seekers
 * first (area branches: nearest city first, then most recent):
 *   category and fitting experience · category in the area · fitting experience in the area ·
 *   the category · the area.
 * The pairs come first in importance (a seeker matching two of category, experience and area
 * outscores one matching one), the singles make the list exact while a branch holds fewer than
 * BRANCH_CAP seekers. Everything here is a literal: codes from the jobs table (CHECK-constrained),
 * experience codes of shared/matching.ts and integer city ids, all quoted or numeric.
 * Returns SQL yielding `user_id` (with duplicates; eligibility is checked by the scoring SQL).
 */
export function poolSql(jobs: PoolJob[], cap = BRANCH_CAP): string {
  const branches: string[] = [];
  const recent = (where: string) =>
    `SELECT s.user_id, s.updated_at FROM seeker_profiles s WHERE ${where} ORDER BY s.updated_at DESC, s.user_id LIMIT ${cap}`;
  const seen = new Set<string>();
  const add = (key: string, sql: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    branches.push(`(${sql})`);
  };
  for (const j of jobs) {
    const cat = quote(j.category);
    const exps = `ARRAY[${j.experiences.map(quote).join(', ')}]::text[]`;
    const near = `ARRAY[${j.near.map((c) => Math.trunc(c)).join(', ')}]::int[]`;
    // Nearest city first: a nested loop over the cities in order, stopped by the LIMIT.
    const area = (where: string) =>
      `SELECT a.user_id FROM unnest(${near}) WITH ORDINALITY c(id, n)
         CROSS JOIN LATERAL (${recent(`s.city_id = c.id AND ${where}`)}) a LIMIT ${cap}`;
    add(`c:${j.category}`, `SELECT user_id FROM (${recent(`s.job_category = ${cat}`)}) x`);
    if (j.experiences.length > 0)
      add(
        `ce:${j.category}:${j.experiences.join()}`,
        `SELECT e.user_id FROM unnest(${exps}) x(exp)
           CROSS JOIN LATERAL (${recent(`s.job_category = ${cat} AND s.experience_range = x.exp`)}) e
          ORDER BY e.updated_at DESC, e.user_id LIMIT ${cap}`,
      );
    if (j.near.length > 0) {
      const where = j.near.join();
      add(`a:${where}`, area('true'));
      add(`ca:${j.category}:${where}`, area(`s.job_category = ${cat}`));
      if (j.experiences.length > 0)
        add(`ea:${j.experiences.join()}:${where}`, area(`s.experience_range = ANY(${exps})`));
    }
  }
  return branches.length === 0
    ? 'SELECT NULL::uuid AS user_id WHERE false'
    : branches.join('\n UNION ALL ');
}

/**
 * One row per (eligible seeker, recruiter): the recruiter's open job among `jobs` that fits the
 * seeker best (score, then nearest, then job id), with the score and the flags behind it computed
 * in the same row, so they cannot disagree. Eligible: an onboarded, not deleted seeker. A job
 * counts for a seeker only when it is of their category or in their area (the job earns distance
 * points; a remote job: its category only), as the feed's main section (decision 025).
 *
 * `jobIds`/`words` are the placeholders of a ScoringJobs' arrays; `oneRecruiter` says they are
 * all one recruiter's (the pick is then a top-1, cheaper than DISTINCT ON; same order, same
 * result); `seekerFilter` narrows the seekers (alias `s`, seeker_profiles); `pool` (SQL yielding
 * `user_id`, duplicates allowed) names the only seekers to score. Columns:
 * recruiter_id, user_id, best_job_id, best_job_title, km (real: the precision stored in
 * candidate_scores, so ties sort the same on both paths), f_category, f_type, f_experience,
 * f_salary, f_profile, f_remote, f_points, score.
 */
export function bestJobPerSeekerSql(p: {
  jobIds: string;
  words: string;
  oneRecruiter: boolean;
  seekerFilter?: string;
  pool?: string;
  /** Leave out suspended and held seekers here (the live query; stored lists filter on read). */
  goodStanding?: boolean;
}): string {
  const remotePoints = Math.round(W.distance * REMOTE_SHARE);
  const pickOrder = 'score DESC, f.km ASC NULLS LAST, jb.id';
  return `
    WITH city_km AS MATERIALIZED (
       -- Distance from each job city to every city, indexed by city id: computed once per city,
       -- then one array subscript per seeker instead of any trigonometry or join.
       SELECT jc.id AS city_id,
              (SELECT array_agg(${haversineSql('jc.lat', 'jc.lon', 'c.lat', 'c.lon')} ORDER BY g)
                 FROM generate_series(1, (SELECT max(id) FROM cities)) g LEFT JOIN cities c ON c.id = g) AS km_by_city
         FROM cities jc
        WHERE jc.id IN (SELECT city_id FROM jobs WHERE id = ANY(${p.jobIds}::uuid[]))),${
          p.pool === undefined
            ? ''
            : `
     pool AS MATERIALIZED (SELECT DISTINCT user_id FROM (${p.pool}) p),`
        }
     jb AS MATERIALIZED (
       SELECT j.id, j.recruiter_id, j.title, j.job_category, j.type, j.city_id IS NULL AS remote,
              ${experiencesSql('j')} AS experiences,
              ${bucketsSql('j')} AS buckets,
              CASE WHEN q.words IS NULL THEN NULL ELSE to_tsquery('english', q.words) END AS words,
              ck.km_by_city
         FROM jobs j
         JOIN unnest(${p.jobIds}::uuid[], ${p.words}::text[]) AS q(id, words) ON q.id = j.id
         LEFT JOIN city_km ck ON ck.city_id = j.city_id
        WHERE j.status = 'open')
     SELECT b.recruiter_id, s.user_id, b.best_job_id, b.best_job_title, b.km, b.f_category, b.f_type,
            b.f_experience, b.f_salary, b.f_profile, b.f_remote, b.f_points, b.score
       FROM ${p.pool === undefined ? '' : 'pool JOIN '}seeker_profiles s${p.pool === undefined ? '' : ' ON s.user_id = pool.user_id'}
       JOIN users u ON u.id = s.user_id AND u.user_role = 'user' AND u.is_onboarded AND u.deleted_at IS NULL${
         p.goodStanding ? ' AND u.suspended_at IS NULL AND u.held_at IS NULL' : ''
       }
       CROSS JOIN LATERAL (
         SELECT ${p.oneRecruiter ? '' : 'DISTINCT ON (jb.recruiter_id)'}
                jb.recruiter_id, jb.id AS best_job_id, jb.title AS best_job_title, f.km::real AS km,
                f.f_category, f.f_type, f.f_experience, f.f_salary, f.f_profile, jb.remote AS f_remote, f.f_points,
                (CASE WHEN f.f_category THEN ${W.category} ELSE 0 END
                 + CASE WHEN f.f_type THEN ${W.jobType} ELSE 0 END
                 + CASE WHEN f.f_experience THEN ${W.experience} ELSE 0 END
                 + CASE WHEN f.f_salary THEN ${W.salary} ELSE 0 END
                 + CASE WHEN f.f_profile THEN ${W.profile} ELSE 0 END
                 + f.f_points) AS score
           FROM jb CROSS JOIN LATERAL (
             SELECT k.km,
                    COALESCE(s.job_category = jb.job_category, false) AS f_category,
                    COALESCE(s.job_type = jb.type, false) AS f_type,
                    COALESCE(s.experience_range = ANY(jb.experiences), false) AS f_experience,
                    COALESCE(s.salary_range = ANY(jb.buckets), false) AS f_salary,
                    COALESCE(s.profile_tsv @@ jb.words, false) AS f_profile,
                    CASE WHEN jb.remote THEN ${remotePoints} ELSE COALESCE(${pointsSql('k.km')}, 0) END AS f_points
               FROM (SELECT jb.km_by_city[s.city_id] AS km) k) f
          WHERE f.f_category OR (NOT jb.remote AND f.f_points > 0)
          ORDER BY ${p.oneRecruiter ? `${pickOrder} LIMIT 1` : `jb.recruiter_id, ${pickOrder}`}) b
      WHERE ${p.seekerFilter ?? 'true'}`;
}
