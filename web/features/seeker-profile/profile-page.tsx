import { Navigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { useMe } from '../../lib/session.ts';
import { useSeekerProfile } from './api.ts';
import { ProfileSummary } from './profile-summary.tsx';

/**
 * /profile (login): the profile screen with an 'Edit Profile' dialog (name, bio, education,
 * current work, skills, picture) and Sign Out. For a seeker it reads and writes
 * /api/seeker/profile. A recruiter has no seeker profile: their profile screen is
 * /recruiter-settings ('Profile Settings'), so they are redirected there.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const isSeeker = me?.role === 'user';
  const { data: profile, isPending, isError, refetch } = useSeekerProfile(isSeeker);
  if (!isSeeker) return <Navigate to="/recruiter-settings" replace />;
  return (
    <AppScreen title={t('nav.profile')}>
      {isPending ? (
        <CardListSkeleton />
      ) : isError || !profile ? (
        <LoadError message={t('profile.loadFailed')} onRetry={refetch} />
      ) : (
        <ProfileSummary profile={profile} />
      )}
    </AppScreen>
  );
}
