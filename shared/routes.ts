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
