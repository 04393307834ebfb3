import type { Queryable } from '../../db/client.ts';
import type { Me } from '#shared/schemas/auth.ts';
import type { UserRole } from '#shared/picklists.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { mediaUrl } from '../../lib/media-url.ts';

/** The first successful login creates the user: /register and /login are one flow. */
export async function upsertUserByPhone(q: Queryable, phone: string): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `INSERT INTO users (phone_no) VALUES ($1)
     ON CONFLICT (phone_no) DO UPDATE SET updated_at = users.updated_at
     RETURNING id`,
    [phone],
  );
  return row!.id;
}

export async function findMe(q: Queryable, userId: string): Promise<Me | null> {
  const [row] = await q.query<{
    id: string;
    phone_no: string;
    user_role: UserRole | null;
    is_onboarded: boolean;
    onboarding_step: number;
    full_name: string | null;
    profile_image: string | null;
    language: Language | null;
  }>(
    `SELECT u.id, u.phone_no, u.user_role, u.is_onboarded, u.onboarding_step, u.language,
            COALESCE(r.full_name, s.full_name) AS full_name,
            COALESCE(r.profile_image, s.profile_image) AS profile_image
       FROM users u
       LEFT JOIN recruiter_profiles r ON r.user_id = u.id AND u.user_role = 'recruiter'
       LEFT JOIN seeker_profiles s ON s.user_id = u.id AND u.user_role = 'user'
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    phone: row.phone_no,
    role: row.user_role,
    isOnboarded: row.is_onboarded,
    onboardingStep: row.onboarding_step,
    fullName: row.full_name,
    profileImage: mediaUrl(row.profile_image),
    language: row.language,
  };
}

/** The language the server's texts to this user follow (decision 026). */
export async function setLanguage(q: Queryable, userId: string, language: Language): Promise<void> {
  await q.query(
    'UPDATE users SET language = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL',
    [userId, language],
  );
}

/** The language of the account with this phone number, if there is one and it chose one. */
/** What the login code's SMS needs of the phone's account: its language, and whether it is suspended. */
export async function accountOfPhone(
  q: Queryable,
  phone: string,
): Promise<{ language: Language | null; suspended: boolean } | null> {
  const [row] = await q.query<{ language: Language | null; suspended: boolean }>(
    'SELECT language, suspended_at IS NOT NULL AS suspended FROM users WHERE phone_no = $1 AND deleted_at IS NULL',
    [phone],
  );
  return row ?? null;
}

/**
 * Sets the role chosen at /onboarding. A user who already finished onboarding keeps their role
 * here (changing it is a settings matter); before that they may switch, which restarts at step 1.
 */
export async function setRole(
  q: Queryable,
  userId: string,
  role: UserRole,
): Promise<'ok' | 'locked'> {
  const rows = await q.query(
    `UPDATE users SET user_role = $2,
            onboarding_step = CASE WHEN user_role IS DISTINCT FROM $2 THEN 1 ELSE onboarding_step END,
            updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL AND (is_onboarded = false OR user_role = $2)
      RETURNING id`,
    [userId, role],
  );
  return rows.length > 0 ? 'ok' : 'locked';
}
