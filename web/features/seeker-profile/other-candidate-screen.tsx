import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { NotFoundNotice } from '../../components/not-found-notice.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useMe } from '../../lib/session.ts';
import { homePathOf } from '../../lib/where-next.ts';
import { useCandidate } from './api.ts';
import { CandidateReadOnlyView } from './candidate-read-only-view.tsx';

/** Someone else's candidate profile, read-only; 'Candidate not found' with Go Back on 404. */
export function OtherCandidateScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: me } = useMe();
  const { data: profile, isPending, isError, error, refetch } = useCandidate(id);
  // Opened directly (no page to go back to): go home instead.
  const goBack = () =>
    location.key === 'default'
      ? navigate(homePathOf(me?.role ?? null), { replace: true })
      : navigate(-1);

  return (
    <AppScreen title={t('profile.candidateTitle')}>
      {isPending ? (
        <CardListSkeleton />
      ) : isError ? (
        // The server's message when it gave one (a daily limit, an unfinished onboarding).
        <LoadError message={errorMessage(error, t('profile.loadFailed'))} onRetry={refetch} />
      ) : !profile ? (
        <NotFoundNotice message={t('profile.notFound')} onBack={() => void goBack()} />
      ) : (
        <CandidateReadOnlyView profile={profile} />
      )}
    </AppScreen>
  );
}
