import type { z } from 'zod';
import type { recruiterSettings } from '#shared/schemas/onboarding.ts';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { validateGstin } from '#shared/gstin.ts';
import { badRequest } from '../../lib/errors.ts';
import { assertOwnImage } from '../files/files.service.ts';
import { dropReplacedImage, heldImage } from '../files/replaced-images.ts';
import { rescanRecruiterJobs } from '../jobs/jobs.service.ts';

/**
 * Saves 'Profile Settings'. A verified mark vouches for one company at one website with one office
 * e-mail: changing any of them takes the mark away until the company is verified again. Jobs show the company name,
 * so they follow a rename.
 */
export async function updateRecruiterSettings(
  ctx: Ctx,
  userId: string,
  v: z.output<typeof recruiterSettings>,
): Promise<void> {
  await assertOwnImage(ctx, userId, v.profileImage, 'avatar', 'upload.imageFailed');
  const before = await ctx.db.tx(async (q) => {
    await q.query(
      'INSERT INTO recruiter_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
    const held = await heldImage(
      q,
      { table: 'recruiter_profiles', column: 'profile_image' },
      userId,
    );
    // The headquarters city of this save, when it names one (else the stored one stays).
    const city = v.headquartersCityId === undefined ? undefined : v.headquartersCityId;
    const gstin = v.gstin ? await checkedGstin(q, userId, v.gstin, city) : null;
    await q.query(
      `UPDATE recruiter_profiles SET
              is_verified = is_verified AND company_name IS NOT DISTINCT FROM $5 AND website_url IS NOT DISTINCT FROM $6
                            AND email IS NOT DISTINCT FROM $3,
              full_name = $2, email = $3, designation = $4, company_name = $5, website_url = $6,
              headquarters_address = $7, employee_size = $8, financing_status = $9,
              profile_image = COALESCE($10, profile_image), gstin = $11,
              headquarters_city_id = CASE WHEN $12 THEN $13::int ELSE headquarters_city_id END,
              updated_at = now()
        WHERE user_id = $1`,
      [
        userId,
        v.fullName,
        v.email,
        v.designation,
        v.companyName,
        v.websiteUrl ?? null,
        v.headquartersAddress,
        v.employeeSize ?? null,
        v.financingStatus ?? null,
        v.profileImage ?? null,
        gstin,
        city !== undefined,
        city ?? null,
      ],
    );
    await jobsFollowCompany(q, userId, v.companyName);
    return held;
  });
  await dropReplacedImage(ctx, userId, before, v.profileImage);
}

/**
 * A GSTIN with a valid format and check digit, registered in the headquarters' state (the city
 * this save names, else the stored one); else 400. Without a headquarters city there is no state
 * to check it against: refused, saying what to add (decision 010: format, check digit and state).
 */
async function checkedGstin(
  q: Queryable,
  userId: string,
  raw: string,
  cityId: number | null | undefined,
): Promise<string> {
  const [hq] = await q.query<{ state: string | null }>(
    cityId === undefined
      ? `SELECT c.state FROM recruiter_profiles r LEFT JOIN cities c ON c.id = r.headquarters_city_id
          WHERE r.user_id = $1`
      : 'SELECT state FROM cities WHERE id = $1',
    cityId === undefined ? [userId] : [cityId],
  );
  const state = hq?.state ?? null;
  if (state === null) throw badRequest('gst.needsHeadquarters');
  const result = validateGstin(raw, state);
  if (!result.ok) throw badRequest(`gst.${result.reason}`, { state: state ?? '' });
  return result.gstin;
}

/**
 * A GSTIN names its state: when the headquarters move to another state (onboarding step 2 saved
 * again), a stored GSTIN of the old state no longer describes the company and is dropped (the
 * recruiter adds the new one in settings).
 */
export async function dropGstinOfAnotherState(q: Queryable, userId: string): Promise<void> {
  const [row] = await q.query<{ gstin: string | null; state: string | null }>(
    `SELECT r.gstin, c.state FROM recruiter_profiles r LEFT JOIN cities c ON c.id = r.headquarters_city_id
      WHERE r.user_id = $1`,
    [userId],
  );
  if (row?.gstin && !validateGstin(row.gstin, row.state).ok)
    await q.query('UPDATE recruiter_profiles SET gstin = NULL WHERE user_id = $1', [userId]);
}

/**
 * Jobs show the company name and the recruiter's designation: they follow a rename, wherever the
 * recruiter makes it, and are read by the scam shield again as an edit is (a flagged job is held
 * with its reasons and queued for moderators; a clean one held only by the shield is published).
 */
export async function jobsFollowCompany(
  q: Queryable,
  userId: string,
  companyName: string,
): Promise<void> {
  await q.query(
    'UPDATE jobs SET company = $2, updated_at = now() WHERE recruiter_id = $1 AND company <> $2',
    [userId, companyName],
  );
  await rescanRecruiterJobs(q, userId);
}
