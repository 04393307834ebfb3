import type { Me } from '#shared/schemas/auth.ts';
import { dashboardPath, onboardingPath } from '#shared/routes.ts';

/** Where a signed-in user belongs when no page asked for them: spec "After login at /". */
export function homeFor(user: Me): string {
  if (!user.role) return '/onboarding';
  if (!user.isOnboarded) return onboardingPath(user.role, user.onboardingStep);
  return dashboardPath(user.role);
}

/** The page a guard sent the user away from, if it is one of ours. */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: string } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
