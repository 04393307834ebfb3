import type { Queryable } from '../../db/client.ts';
import { JOB_TYPES } from '#shared/picklists.ts';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { JOB_COLUMNS, presentJob, type JobRow } from './job-select.ts';
import { listedJobSql } from '../moderation/visibility.ts';
import { isUuid } from '../../lib/ids.ts';

/** A recruiter's own jobs, newest first, keyset on (created_at, id) over jobs_recruiter. */
export async function recruiterJobs(
  q: Queryable,
  recruiterId: string,
  cursor?: string,
): Promise<{ jobs: JobView[]; nextCursor: string | null }> {
  const after = decodeCursor<[string, string]>(cursor, ['string', 'string']);
  const params: unknown[] = [recruiterId];
  let afterSql = '';
  if (after) {
    params.push(after[0], after[1]);
    afterSql = 'AND (j.created_at, j.id) < ($2::timestamptz, $3::uuid)';
  }
  params.push(PAGE_SIZE + 1);
  const rows = await q.query<JobRow & { sort_created: string }>(
    `SELECT ${JOB_COLUMNS}, j.created_at::text AS sort_created
       FROM jobs j LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
       LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id
      WHERE j.recruiter_id = $1 ${afterSql}
      ORDER BY j.created_at DESC, j.id DESC
      LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    jobs: page.map((r) => presentJob(r)),
    nextCursor:
      rows.length > PAGE_SIZE && last ? encodeCursor([last.sort_created, last.id as string]) : null,
  };
}

/**
 * A job by id. With a viewer, only what that viewer may see: their own job in any state, others'
 * only while listed (published, recruiter in good standing, no block between them).
 */
export async function findJob(
  q: Queryable,
  id: string,
  viewerId?: string,
): Promise<(JobRow & { j_lat: number | null; j_lon: number | null }) | null> {
  if (!isUuid(id)) return null;
  const visible = viewerId
    ? `AND (j.recruiter_id = $2::uuid OR (${listedJobSql('j', '$2::uuid')}))`
    : '';
  const [row] = await q.query<JobRow & { j_lat: number | null; j_lon: number | null }>(
    `SELECT ${JOB_COLUMNS}, jc.lat AS j_lat, jc.lon AS j_lon
       FROM jobs j
       LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
       LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id
       LEFT JOIN cities jc ON jc.id = j.city_id
      WHERE j.id = $1 ${visible}`,
    viewerId ? [id, viewerId] : [id],
  );
  return row ?? null;
}

/** Job types that have at least one open job: one index probe per type (jobs_open_type). */
export async function openJobTypes(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ type: string }>(
    // LATERAL ... LIMIT 1: one index probe per type (jobs_open_type), never a semi-join that the
    // planner may answer with a scan of every open job.
    `SELECT t.type FROM unnest($1::text[]) WITH ORDINALITY AS t(type, n)
      CROSS JOIN LATERAL (SELECT 1 FROM jobs j WHERE j.status = 'open' AND j.type = t.type LIMIT 1) x
      ORDER BY t.n`,
    [JOB_TYPES],
  );
  return rows.map((r) => r.type);
}
