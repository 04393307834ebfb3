import type { Queryable } from '../../db/client.ts';
import { ONBOARDING_STEPS } from '#shared/limits.ts';
import { nextSeekerStep, seekerStepSchemas, type SeekerStep } from '#shared/schemas/onboarding.ts';
import type { UserRole } from '#shared/picklists.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { parseBody } from '../../lib/validate.ts';
import type { Ctx } from '../../context.ts';
import { saveSeekerStep } from './seeker-steps.repo.ts';
import { assertOwnImage } from '../files/files.service.ts';
import { dropReplacedImage, heldImage, type ImageColumn } from '../files/replaced-images.ts';

const SEEKER_PHOTO: ImageColumn = { table: 'seeker_profiles', column: 'profile_image' };

interface Progress {
  onboarding_step: number;
  is_onboarded: boolean;
}

/**
 * Locks the user's row and checks the step may be saved: it must be one the user has reached
 * (no skipping ahead). Steps already passed may be saved again (going back to correct them).
 */
export async function lockProgress(
  q: Queryable,
  userId: string,
  role: UserRole,
  step: number,
): Promise<Progress> {
  const [row] = await q.query<Progress & { user_role: string | null }>(
    'SELECT onboarding_step, is_onboarded, user_role FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE',
    [userId],
  );
  if (!row) throw new AppError(401, 'onboarding.notAuthenticated');
  if (row.user_role !== role) throw new AppError(403, 'errors.forbidden');
  if (!Number.isInteger(step) || step < 1 || step > ONBOARDING_STEPS[role])
    throw badRequest('errors.notFound');
  if (step > row.onboarding_step && !row.is_onboarded) throw conflict('onboarding.stepBackwards');
  return row;
}

/** onboarding_step only moves forward: stored as the larger of the current and the new step. */
export async function advance(
  q: Queryable,
  userId: string,
  next: number,
  done = false,
): Promise<void> {
  await q.query(
    `UPDATE users SET onboarding_step = GREATEST(onboarding_step, $2), is_onboarded = is_onboarded OR $3, updated_at = now()
      WHERE id = $1`,
    [userId, next, done],
  );
}

export async function saveSeekerOnboardingStep(
  ctx: Ctx,
  userId: string,
  step: number,
  body: unknown,
): Promise<number> {
  const schema = seekerStepSchemas[step as SeekerStep];
  if (!schema) throw badRequest('errors.notFound');
  const values = parseBody(schema, body);
  if (step === 1)
    await assertOwnImage(
      ctx,
      userId,
      (values as { profileImage: string }).profileImage,
      'avatar',
      'onboarding.photoRequired',
    );
  let before: string | null = null;
  const next = await ctx.db.tx(async (q) => {
    await lockProgress(q, userId, 'user', step);
    if (step === 1) before = await heldImage(q, SEEKER_PHOTO, userId);
    // Each step's writer takes its own schema's output; the map keeps them paired.
    await (
      saveSeekerStep[step as SeekerStep] as (q: Queryable, id: string, v: unknown) => Promise<void>
    )(q, userId, values);
    const [p] = await q.query<{ work_experience: string | null; education_level: string | null }>(
      'SELECT work_experience, education_level FROM seeker_profiles WHERE user_id = $1',
      [userId],
    );
    const last = step === ONBOARDING_STEPS.user;
    const next = last
      ? step
      : nextSeekerStep(step, {
          workExperience: p?.work_experience ?? null,
          educationLevel: p?.education_level ?? null,
        });
    await advance(q, userId, next, last);
    return next;
  });
  if (step === 1)
    await dropReplacedImage(ctx, userId, before, (values as { profileImage: string }).profileImage);
  return next;
}
