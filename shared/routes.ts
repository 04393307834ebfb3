import type { UserRole } from './picklists.ts';

// Where each role lives. Used by the web guards and by the server when it needs a landing URL.
export function dashboardPath(role: UserRole | null): string {
  if (role === 'recruiter') return '/recruiter-dashboard';
  if (role === 'user') return '/jobseeker-dashboard';
  return '/onboarding';
}

export function homePathForRole(role: UserRole | null): string {
  return role === 'recruiter' ? '/recruiter-dashboard/Home' : '/jobseeker-dashboard';
}

export function onboardingPath(role: UserRole, step: number): string {
  const segment = role === 'recruiter' ? 'recruiter' : 'job-seeker';
  return `/onboarding/${segment}/${Math.max(1, step)}`;
}

/**
 * The chat with another user, as the signed-in role opens it (web/app/routes.tsx): the seeker's
 * `/jobseeker-chat/:id` or the recruiter's `/recruiter-messages/chat/:id`, where `id` is the OTHER
 * member and `?job=` names the job the room is about. Notification links (push and SMS) use it.
 */
export function chatPath(role: UserRole | null, otherUserId: string, jobId: string | null): string {
  const base =
    role === 'recruiter'
      ? `/recruiter-messages/chat/${encodeURIComponent(otherUserId)}`
      : `/jobseeker-chat/${encodeURIComponent(otherUserId)}`;
  return jobId ? `${base}?job=${encodeURIComponent(jobId)}` : base;
}
