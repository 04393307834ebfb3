import { useTranslation } from '#web/lib/i18n.ts';
import { SectionCard } from '../../components/profile/section-card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { formatDate } from '../../lib/dates.ts';
import { VerifiedMark } from '../../components/verified-mark.tsx';
import type { RecruiterVisit } from './api.ts';

export interface RecruiterActivity extends RecruiterVisit {
  /** When it happened (ISO). */
  at: string;
}

/**
 * A card listing what recruiters did with the seeker's data (viewed the profile, downloaded the
 * resume): who, at which company, the verified mark with its domain, and when. Both cards look
 * alike so the seeker reads them the same way.
 */
export function RecruiterActivityCard({
  title,
  empty,
  who,
  dateLine,
  query,
}: {
  title: string;
  empty: string;
  /** "Priya Sharma at Zenith Softworks". */
  who: (vars: { name: string; company: string }) => string;
  /** "Viewed on 3 Mar 2026" / "Downloaded on 3 Mar 2026". */
  dateLine: (date: string) => string;
  query: {
    data: RecruiterActivity[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
}) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatDate(iso, i18n.language);
  const { data, isPending, isError, refetch } = query;

  return (
    <SectionCard title={title}>
      {isPending ? (
        <p className="text-sm text-slate-500">{t('common.loading')}</p>
      ) : isError || !data ? (
        <LoadError inline message={t('profile.loadFailed')} onRetry={refetch} />
      ) : data.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {data.map((d, i) => (
            <li key={`${d.at}-${i}`} className="py-2 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 font-medium">
                {who({
                  name: d.recruiterName ?? t('profile.notSet'),
                  company: d.companyName ?? t('profile.notSet'),
                })}
                {d.isVerified && <VerifiedMark domain={d.verifiedDomain} />}
              </p>
              <p className="text-slate-500">{dateLine(date(d.at))}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
