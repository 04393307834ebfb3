import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import {
  FinishOnboardingNotice,
  needsOnboarding,
} from '../../components/finish-onboarding-notice.tsx';
import { errorMessage } from '../../lib/api.ts';
import { useBottomMarker } from '../../lib/use-bottom-marker.ts';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { useRecommendedCandidates, type Candidate } from './api.ts';
import { CandidateCard } from './candidate-card.tsx';

/** Pages are offsets into a ranking that can move between requests: show each person once. */
function uniqueCandidates(pages: { candidates: Candidate[] }[]): Candidate[] {
  const seen = new Set<string>();
  const list: Candidate[] = [];
  for (const page of pages) {
    for (const c of page.candidates) {
      if (seen.has(c.userId)) continue;
      seen.add(c.userId);
      list.push(c);
    }
  }
  return list;
}

/**
 * /recruiter-dashboard/Home: the candidates who fit the recruiter's open jobs best, with the
 * score and the reasons, in pages of 20 loaded as the bottom marker comes into view.
 */
export function RecruiterHomePage() {
  const { t } = useTranslation();
  const query = useRecommendedCandidates();
  const {
    data,
    error,
    isPending,
    isError,
    isFetchingNextPage,
    isFetchNextPageError,
    refetch,
    fetchNextPage,
  } = query;
  const marker = useBottomMarker(query);
  const candidates = data ? uniqueCandidates(data.pages) : [];

  let body: ReactNode;
  if (isPending) body = <CardListSkeleton />;
  else if (isError && candidates.length === 0 && needsOnboarding(error))
    body = <FinishOnboardingNotice message={errorMessage(error, t('candidates.loadFailed'))} />;
  else if (isError && candidates.length === 0)
    // The server's message when it gave one (a limit says when to try again).
    body = (
      <LoadError message={errorMessage(error, t('candidates.loadFailed'))} onRetry={refetch} />
    );
  else if (candidates.length === 0)
    body = (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-12 text-center">
        <p className="text-base font-semibold text-slate-700">{t('candidates.noCandidates')}</p>
        <p className="text-sm text-slate-500">{t('candidates.noCandidatesHint')}</p>
        <Link
          to="/post-job"
          className="mt-1 inline-flex min-h-11 items-center rounded-xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('candidates.postJob')}
        </Link>
      </div>
    );
  else
    body = (
      <>
        <ul aria-label={t('candidates.results')} className="flex flex-col gap-3">
          {candidates.map((c) => (
            <li key={c.userId}>
              <CandidateCard candidate={c} />
            </li>
          ))}
        </ul>
        <div ref={marker} aria-hidden="true" className="h-4" />
        {isFetchNextPageError && (
          <div className="py-2">
            <LoadError
              inline
              message={errorMessage(error, t('candidates.loadFailed'))}
              onRetry={fetchNextPage}
            />
          </div>
        )}
      </>
    );

  return (
    <AppScreen title={t('candidates.title')}>
      {body}
      <p role="status" aria-live="polite" className="py-2 text-center text-sm text-slate-500">
        {isFetchingNextPage ? t('candidates.loadingMore') : ''}
      </p>
    </AppScreen>
  );
}
