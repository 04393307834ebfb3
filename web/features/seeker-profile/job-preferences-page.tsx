import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { useSeekerProfile } from './api.ts';
import { JobPreferencesForm } from './job-preferences-form.tsx';

/** /update_job_preferences (role user): 'Job Preferences', pre-filled from the profile. */
export function JobPreferencesPage() {
  const { t } = useTranslation();
  const { data: profile, isPending, isError, refetch } = useSeekerProfile();
  return (
    <AppScreen
      title={t('preferences.title')}
      back={{ to: '/candidate-profile', label: t('preferences.back') }}
    >
      <p className="mb-5 text-slate-600">{t('preferences.subtitle')}</p>
      {isPending ? (
        <CardListSkeleton />
      ) : isError ? (
        <LoadError message={t('profile.loadFailed')} onRetry={refetch} />
      ) : (
        <JobPreferencesForm profile={profile} />
      )}
    </AppScreen>
  );
}
