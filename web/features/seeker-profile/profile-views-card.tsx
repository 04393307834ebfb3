import { useTranslation } from '#web/lib/i18n.ts';
import { useProfileViews } from './api.ts';
import { RecruiterActivityCard } from './recruiter-activity-card.tsx';

/** Which recruiters opened the seeker's profile, newest first (every view is logged). */
export function ProfileViewsCard() {
  const { t } = useTranslation();
  const query = useProfileViews();
  return (
    <RecruiterActivityCard
      title={t('trust.viewsTitle')}
      empty={t('trust.noViews')}
      who={(vars) => t('trust.viewedBy', vars)}
      dateLine={(date) => t('trust.viewedOn', { date })}
      query={query}
    />
  );
}
