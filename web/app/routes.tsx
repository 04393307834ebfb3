import {
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Navigate,
  Outlet,
  matchRoutes,
  useLocation,
  useNavigate,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { ErrorBoundary } from 'react-error-boundary';
import { ScreenSkeleton } from '../components/ui/skeleton.tsx';
import { Guard, type Access, type PreloadableScreen } from './guard.tsx';
import { RouteErrorScreen } from './error-screen.tsx';
import { setOutsideNavigate } from './outside-navigation.ts';
import { meKey, onSignOut, useMe } from '../lib/session.ts';
import type { Me } from '#shared/schemas/auth.ts';
import { useRealtimeConnection } from '../lib/realtime.ts';
import { useUnreadSync } from '../lib/unread.ts';
import { showWish, withTexts } from '../lib/i18n.ts';
import { useFocusOnNavigate } from './use-focus-on-navigate.ts';
import { useScreenIntent } from './screen-intent.ts';
import { ShellHead } from '../lib/document-head.tsx';
// The first screens of a visit, / and /login (and /register), come with the app's own code: a
// separate chunk would cost a phone on 3G another round trip before anything shows
// (docs/decisions/021). Every other screen is its own chunk, loaded when needed,
// with the whole text catalogue.
import { LandingPage } from '../features/auth/landing-page.tsx';
import { LoginPage } from '../features/auth/login-page.tsx';

/**
 * A lazily loaded screen that can also be fetched ahead (`preload`): by its guard while the
 * session is still being checked (guard.tsx), or when a link to it is touched (screen-links.ts).
 *
 * Once its code is here, the screen renders at once: `lazy` gets an already settled thenable,
 * which React reads without suspending. A plain promise would suspend every first render, even
 * of loaded code, and a page the server rendered (decision 024) would then be taken over in two
 * passes: the shell first, its effects (the realtime connection, the unread count) updating the
 * stores, and those updates forcing the screen's takeover into one long synchronous task.
 */
function screen<M, P extends object>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): PreloadableScreen<P> {
  let loading: Promise<M> | null = null;
  let loaded: { default: ComponentType<P> } | null = null;
  const preload = () =>
    (loading ??= withTexts(load()).then((m) => {
      loaded = { default: pick(m) };
      return m;
    }));
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload().then(() => loaded!))),
    { preload },
  );
}

/** A thenable that calls back at once with `value` (React's lazy reads it without suspending). */
function settled<T>(value: T): Promise<T> {
  const thenable = { then: (resolve: (v: T) => unknown) => void resolve(value) };
  return thenable as unknown as Promise<T>;
}

