import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { RecruiterJobList } from './recruiter-job-list.tsx';
import { useRecruiterProfile } from './api.ts';
import { ProfileHeader } from './profile-header.tsx';

/** /recruiter-dashboard/Profile: the recruiter's header, their job posts, and Sign Out. */
export function ProfileTabPage() {
  const { t } = useTranslation();
  const { data: profile, isPending, isError, refetch } = useRecruiterProfile();
  return (
    <AppScreen title={t('recruiterHome.profileTab')}>
      {isPending ? (
        <CardListSkeleton />
      ) : isError ? (
        <LoadError message={t('profile.loadFailed')} onRetry={refetch} />
      ) : (
        <ProfileHeader profile={profile} />
      )}
      {/* Above the job list, not below it: the list loads more as it scrolls, so a button at its
          end would keep moving away. */}
      <div className="mt-3 flex justify-end">
        <SignOutButton className="min-h-11 px-3" />
      </div>

      <div className="mb-3 mt-6 flex items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t('recruiterHome.myJobs')}</h2>
        <Link
          to="/post-job"
          className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('recruiterHome.postNew')}
        </Link>
      </div>
      {/* The recruiter's job list (cards, empty state, infinite scroll) belongs to the job list
          issue: it renders inside this container. */}
      <div data-slot="recruiter-job-list">
        <RecruiterJobList />
      </div>
    </AppScreen>
  );
}
