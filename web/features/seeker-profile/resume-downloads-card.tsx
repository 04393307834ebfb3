import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useResumeDownloads } from './api.ts';
import { SectionCard } from '../../components/profile/section-card.tsx';

/** Who downloaded the seeker's resume (every recruiter download is logged). */
export function ResumeDownloadsCard() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useResumeDownloads();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });

  return (
    <SectionCard title={t('profile.downloadsTitle')}>
      {isPending ? (
        <p className="text-sm text-slate-500">{t('common.loading')}</p>
      ) : isError ? (
        <p className="text-sm text-red-600">{t('profile.loadFailed')}</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('profile.noDownloads')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {data.map((d) => (
            <li key={`${d.downloadedAt}-${d.recruiterName}`} className="py-2 text-sm">
              <p className="flex items-center gap-1 font-medium">
                {t('profile.downloadedBy', {
                  name: d.recruiterName ?? t('profile.notSet'),
                  company: d.companyName ?? t('profile.notSet'),
                })}
                {d.isVerified && (
                  <span className="inline-flex items-center gap-0.5 text-xs text-brand-700">
                    <BadgeCheck size={14} aria-hidden="true" />
                    {t('profile.verified')}
                  </span>
                )}
              </p>
              <p className="text-slate-500">
                {t('profile.downloadedOn', { date: date(d.downloadedAt) })}
              </p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