const RoleChoicePage = screen(
  () => import('../features/onboarding/role-choice-page.tsx'),
  (m) => m.RoleChoicePage,
);
const NotFoundPage = screen(
  () => import('../features/shell/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
// The public pages (issue 17, decision 027): lazy like every other screen, so nothing of them is
// in a first visit's entry chunk.
const PublicJobsPage = screen(
  () => import('../features/public/jobs-page.tsx'),
  (m) => m.PublicJobsPage,
);
const PublicJobPage = screen(
  () => import('../features/public/job-page.tsx'),
  (m) => m.PublicJobPage,
);
const CompaniesPage = screen(
  () => import('../features/public/companies-page.tsx'),
  (m) => m.CompaniesPage,
);
const SalaryGuidePage = screen(
  () => import('../features/public/salary-guide-page.tsx'),
  (m) => m.SalaryGuidePage,
);
const InfoPage = screen(
  () => import('../features/public/info-page.tsx'),
  (m) => m.InfoPage,
);
const RecruiterOnboardingPage = screen(
  () => import('../features/recruiter-onboarding/recruiter-onboarding-page.tsx'),
  (m) => m.RecruiterOnboardingPage,
);
const RecruiterProfileTab = screen(
  () => import('../features/recruiter-profile/profile-tab-page.tsx'),
  (m) => m.ProfileTabPage,
);
const RecruiterSettingsPage = screen(
  () => import('../features/recruiter-profile/settings-page.tsx'),
  (m) => m.RecruiterSettingsPage,
);
const LaterVerificationPage = screen(
  () => import('../features/recruiter-onboarding/verification-step.tsx'),
  (m) => m.LaterVerificationPage,
);
const PostJobPage = screen(
  () => import('../features/jobs/post-job-page.tsx'),
  (m) => m.PostJobPage,
);
const SeekerOnboardingPage = screen(
  () => import('../features/seeker-onboarding/seeker-onboarding-page.tsx'),
  (m) => m.SeekerOnboardingPage,
);
const CandidateProfilePage = screen(
  () => import('../features/seeker-profile/candidate-profile-page.tsx'),
  (m) => m.CandidateProfilePage,
);
const CandidatePage = screen(
  () => import('../features/seeker-profile/candidate-page.tsx'),
  (m) => m.CandidatePage,
);
const JobPreferencesPage = screen(
  () => import('../features/seeker-profile/job-preferences-page.tsx'),
  (m) => m.JobPreferencesPage,
);
const ProfilePage = screen(
  () => import('../features/seeker-profile/profile-page.tsx'),
  (m) => m.ProfilePage,
);
const JobFeedPage = screen(
  () => import('../features/job-feed/job-feed-page.tsx'),
  (m) => m.JobFeedPage,
);
const JobDetailPage = screen(
  () => import('../features/job-detail/job-detail-page.tsx'),
  (m) => m.JobDetailPage,
);
const SeekerChatListPage = screen(
  () => import('../features/chat/seeker-chat-list-page.tsx'),
  (m) => m.SeekerChatListPage,
);
const RecruiterMessagesPage = screen(
  () => import('../features/chat/recruiter-messages-page.tsx'),
  (m) => m.RecruiterMessagesPage,
);
const ChatPage = screen(
  () => import('../features/chat/chat-page.tsx'),
  (m) => m.ChatPage,
);
const RecruiterHomePage = screen(
  () => import('../features/recruiter-home/recruiter-home-page.tsx'),
  (m) => m.RecruiterHomePage,
);
const CandidateDetailsPage = screen(
  () => import('../features/candidate-details/candidate-details-page.tsx'),
  (m) => m.CandidateDetailsPage,
);
const AdminPage = screen(
  () => import('../features/admin/admin-page.tsx'),
  (m) => m.AdminPage,
);
const guarded = (access: Access, element: ReactNode) => <Guard access={access}>{element}</Guard>;

/** /jobs and /messages are listed without content: send each role to its own screen. */
function RoleRedirect({ user, recruiter }: { user: string; recruiter: string }) {
  const { data: me } = useMe();
  return <Navigate to={me?.role === 'recruiter' ? recruiter : user} replace />;
}

/**
 * /jobs: the public job list for a visitor (its screen is the child); a signed-in user goes to
 * their role's screen, as before (issue 17).
 */
function JobsEntry({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  if (!me) return children;
  return guarded(
    'login',
    <RoleRedirect user="/jobseeker-dashboard" recruiter="/recruiter-dashboard/Profile" />,
  );
}

// A session that ends on this device takes its unsent messages with it (decision 018), also when
// it ends before the chat code has loaded (a reload that finds the session gone): the store is
// cleared from here, the outbox itself forgets them when loaded (use-outbox.ts).
onSignOut((userId) =>
  import('../features/chat/outbox-store.ts').then((m) => m.clearOutgoing(userId)),
);

function Root() {
  // The one realtime connection of the tab: open while signed in (so presence is real on every
  // screen, not only in chats), closed on sign-out.
  const { data: me } = useMe();
  useRealtimeConnection(me === undefined ? undefined : (me?.id ?? null));
  // Unread badges and the tab title (ShellHead), live on every screen.
  useUnreadSync();
  // Keyboard and screen-reader users land on the new screen's h1 (decision 022).
  useFocusOnNavigate();
  // A touched link starts loading its screen's code.
  useScreenIntent(preloadScreenFor);
  // Messages written offline go out whatever screen the app opens on (decision 018); the chat
  // code loads only for people with chats.
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    setOutsideNavigate((path) => void navigate(path));
    return () => setOutsideNavigate(null);
  }, [navigate]);
  const chatter = me?.role === 'user' || me?.role === 'recruiter' ? me.id : null;
  useEffect(() => {
    if (!chatter) return;
    import('../features/chat/use-outbox.ts').then(
      (m) => {
        // Not for a session that ended while the code loaded: its messages are being forgotten.
        if (queryClient.getQueryData<Me | null>(meKey)?.id === chatter)
          m.attachOutbox(queryClient, chatter);
      },
      // A chunk that failed to load (a deploy): the chat screens start the outbox too.
      () => {},
    );
  }, [chatter, queryClient]);
  return rootChildren;
}

// The same element on every render of Root: its own updates (the user, the unread count, the
// connection) then leave the screen alone. A page the server rendered (decision 024) takes its
// screen over after the shell, at low priority in slices; a new element here while that is
// pending would make React take the whole screen over at once, one long task on a slow phone.
// The app's title and description come first: a screen's own head, rendered after them, wins
// (`document-head.tsx`).
const rootChildren = (
  <>
    <ShellHead />
    <Suspense fallback={<ScreenSkeleton />}>
      <Outlet />
      <ScreenShown />
    </Suspense>
  </>
);

/**
 * Part of the screen's boundary, so its effect runs once the screen is on the page: after React
 * has taken a page's screen over (it does so in a pass after the rest of the page), this device's
 * language may be shown without changing texts it has not taken over yet (decision 026).
 */
function ScreenShown() {
  useEffect(showWish, []);
  return null;
}

// The route table of the spec, one line a path.
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <LoginPage mode="login" /> },
      { path: '/register', element: <LoginPage mode="register" /> },
      { path: '/onboarding', element: <RoleChoicePage /> },
      {
        path: '/onboarding/recruiter/:step',
        element: guarded({ onboarding: 'recruiter' }, <RecruiterOnboardingPage />),
      },
      {
        path: '/onboarding/job-seeker/:step',
        element: guarded({ onboarding: 'user' }, <SeekerOnboardingPage />),
      },
      { path: '/jobseeker-dashboard', element: guarded('login', <JobFeedPage />) },
      { path: '/job-detail/:id', element: guarded('login', <JobDetailPage />) },
      { path: '/job-chats', element: guarded('login', <SeekerChatListPage />) },
      { path: '/jobseeker-chat/:id', element: guarded('login', <ChatPage side="seeker" />) },
      { path: '/candidate-profile', element: guarded('user', <CandidateProfilePage />) },
      {
        path: '/candidate/:id',
        element: guarded('login', <CandidatePage />),
      },
      {
        path: '/update_job_preferences',
        element: guarded('user', <JobPreferencesPage />),
      },
      { path: '/profile', element: guarded('login', <ProfilePage />) },
      {
        path: '/jobs',
        element: (
          <JobsEntry>
            <PublicJobsPage />
          </JobsEntry>
        ),
      },
      { path: '/jobs/view/:slug', element: <PublicJobPage /> },
      { path: '/jobs/:slug', element: <PublicJobsPage /> },
      {
        path: '/messages',
        element: guarded(
          'login',
          <RoleRedirect user="/job-chats" recruiter="/recruiter-dashboard/Messages" />,
        ),
      },
      {
        path: '/recruiter-dashboard',
        element: guarded('recruiter', <Navigate to="/recruiter-dashboard/Home" replace />),
      },
      {
        path: '/recruiter-dashboard/Home',
        element: guarded('recruiter', <RecruiterHomePage />),
      },
      {
        path: '/recruiter-dashboard/Messages',
        element: guarded('recruiter', <RecruiterMessagesPage />),
      },
      {
        path: '/recruiter-dashboard/Profile',
        element: guarded('recruiter', <RecruiterProfileTab />),
      },
      {
        path: '/recruiter-settings',
        element: guarded('recruiter', <RecruiterSettingsPage />),
      },
      // Verification for a recruiter who skipped it while onboarding (decision 028).
      {
        path: '/recruiter-settings/verify',
        element: guarded('recruiter', <LaterVerificationPage />),
      },
      {
        path: '/recruiter-messages/chat/:id',
        element: guarded('recruiter', <ChatPage side="recruiter" />),
      },
      {
        path: '/post-job',
        element: guarded('recruiter', <PostJobPage />),
      },
      // The route table says "login", but section 6 makes the post-job screen recruiter-only:
      // a seeker would get a form whose every submit is refused.
      {
        path: '/create-job',
        element: guarded('recruiter', <PostJobPage />),
      },
      // No guard in the spec: the screen itself sends a signed-out visitor to / (see the page).
      { path: '/candidate_details/:id', element: <CandidateDetailsPage /> },
      { path: '/admin', element: guarded('admin', <AdminPage />) },
      { path: '/companies', element: <CompaniesPage /> },
      { path: '/salary-guide', element: <SalaryGuidePage /> },
      { path: '/about', element: <InfoPage page="about" /> },
      { path: '/career-resources', element: <InfoPage page="career-resources" /> },
      { path: '/pricing', element: <InfoPage page="pricing" /> },
      { path: '/recruiting-solutions', element: <InfoPage page="recruiting-solutions" /> },
      { path: '/employer-resources', element: <InfoPage page="employer-resources" /> },
      { path: '/contact', element: <InfoPage page="contact" /> },
      { path: '/privacy', element: <InfoPage page="privacy" /> },
      { path: '/terms', element: <InfoPage page="terms" /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The app's screens. Any screen that throws, or whose code chunk fails to load, ends in the error
 * screen (error-screen.tsx); moving to another path tries again.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <ErrorBoundary FallbackComponent={RouteErrorScreen} resetKeys={[pathname]}>
      {element}
    </ErrorBoundary>
  );
}

/** The lazy screen an element of the route table shows, through its guard if it has one. */
function screenOf(element: ReactNode): Partial<PreloadableScreen> | null {
  if (!isValidElement(element)) return null;
  const type = element.type as Partial<PreloadableScreen>;
  if (typeof type.preload === 'function') return type;
  return screenOf((element.props as { children?: ReactNode }).children);
}

/** Loads the code (and texts) of the screen that `pathname` opens, if not loaded yet. */
export async function loadScreenFor(pathname: string): Promise<void> {
  const match = matchRoutes(routes, pathname)?.at(-1);
  await screenOf(match?.route.element)?.preload?.();
}

/** Starts loading the screen that `pathname` opens; its own render reports a failed chunk. */
export function preloadScreenFor(pathname: string): void {
  loadScreenFor(pathname).catch(() => {});
}
