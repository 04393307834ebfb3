import { useTranslation } from '#web/lib/i18n.ts';
import { useResumeDownloads } from './api.ts';
import { RecruiterActivityCard } from './recruiter-activity-card.tsx';

/** Who downloaded the seeker's resume (every recruiter download is logged). */
export function ResumeDownloadsCard() {
  const { t } = useTranslation();
  const query = useResumeDownloads();
  const data = query.data?.map((d) => ({ ...d, at: d.downloadedAt }));
  return (
    <RecruiterActivityCard
      title={t('profile.downloadsTitle')}
      empty={t('profile.noDownloads')}
      who={(vars) => t('profile.downloadedBy', vars)}
      dateLine={(date) => t('profile.downloadedOn', { date })}
      query={{ ...query, data }}
    />
  );
}
