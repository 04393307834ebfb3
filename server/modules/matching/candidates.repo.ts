import type { Queryable } from '../../db/client.ts';
import type { CandidateReason, CandidateView } from '#shared/schemas/matching.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import {
  BRANCH_CAP,
  CANDIDATES_KEPT,
  bestJobPerSeekerSql,
  openJobs,
  poolJobs,
  poolSql,
} from './candidate-score-sql.ts';
import { noBlockSql } from '../moderation/visibility.ts';

/** A candidate as the repo finds it; presence is added by the route. */
export type Candidate = Omit<CandidateView, 'isOnline'>;

/** A candidate's place in the page order, exactly as sorted: score, km (null last), user id. */
export type CandidateKey = [score: number, km: number | null, userId: string];

// Each candidate read, with its exact sort key (its km unrounded, as the statement sorted it):
// the route makes the next page's cursor from the last one's. Beside the candidate, not in it:
// a candidate is what the answer shows.
const sortKeys = new WeakMap<Candidate, CandidateKey>();
export const sortKeyOf = (c: Candidate): CandidateKey | undefined => sortKeys.get(c);

/**
 * Rows after a key in the page order (score desc, km asc nulls last, id asc), over columns
 * `score`, `km` and `id`; parameters `$s` (null: from the start), `$k` (null: a key without a
 * distance), `$u`. Pages read after the last row shown neither repeat nor skip a candidate when
 * others join or leave the list meanwhile (an offset shifted by them).
 */
const afterKeySql = (score: string, km: string, id: string, $s: string, $k: string, $u: string) =>
  `(${$s}::int IS NULL OR ${score} < ${$s}::int OR (${score} = ${$s}::int AND (
     COALESCE(${km}::float8, 'Infinity') > COALESCE(${$k}::float8, 'Infinity')
     OR (COALESCE(${km}::float8, 'Infinity') = COALESCE(${$k}::float8, 'Infinity') AND ${id} > ${$u}::uuid))))`;

// The page order, on both paths: score, then nearest, then user id (pages never repeat or skip).
// Left out at read time, so they never wait for a refresh: seekers this recruiter rejected, a
// block either way, and suspended or held seekers (the rule of inGoodStandingSql, read from the
// seeker's users row that both paths join anyway: as a NOT EXISTS it became an anti-join over a
// scan of every user, 4 ms at 50,000 users).
const REJECTED = (seeker: string) =>
  `NOT EXISTS (SELECT 1 FROM chat_rooms r WHERE r.recruiter_id = $1 AND r.seeker_id = ${seeker} AND r.status = 'rejected')
   AND ${noBlockSql('$1', seeker)}`;
const IN_GOOD_STANDING = (u: string) => `${u}.suspended_at IS NULL AND ${u}.held_at IS NULL`;
// The card's fields, joined to a page's rows only (never to the rows skipped by the offset).
const CARD_COLUMNS = `s.full_name, s.profile_image, s.job_title, s.company_name, s.degree, s.college_name,
       s.college_start_year, s.college_end_year, s.job_type, s.experience_range, s.work_experience,
       s.salary_range, c.id AS c_id, c.name AS c_name, c.state AS c_state`;

/**
 * Recommended candidates for a recruiter (the spec's match_candidates_by_recruiter_full_profile),
 * computed live: the seekers retrieved for the recruiter's open jobs (poolSql: category, area and
 * experience indexes, bounded per branch; decision 025), onboarded, not deleted, not
 * rejected-by-this-recruiter, scored against each open job of the recruiter; the best job per
 * seeker wins; the best `keep` are the list. The refresh stores exactly this list; the route
 * computes it live only for a recruiter who has never had one (a first job), with the smaller
 * `cap` FIRST_LIST_CAP per retrieval branch.
 */
export async function recommendCandidates(
  q: Queryable,
  recruiterId: string,
  limit: number,
  offset: number,
  keep = CANDIDATES_KEPT,
  cap = BRANCH_CAP,
  after: CandidateKey | null = null,
): Promise<Candidate[]> {
  const jobs = await openJobs(q, recruiterId);
  if (jobs.ids.length === 0) return [];
  const pool = poolSql(await poolJobs(q, recruiterId), cap);
  const rows = await q.query<Record<string, unknown>>(
    `WITH best AS (${bestJobPerSeekerSql({ jobIds: '$2', words: '$3', oneRecruiter: true, pool, goodStanding: true })}),
     kept AS (SELECT * FROM best WHERE score > 0 AND ${REJECTED('best.user_id')}
               ORDER BY score DESC, km ASC NULLS LAST, user_id LIMIT $6),
     page AS (SELECT * FROM kept WHERE ${afterKeySql('score', 'km', 'user_id', '$7', '$8', '$9')}
               ORDER BY score DESC, km ASC NULLS LAST, user_id LIMIT $4 OFFSET $5)
     SELECT page.*, page.km::float8 AS km_key, ${CARD_COLUMNS}
       FROM page JOIN seeker_profiles s ON s.user_id = page.user_id LEFT JOIN cities c ON c.id = s.city_id
      ORDER BY page.score DESC, page.km ASC NULLS LAST, page.user_id`,
    [recruiterId, jobs.ids, jobs.words, limit, offset, keep, ...(after ?? [null, null, null])],
  );
  return rows.map(toCandidate);
}

/**
 * The same page read from candidate_scores (decision 008): a range scan of the page index. Who may
 * be shown (onboarded, not deleted, not rejected by this recruiter) is decided here, at read time,
 * so a rejection or a deleted account never waits for a refresh; so is the best job still being
 * open and published (decision 025: a stale recruiter is served their previous list, where a job
 * may have closed since).
 */
