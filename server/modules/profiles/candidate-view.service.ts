import type { Ctx } from '../../context.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { notFound } from '../../lib/errors.ts';
import { takeFromWindows } from '../../lib/rate-limit.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { authorize } from '../../policies/policies.ts';
import { candidateViewWindows } from '../../policies/limits.ts';
import { findCandidateFor } from './seeker.repo.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * A recruiter opens a candidate's profile: allowed for recruiters who finished onboarding, contact
 * data by the seeker's consent, recorded for the seeker's "who viewed your profile", and counted
 * against the recruiter's daily limit of distinct profiles (a second look the same day is free).
 * One transaction: a refused view leaves no record.
 */
export async function viewCandidate(ctx: Ctx, me: SessionUser, seekerId: string, ip: string) {
  if (!isUuid(seekerId)) throw notFound('profile.notFound');
  authorize(me, 'candidate.view', { seekerId });
  return ctx.db.tx(async (q) => {
    const found = await findCandidateFor(q, me, seekerId);
    if (!found) throw notFound('profile.notFound');
    const [view] = await q.query<{ first: boolean }>(
      `INSERT INTO profile_views (seeker_id, recruiter_id) VALUES ($1, $2)
       ON CONFLICT (recruiter_id, day, seeker_id) DO UPDATE SET viewed_at = now()
       RETURNING (xmax = 0) AS first`,
      [seekerId, me.id],
    );
    if (view?.first) {
      await takeFromWindows(q, candidateViewWindows(me.id, found.facts.viewerVerified, ip));
    }
    return found.profile;
  });
}

/** The seeker's list of recruiters who opened their profile (newest first, last 100 days). */
export async function listProfileViews(ctx: Ctx, seekerId: string) {
  const rows = await ctx.db.query<{
    recruiter_name: string | null;
    company_name: string | null;
    is_verified: boolean | null;
    verified_domain: string | null;
    company_logo: string | null;
    viewed_at: Date;
  }>(
    `SELECT r.full_name AS recruiter_name, r.company_name, r.is_verified, r.verified_domain, r.company_logo, v.viewed_at
       FROM profile_views v JOIN recruiter_profiles r ON r.user_id = v.recruiter_id
      WHERE v.seeker_id = $1
      ORDER BY v.viewed_at DESC
      LIMIT 100`,
    [seekerId],
  );
  return rows.map((r) => ({
    recruiterName: r.recruiter_name,
    companyName: r.company_name,
    isVerified: Boolean(r.is_verified),
    verifiedDomain: r.is_verified ? r.verified_domain : null,
    companyLogo: mediaUrl(r.company_logo),
    at: new Date(r.viewed_at).toISOString(),
  }));
}
