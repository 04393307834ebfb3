import type { Me } from '#shared/schemas/auth.ts';
import { dashboardPath, homePathForRole, onboardingPath } from '#shared/routes.ts';

/** A signed-in user's role, moderators included (`admin`, made from the command line only). */
export type AnyRole = Me['role'];

/** The moderation screen: the only screen of a moderator. */
export const ADMIN_HOME = '/admin';

/** Where a signed-in user belongs when no page asked for them: spec "After login at /". */
export function homeFor(user: Me): string {
  if (!user.role) return '/onboarding';
  // Moderators have no onboarding and no seeker or recruiter screens.
  if (user.role === 'admin') return ADMIN_HOME;
  if (!user.isOnboarded) return onboardingPath(user.role, user.onboardingStep);
  return dashboardPath(user.role);
}

/** The first screen of a role (the bottom navigation's Home); moderators have only /admin. */
export function homePathOf(role: AnyRole): string {
  return role === 'admin' ? ADMIN_HOME : homePathForRole(role);
}

/** The header's Dashboard link of a role. */
export function dashboardOf(role: AnyRole): string {
  return role === 'admin' ? ADMIN_HOME : dashboardPath(role);
}

/**
 * The page a guard sent the user away from, if it is one of ours and theirs: a page left when a
 * session ended (session.ts `signInState`) is only for that same person (on a shared phone, the
 * next one to sign in goes home, not to the previous person's chat).
 */
export function returnPath(state: unknown, user: Pick<Me, 'id'>): string | null {
  const { from, for: owner } = (state ?? {}) as { from?: unknown; for?: unknown };
  if (typeof owner === 'string' && owner !== user.id) return null;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
