import type { Queryable } from '../../db/client.ts';
import {
  CANDIDATE_WEIGHTS as W,
  DISTANCE_BANDS,
  LEVEL_FOR_EXPERIENCE,
  REMOTE_SHARE,
  SALARY_BUCKETS,
  titleWords,
} from '#shared/matching.ts';
import type { CandidateReason, CandidateView } from '#shared/schemas/matching.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { haversineSql } from './score-sql.ts';

/** A candidate as the repo finds it; presence is added by the route. */
export type Candidate = Omit<CandidateView, 'isOnline'>;

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;
// Job level → the seeker experience ranges that fit it (the reverse of LEVEL_FOR_EXPERIENCE).
const experiencesFor = (level: string) =>
  Object.entries(LEVEL_FOR_EXPERIENCE)
    .filter(([, levels]) => levels.includes(level))
    .map(([exp]) => exp);
// Salary buckets a job's min..max overlaps (the same rule as salaryOverlaps).
const bucketsSql = (j: string) =>
  `ARRAY[${Object.entries(SALARY_BUCKETS)
    .map(
      ([code, [lo, hi]]) =>
        `CASE WHEN (${j}.min_salary IS NOT NULL OR ${j}.max_salary IS NOT NULL) AND COALESCE(${j}.max_salary, ${j}.min_salary) >= ${lo}${hi === null ? '' : ` AND COALESCE(${j}.min_salary, 0) <= ${hi}`} THEN ${quote(code)} END`,
    )
    .join(', ')}]`;
const pointsSql = (km: string) =>
  `CASE ${DISTANCE_BANDS.map((b) => `WHEN ${km} <= ${b.maxKm} THEN ${Math.round(W.distance * b.share)}`).join(' ')} ELSE 0 END`;

/**
 * Recommended candidates for a recruiter (the spec's match_candidates_by_recruiter_full_profile):
 * every onboarded, not deleted, not rejected-by-this-recruiter seeker scored against each open
 * job of the recruiter in indexed SQL; the best job per seeker wins; ordered by score, then
 * nearest, then user id so pages never repeat or skip anyone.
 */
export async function recommendCandidates(
  q: Queryable,
  recruiterId: string,
  limit: number,
  offset: number,
): Promise<Candidate[]> {
  const jobs = await q.query<{ id: string; title: string }>(
    `SELECT id, title FROM jobs WHERE recruiter_id = $1 AND status = 'open'`,
    [recruiterId],
  );
  if (jobs.length === 0) return [];
  // Each job's title words as an OR query, built here so odd characters never reach to_tsquery.
  const queries = jobs.map((j) => titleWords(j.title).join(' | ') || null);
  const rows = await q.query<Record<string, unknown>>(
    `WITH jb AS MATERIALIZED (
       SELECT j.id, j.title, j.job_category, j.type, j.city_id IS NULL AS remote,
              (SELECT array_agg(e) FROM unnest(CASE j.level ${Object.keys({
                entry: 1,
                '1_3': 1,
                '3_5': 1,
                '5_plus': 1,
                senior: 1,
              })
                .map(
                  (l) =>
                    `WHEN ${quote(l)} THEN ARRAY[${experiencesFor(l).map(quote).join(', ')}]::text[]`,
                )
                .join(' ')} END) e) AS experiences,
              ${bucketsSql('j')} AS buckets,
              CASE WHEN q.words IS NULL THEN NULL ELSE to_tsquery('english', q.words) END AS words,
              -- Distance from this job to every city, indexed by city id: computed once per job,
              -- then one array subscript per seeker instead of any trigonometry or join.
              CASE WHEN jc.id IS NULL THEN NULL ELSE (
                SELECT array_agg(${haversineSql('jc.lat', 'jc.lon', 'c.lat', 'c.lon')} ORDER BY g)
                  FROM generate_series(1, (SELECT max(id) FROM cities)) g LEFT JOIN cities c ON c.id = g) END AS km_by_city
         FROM jobs j
         JOIN unnest($2::uuid[], $3::text[]) AS q(id, words) ON q.id = j.id
         LEFT JOIN cities jc ON jc.id = j.city_id),
     best AS (
       SELECT s.user_id, b.*
         FROM seeker_profiles s
         JOIN users u ON u.id = s.user_id AND u.user_role = 'user' AND u.is_onboarded AND u.deleted_at IS NULL
         CROSS JOIN LATERAL (
           SELECT jb.id AS best_job_id, jb.title AS best_job_title, p.km,
                  s.job_category = jb.job_category AS f_category,
                  s.job_type = jb.type AS f_type,
                  s.experience_range = ANY(jb.experiences) AS f_experience,
                  s.salary_range = ANY(jb.buckets) AS f_salary,
                  COALESCE(s.profile_tsv @@ jb.words, false) AS f_profile,
                  jb.remote AS f_remote,
                  CASE WHEN jb.remote THEN ${Math.round(W.distance * REMOTE_SHARE)} ELSE COALESCE(${pointsSql('p.km')}, 0) END AS f_points,
                  (CASE WHEN s.job_category = jb.job_category THEN ${W.category} ELSE 0 END
                   + CASE WHEN s.job_type = jb.type THEN ${W.jobType} ELSE 0 END
                   + CASE WHEN s.experience_range = ANY(jb.experiences) THEN ${W.experience} ELSE 0 END
                   + CASE WHEN s.salary_range = ANY(jb.buckets) THEN ${W.salary} ELSE 0 END
                   + CASE WHEN COALESCE(s.profile_tsv @@ jb.words, false) THEN ${W.profile} ELSE 0 END
                   + CASE WHEN jb.remote THEN ${Math.round(W.distance * REMOTE_SHARE)} ELSE COALESCE(${pointsSql('p.km')}, 0) END) AS score
             FROM jb CROSS JOIN LATERAL (SELECT jb.km_by_city[s.city_id] AS km) p
            ORDER BY score DESC, p.km ASC NULLS LAST, jb.id
            LIMIT 1) b
        WHERE NOT EXISTS (SELECT 1 FROM chat_rooms r WHERE r.recruiter_id = $1 AND r.seeker_id = s.user_id AND r.status = 'rejected')),
     page AS (SELECT * FROM best WHERE score > 0 ORDER BY score DESC, km ASC NULLS LAST, user_id LIMIT $4 OFFSET $5)
     SELECT page.*, s.full_name, s.profile_image, s.job_title, s.company_name, s.degree, s.college_name, s.college_start_year,
            s.college_end_year, s.job_type, s.experience_range, s.work_experience, s.salary_range,
            c.id AS c_id, c.name AS c_name, c.state AS c_state
       FROM page JOIN seeker_profiles s ON s.user_id = page.user_id LEFT JOIN cities c ON c.id = s.city_id
      ORDER BY page.score DESC, page.km ASC NULLS LAST, page.user_id`,
    [recruiterId, jobs.map((j) => j.id), queries, limit, offset],
  );
  return rows.map((r) => {
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
    return {
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
  });
}
