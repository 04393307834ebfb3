import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { useSeekerProfile } from './api.ts';
import { LoadFailed } from './load-failed.tsx';
import { OwnProfileView } from './own-profile-view.tsx';

/** /candidate-profile (role user): the seeker's own, editable profile. */
export function CandidateProfilePage() {
  const { t } = useTranslation();
  const { data: profile, isPending, isError } = useSeekerProfile();
  return (
    <AppScreen title={t('profile.title')}>
      {isPending ? (
        <CardListSkeleton />
      ) : isError || !profile ? (
        <LoadFailed />
      ) : (
        <OwnProfileView profile={profile} />
      )}
    </AppScreen>
  );
}
