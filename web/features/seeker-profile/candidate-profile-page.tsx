import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { useSeekerProfile } from './api.ts';
import { OwnProfileView } from './own-profile-view.tsx';

/** /candidate-profile (role user): the seeker's own, editable profile. */
export function CandidateProfilePage() {
  const { t } = useTranslation();
  const { data: profile, isPending, isError, refetch } = useSeekerProfile();
  return (
    <AppScreen title={t('profile.title')}>
      {isPending ? (
        <CardListSkeleton />
      ) : isError || !profile ? (
        <LoadError message={t('profile.loadFailed')} onRetry={refetch} />
      ) : (
        <OwnProfileView profile={profile} />
      )}
    </AppScreen>
  );
}