export async function scoredCandidates(
  q: Queryable,
  recruiterId: string,
  limit: number,
  offset: number,
  after: CandidateKey | null = null,
): Promise<Candidate[]> {
  const rows = await q.query<Record<string, unknown>>(
    `WITH page AS (
       SELECT cs.seeker_id AS user_id, cs.job_id AS best_job_id, cs.km, cs.f_category, cs.f_type,
              cs.f_experience, cs.f_salary, cs.f_profile, cs.f_remote, cs.f_points, cs.score
         FROM candidate_scores cs
         JOIN users u ON u.id = cs.seeker_id AND u.user_role = 'user' AND u.is_onboarded AND u.deleted_at IS NULL
                      AND ${IN_GOOD_STANDING('u')}
        WHERE cs.recruiter_id = $1
          -- The best job still open: a lookup in the recruiter's open jobs, read once (InitPlan).
          -- As array_position(...) IS NOT NULL the planner keeps its default selectivity and the
          -- page stays an index range scan in page order that stops at the LIMIT; written as
          -- job_id = ANY(...) it was estimated to keep 3 of 2,000 rows and the plan read and sorted
          -- the whole list (17 ms instead of 5 ms for page 20 at 500,000 seekers).
          AND array_position(ARRAY(SELECT oj.id FROM jobs oj WHERE oj.recruiter_id = $1
                                      AND oj.status = 'open' AND oj.moderation_state = 'published'),
                             cs.job_id) IS NOT NULL AND cs.score > 0 AND ${REJECTED('cs.seeker_id')}
          AND ${afterKeySql('cs.score', 'cs.km', 'cs.seeker_id', '$4', '$5', '$6')}
        ORDER BY cs.score DESC, cs.km ASC NULLS LAST, cs.seeker_id
        LIMIT $2 OFFSET $3)
     SELECT page.*, page.km::float8 AS km_key, j.title AS best_job_title, ${CARD_COLUMNS}
       FROM page JOIN seeker_profiles s ON s.user_id = page.user_id JOIN jobs j ON j.id = page.best_job_id
       LEFT JOIN cities c ON c.id = s.city_id
      ORDER BY page.score DESC, page.km ASC NULLS LAST, page.user_id`,
    [recruiterId, limit, offset, ...(after ?? [null, null, null])],
  );
  return rows.map(toCandidate);
}

/**
 * Whether the recruiter's precomputed scores reflect their current open jobs. No state row means
 * no open job was ever scored (every job write creates one): not fresh, the live query answers.
 */
export async function scoresFresh(q: Queryable, recruiterId: string): Promise<boolean> {
  return (await scoreState(q, recruiterId)) === 'fresh';
}

/**
 * 'fresh': the stored list reflects the recruiter's open jobs; 'previous': their jobs changed
 * since, and the list of the last refresh is what there is until the worker's refresh commits;
 * 'none': never refreshed (no state row, or a first job not scored yet).
 */
export async function scoreState(
  q: Queryable,
  recruiterId: string,
): Promise<'fresh' | 'previous' | 'none'> {
  const [row] = await q.query<{ fresh: boolean; scored: boolean }>(
    `SELECT scored_rev = jobs_rev AS fresh, scored_rev > 0 AS scored
       FROM candidate_score_state WHERE recruiter_id = $1`,
    [recruiterId],
  );
  return row?.fresh ? 'fresh' : row?.scored ? 'previous' : 'none';
}

function toCandidate(r: Record<string, unknown>): Candidate {
  const reasons: CandidateReason[] = [];
  if (r.f_category) reasons.push({ code: 'category' });
  if (r.f_type) reasons.push({ code: 'jobType' });
  if (r.f_experience) reasons.push({ code: 'experience' });
  if (r.f_salary) reasons.push({ code: 'salary' });
  if (r.f_profile) reasons.push({ code: 'profile' });
  if (r.f_remote) reasons.push({ code: 'remote' });
  else if (Number(r.f_points) > 0 && r.km !== null)
    reasons.push({ code: 'nearby', km: Math.round(Number(r.km)) });
  const s = (k: string) => (r[k] as string | null) ?? null;
  const n = (k: string) => (r[k] === null || r[k] === undefined ? null : Number(r[k]));
  const candidate: Candidate = {
    userId: r.user_id as string,
    fullName: s('full_name'),
    profileImage: mediaUrl(s('profile_image')),
    jobTitle: s('job_title'),
    companyName: s('company_name'),
    degree: s('degree'),
    collegeName: s('college_name'),
    collegeStartYear: n('college_start_year'),
    collegeEndYear: n('college_end_year'),
    jobType: s('job_type'),
    experienceRange: s('experience_range'),
    workExperience: s('work_experience'),
    salaryRange: s('salary_range'),
    city: r.c_id
      ? { id: Number(r.c_id), name: r.c_name as string, state: r.c_state as string }
      : null,
    distanceKm: r.km === null || r.km === undefined ? null : Math.round(Number(r.km) * 10) / 10,
    matchScore: Number(r.score),
    reasons,
    bestJob: { id: r.best_job_id as string, title: r.best_job_title as string },
  };
  if (r.km_key !== undefined)
    sortKeys.set(candidate, [
      Number(r.score),
      r.km_key === null ? null : Number(r.km_key),
      r.user_id as string,
    ]);
  return candidate;
}
