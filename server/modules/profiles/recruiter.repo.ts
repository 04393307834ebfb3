import type { Queryable } from '../../db/client.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { mediaUrl } from '../../lib/media-url.ts';

/**
 * The recruiter's profile with the Profile tab counters, counted on the server from jobs and
 * rooms (an application is a room of a job) in the same query.
 */
export async function findRecruiterProfile(
  q: Queryable,
  userId: string,
): Promise<RecruiterProfileView | null> {
  const [r] = await q.query<Record<string, unknown>>(
    `SELECT r.*, c.id AS c_id, c.name AS c_name, c.state AS c_state,
            (SELECT count(*)::int FROM jobs j WHERE j.recruiter_id = r.user_id) AS job_posts,
            (SELECT count(*)::int FROM chat_rooms cr WHERE cr.recruiter_id = r.user_id AND cr.job_id IS NOT NULL) AS applications,
            (SELECT count(*)::int FROM chat_rooms cr WHERE cr.recruiter_id = r.user_id AND cr.status = 'shortlisted') AS shortlisted,
            (SELECT count(*)::int FROM chat_rooms cr WHERE cr.recruiter_id = r.user_id AND cr.status = 'hired') AS hired
       FROM recruiter_profiles r
       JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL AND u.user_role = 'recruiter'
       LEFT JOIN cities c ON c.id = r.headquarters_city_id
      WHERE r.user_id = $1`,
    [userId],
  );
  if (!r) return null;
  const s = (k: string) => (r[k] as string | null) ?? null;
  return {
    userId: r.user_id as string,
    fullName: s('full_name'),
    gender: s('gender'),
    email: s('email'),
    designation: s('designation'),
    profileImage: mediaUrl(s('profile_image')),
    companyName: s('company_name'),
    companyLogo: mediaUrl(s('company_logo')),
    employeeSize: s('employee_size'),
    financingStatus: s('financing_status'),
    annualRevenue: s('annual_revenue'),
    websiteUrl: s('website_url'),
    headquartersAddress: s('headquarters_address'),
    headquartersCity: r.c_id
      ? { id: Number(r.c_id), name: r.c_name as string, state: r.c_state as string }
      : null,
    isVerified: Boolean(r.is_verified),
    verifiedDomain: r.is_verified ? s('verified_domain') : null,
    markRemoved: markRemovedOf(r),
    gstin: s('gstin'),
    gstRegistered: r.gstin !== null && r.gstin !== undefined,
    stats: {
      jobPosts: Number(r.job_posts),
      applications: Number(r.applications),
      shortlisted: Number(r.shortlisted),
      hired: Number(r.hired),
    },
  };
}

/** The re-check's reason for taking the mark away (recheck-marks.ts), while not verified again. */
function markRemovedOf(r: Record<string, unknown>): RecruiterProfileView['markRemoved'] {
  const removed = r.mark_removed as { key?: unknown; vars?: unknown } | null | undefined;
  if (r.is_verified || !removed || typeof removed.key !== 'string' || !r.mark_removed_at)
    return null;
  const vars = Object.fromEntries(
    Object.entries((removed.vars ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
  );
  return { key: removed.key, vars, at: new Date(r.mark_removed_at as string).toISOString() };
}
