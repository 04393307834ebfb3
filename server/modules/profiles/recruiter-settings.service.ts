import type { z } from 'zod';
import type { recruiterSettings } from '#shared/schemas/onboarding.ts';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { assertOwnImage } from '../files/files.service.ts';

/**
 * Saves 'Profile Settings'. A verified mark vouches for one company at one website: changing
 * either takes the mark away until the company is verified again. Jobs show the company name,
 * so they follow a rename.
 */
export async function updateRecruiterSettings(
  ctx: Ctx,
  userId: string,
  v: z.output<typeof recruiterSettings>,
): Promise<void> {
  assertOwnImage(userId, v.profileImage, 'avatar', 'upload.imageFailed');
  await ctx.db.tx(async (q) => {
    await q.query(
      'INSERT INTO recruiter_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
      [userId],
    );
    await q.query(
      `UPDATE recruiter_profiles SET
              is_verified = is_verified AND company_name IS NOT DISTINCT FROM $5 AND website_url IS NOT DISTINCT FROM $6,
              full_name = $2, email = $3, designation = $4, company_name = $5, website_url = $6,
              headquarters_address = $7, employee_size = $8, financing_status = $9,
              profile_image = COALESCE($10, profile_image), updated_at = now()
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
      ],
    );
    await jobsFollowCompany(q, userId, v.companyName);
  });
}

/** Jobs show the company name: they follow a rename, wherever the recruiter makes it. */
export async function jobsFollowCompany(
  q: Queryable,
  userId: string,
  companyName: string,
): Promise<void> {
  await q.query(
    'UPDATE jobs SET company = $2, updated_at = now() WHERE recruiter_id = $1 AND company <> $2',
    [userId, companyName],
  );
}
