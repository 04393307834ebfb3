import type { Queryable } from '../../db/client.ts';
import { PAGE_SIZE } from '#shared/limits.ts';
import { scoreJob, type SeekerSide } from '#shared/matching.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { cityPointsSql, paramList, scoreSql } from '../matching/score-sql.ts';
import { JOB_COLUMNS, presentJob, type JobRow } from './job-select.ts';
import { listedJobSql } from '../moderation/visibility.ts';

export interface FeedOptions {
  q: string;
  type?: string;
  cursor?: string;
}

/** `%`, `_` and `\` in a search term are literal characters, not patterns. */
export const likeEscape = (term: string) => term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export async function seekerSide(q: Queryable, seekerId: string): Promise<SeekerSide> {
  const [s] = await q.query<SeekerSide>(
    `SELECT sp.job_category AS "jobCategory", sp.job_type AS "jobType", sp.experience_range AS "experienceRange",
            sp.salary_range AS "salaryRange", c.lat, c.lon
       FROM seeker_profiles sp LEFT JOIN cities c ON c.id = sp.city_id WHERE sp.user_id = $1`,
    [seekerId],
  );
  return (
    s ?? {
      jobCategory: null,
      jobType: null,
      experienceRange: null,
      salaryRange: null,
      lat: null,
      lon: null,
    }
  );
}

/**
 * The feed's one SQL statement: open jobs, best match first, newest first among equals,
 * keyset-paginated on (score, created_at, id) so pages never repeat or skip a job even while new
 * jobs are posted. The score is computed in SQL from the same weights as the reasons. Exported
 * so the benchmark can time the bare statement next to the endpoint.
 */
export function feedQuery(
  me: SeekerSide,
  opts: FeedOptions,
  seekerId: string | null = null,
): { sql: string; params: unknown[] } {
  const after = decodeCursor<[number, string, string]>(opts.cursor, ['number', 'string', 'string']);
  const params: unknown[] = [];
  const arg = paramList(params);
  const score = scoreSql(me, 'j', `(${cityPointsSql(me, arg)})[j.city_id]`, arg);
  // Open, published, from a recruiter in good standing whom the seeker has not blocked (or the
  // reverse): moderation/visibility.ts.
  const where = [`j.status = 'open'`];
  if (seekerId) where.push(listedJobSql('j', arg(seekerId, 'uuid')));
  if (opts.q) {
    where.push(
      `lower(j.title || ' ' || j.company || ' ' || j.description) LIKE '%' || ${arg(likeEscape(opts.q), 'text')} || '%' ESCAPE '\\'`,
    );
  }
  if (opts.type) where.push(`j.type = ${arg(opts.type, 'text')}`);
  const afterSql = after
    ? `WHERE (score, created_at, id) < (${arg(after[0], 'int')}, ${arg(after[1], 'timestamptz')}, ${arg(after[2], 'uuid')})`
    : '';
  const limit = arg(PAGE_SIZE + 1, 'int');
  const sql = `WITH scored AS (
            SELECT j.id, j.created_at, ${score}::int AS score
              FROM jobs j
             WHERE ${where.join(' AND ')}),
          page AS (SELECT * FROM scored ${afterSql} ORDER BY score DESC, created_at DESC, id DESC LIMIT ${limit})
     SELECT ${JOB_COLUMNS}, page.score, page.created_at::text AS sort_created, jc.lat AS j_lat, jc.lon AS j_lon
       FROM page JOIN jobs j ON j.id = page.id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
       LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id
       LEFT JOIN cities jc ON jc.id = j.city_id
      ORDER BY page.score DESC, page.created_at DESC, page.id DESC`;
  return { sql, params };
}

export async function seekerFeed(
  q: Queryable,
  seekerId: string,
  opts: FeedOptions,
): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
  const me = await seekerSide(q, seekerId);
  const { sql, params } = feedQuery(me, opts, seekerId);
  const rows = await q.query<JobRow & { score: number; sort_created: string }>(sql, params);
  const hasMore = rows.length > PAGE_SIZE;
  const pageRows = rows.slice(0, PAGE_SIZE);
  const jobs = pageRows.map((r) => presentJob(r, explain(me, r)));
  const last = pageRows.at(-1);
  return {
    jobs,
    nextCursor:
      hasMore && last ? encodeCursor([last.score, last.sort_created, last.id as string]) : null,
  };
}

/** Reasons and distance for a job row, from the shared rules (same weights as the SQL score). */
export function explain(me: SeekerSide, r: JobRow): JobView['match'] {
  return scoreJob(me, {
    jobCategory: r.job_category as string,
    type: r.type as string,
    level: r.level as string,
    minSalary: (r.min_salary as number | null) ?? null,
    maxSalary: (r.max_salary as number | null) ?? null,
    remote: r.city_id === null,
    lat: (r.j_lat as number | null) ?? null,
    lon: (r.j_lon as number | null) ?? null,
  });
}
