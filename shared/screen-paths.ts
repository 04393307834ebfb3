/**
 * The path of every screen of the web app's router (web/app/routes.tsx), in its pattern syntax
 * (`:name` is one segment), for the server: an address that is none of them is answered 404 (the
 * app's not-found screen, with the status a search engine or a link checker reads), not 200.
 * `screen-paths.test.ts` holds this list to the router's, so a new screen cannot be left out.
 */
export const SCREEN_PATHS = [
  '/',
  '/login',
  '/register',
  '/onboarding',
  '/onboarding/recruiter/:step',
  '/onboarding/job-seeker/:step',
  '/jobseeker-dashboard',
  '/job-detail/:id',
  '/job-chats',
  '/jobseeker-chat/:id',
  '/candidate-profile',
  '/candidate/:id',
  '/update_job_preferences',
  '/profile',
  '/jobs',
  '/jobs/view/:slug',
  '/jobs/:slug',
  '/messages',
  '/recruiter-dashboard',
  '/recruiter-dashboard/Home',
  '/recruiter-dashboard/Messages',
  '/recruiter-dashboard/Profile',
  '/recruiter-settings',
  '/recruiter-settings/verify',
  '/recruiter-messages/chat/:id',
  '/post-job',
  '/create-job',
  '/candidate_details/:id',
  '/admin',
  '/companies',
  '/salary-guide',
  '/about',
  '/career-resources',
  '/pricing',
  '/recruiting-solutions',
  '/employer-resources',
  '/contact',
  '/privacy',
  '/terms',
] as const;

const segmentsOf = (path: string) => path.split('/').filter((s) => s !== '');

const PATTERNS = SCREEN_PATHS.map((p) => segmentsOf(p).map((s) => s.toLowerCase()));

/**
 * Whether a path (without its query) is one of the router's screens, matched as React Router
 * matches: letters in any case, a trailing slash allowed, a `:name` segment any one non-empty
 * segment.
 */
export function isScreenPath(pathname: string): boolean {
  const segments = segmentsOf(pathname.toLowerCase());
  // An empty segment inside the path ("/job-detail//x") matches no route.
  if (/\/\/./.test(pathname)) return false;
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((p, i) => p.startsWith(':') || p === segments[i]),
  );
}
