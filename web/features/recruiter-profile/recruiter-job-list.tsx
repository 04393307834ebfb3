import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { useBottomMarker } from '../../lib/use-bottom-marker.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { useRecruiterJobs } from './jobs-api.ts';
import { RecruiterJobCard } from './recruiter-job-card.tsx';

/**
 * 'My job posts' on the recruiter's Profile tab: their jobs newest first, the next page of 20
 * when the bottom marker shows, 'No job posts yet' with 'Post your first job' when there are none.
 */
export function RecruiterJobList() {
  const { t } = useTranslation();
  const query = useRecruiterJobs();
  const { data, isPending, isError, isFetchingNextPage, refetch } = query;
  const marker = useBottomMarker(query);
  const jobs = data?.pages.flatMap((p) => p.jobs) ?? [];

  if (isPending)
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-500">
        {t('recruiterHome.loadingJobs')}
      </p>
    );
  if (isError && jobs.length === 0)
    return <LoadError message={t('recruiterHome.jobsFailed')} onRetry={refetch} />;
  if (jobs.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center">
        <p className="font-semibold text-slate-700">{t('recruiterHome.noJobs')}</p>
        <Link
          to="/post-job"
          className="inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('recruiterHome.postFirst')}
        </Link>
      </div>
    );

  return (
    <>
      <ul aria-label={t('recruiterHome.myJobs')} className="flex flex-col gap-3">
        {jobs.map((job) => (
          <li key={job.id}>
            <RecruiterJobCard job={job} />
          </li>
        ))}
      </ul>
      <div ref={marker} aria-hidden="true" className="h-4" />
      <p role="status" aria-live="polite" className="py-2 text-center text-sm text-slate-500">
        {isFetchingNextPage ? t('recruiterHome.loadingMore') : ''}
      </p>
    </>
  );
}
