import {
  isValidElement,
  lazy,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useParams } from 'react-router';
import type { UserRole } from '#shared/picklists.ts';
import { ONBOARDING_STEPS } from '#shared/limits.ts';
import { onboardingPath } from '#shared/routes.ts';
import { ScreenSkeleton } from '../components/ui/skeleton.tsx';
import { SessionCheckFailed } from '../components/session-check-failed.tsx';
import { signInState, useMe } from '../lib/session.ts';
import { withTexts } from '../lib/i18n.ts';
import { ADMIN_HOME, homeFor, homePathOf } from '../lib/where-next.ts';

const NotFoundPage = lazy(() =>
  withTexts(import('../features/shell/not-found-page.tsx')).then((m) => ({
    default: m.NotFoundPage,
  })),
);

/**
 * Who may open a screen (spec "Route table and guards"):
 * - 'login': signed in, with a role, onboarded;
 * - a role: the same, and that role (others go to their own home);
 * - 'admin': moderators only; anyone else signed in finds nothing there (not found);
 * - 'onboarding': signed in with this role and not onboarded yet, at a step already reached.
 * Moderators have no seeker or recruiter screens: every other guarded screen sends them to /admin.
 * The server enforces all of it again on every API call; this only decides what to show.
 */
export type Access = 'login' | UserRole | 'admin' | { onboarding: UserRole };

/** A lazy screen whose code (and, if its module says how, its first data) can be fetched ahead. */
export type PreloadableScreen<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** What a screen's module may export to fetch its first data before it renders. */
interface ScreenModule {
  prefetch?: (queryClient: QueryClient) => unknown;
}

export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const query = useMe();
  const queryClient = useQueryClient();
  const decision = useDecision(access, children);
  // While the session is being checked (a first visit on this browser), the screen's code and
  // first data load alongside it instead of after it: one round trip fewer before it shows.
  const waiting = query.isPending;
  useEffect(() => {
    if (!waiting || !isValidElement(children)) return;
    const type = children.type as Partial<PreloadableScreen>;
    type.preload?.().then(
      (m) => void (m as ScreenModule).prefetch?.(queryClient),
      () => {}, // the screen's own load reports a failed chunk
    );
  }, [waiting, children, queryClient]);
  // The kept copy of the user (web/lib/session.ts) may open a screen at once, but only the
  // server's answer may send someone elsewhere: a copy from before they finished onboarding on
  // another phone must not bounce them back to it.
  const kept = query.dataUpdatedAt === 0;
  if (kept && decision !== children && query.isFetching) return <ScreenSkeleton />;
  return decision;
}

function useDecision(access: Access, children: ReactNode): ReactNode {
  const location = useLocation();
  const params = useParams();
  const { data: me, isPending, isError, refetch } = useMe();

  if (isPending) return <ScreenSkeleton />;
  if (isError && !me) return <SessionCheckFailed onRetry={refetch} />;
  if (!me)
    return <Navigate to="/" replace state={signInState(location.pathname + location.search)} />;
  if (me.role === 'admin')
    return access === 'admin' ? children : <Navigate to={ADMIN_HOME} replace />;
  if (access === 'admin') return <NotFoundPage />;
  if (!me.role) return <Navigate to="/onboarding" replace />;

  if (typeof access === 'object') {
    if (me.isOnboarded) return <Navigate to={homeFor(me)} replace />;
    if (me.role !== access.onboarding)
      return <Navigate to={onboardingPath(me.role, me.onboardingStep)} replace />;
    const step = Number(params.step);
    const max = ONBOARDING_STEPS[me.role];
    if (!Number.isInteger(step) || step < 1 || step > Math.min(max, me.onboardingStep)) {
      return <Navigate to={onboardingPath(me.role, me.onboardingStep)} replace />;
    }
    return children;
  }

  if (!me.isOnboarded) return <Navigate to={onboardingPath(me.role, me.onboardingStep)} replace />;
  if (access !== 'login' && me.role !== access)
    return <Navigate to={homePathOf(me.role)} replace />;
  return children;
}
