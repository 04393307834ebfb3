import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTypedBeforeTakeover } from '#web/lib/use-typed-before-takeover.ts';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { JOB_TYPES, pickLabel } from '#shared/picklists.ts';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { Bone, CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { AppScreen } from '../../components/layout/app-screen.tsx';
import { prefetchFeed, useJobFeed } from './api.ts';
import { JobCard } from './job-card.tsx';
import { useBottomMarker } from '../../lib/use-bottom-marker.ts';

const SEARCH_DELAY_MS = 300;
const isJobType = (v: string | null): v is string =>
  v !== null && (JOB_TYPES as readonly string[]).includes(v);

function withParam(prev: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (value) next.set(key, value);
  else next.delete(key);
  return next;
}

/** Its first page, asked for while the session is being checked (app/guard.tsx). */
export const prefetch = (queryClient: QueryClient) =>
  prefetchFeed(queryClient, window.location.search);

/**
 * /jobseeker-dashboard: the seeker's feed. Search (server-side, debounced) and the type filter
 * live in the URL (?q=&type=), so coming back from a job page shows the same list.
 */
/**
 * Cards below the screen are not laid out or painted until they come near it (the browser's
 * `content-visibility`), so a page of 20 server-rendered cards paints and hydrates as quickly as
 * the few that show (decision 024). The intrinsic size is a card's usual height, so the scrollbar
 * does not jump.
 */
const OFFSCREEN_CARD = '[content-visibility:auto] [contain-intrinsic-size:auto_190px]';

export function JobFeedPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const widerId = useId();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawType = params.get('type');
  const type = isJobType(rawType) ? rawType : null;

  // What is typed; the URL (and so the query) follows once typing stops.
  const [text, setText] = useState(q);
  const searchField = useRef<HTMLInputElement>(null);
  // Typed before the app took the server's page over: searched once it has.
  useTypedBeforeTakeover(searchField, text, setText);
  // The search this screen last put in the URL, so its own changes never overwrite what is typed.
  const [requested, setRequested] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    if (q !== requested) {
      // The URL changed from outside (back/forward, the Home tab): show its search.
      setRequested(q);
      setText(q);
    }
  }

  const applySearch = (value: string) => {
    setRequested(value);
    setParams((prev) => withParam(prev, 'q', value), { replace: true });
  };
  const chooseType = (value: string | null) =>
    setParams((prev) => withParam(prev, 'type', value), { replace: true });

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => {
      setRequested(wanted);
      setParams((prev) => withParam(prev, 'q', wanted), { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, setParams]);

  const clearAll = () => {
    setText('');
    setRequested('');
    setParams({}, { replace: true });
  };

  const feed = useJobFeed({ q, type });
  const { data, isPending, isFetchingNextPage } = feed;
  const marker = useBottomMarker(feed);

  const jobs = data?.pages.flatMap((p) => p.jobs) ?? [];
  // Decision 020: once the jobs matching the seeker's preferences run out, a labelled section.
  const wider = data?.pages.flatMap((p) => p.wider) ?? [];
  const fewMatches = data?.pages[0]?.fewMatches ?? false;
  const types = data?.pages[0]?.types ?? [];
  const chips = type && !types.includes(type) ? [...types, type] : types;

  function submit(event: FormEvent) {
    event.preventDefault();
    applySearch(text.trim());
  }

  return (
    <AppScreen title={t('jobs.feedTitle')}>
      <form role="search" onSubmit={submit} className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('jobs.searchLabel')}
        </label>
        <Search
          size={18}
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-400"
        />
        <input
          ref={searchField}
          id={searchId}
          // Named, so Enter before the app has taken the page over asks the server for ?q=.
          name="q"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('jobs.searchPlaceholder')}
          maxLength={100}
          autoComplete="off"
          enterKeyHint="search"
          className={`${inputClass} pl-10`}
        />
        {/* The type chosen goes with such an early search too (a form sends only its fields). */}
        {type && <input type="hidden" name="type" value={type} />}
      </form>

      {isPending ? (
        // The type chips come with the first page: hold their row so the list does not jump.
        <div aria-hidden="true" className="-mx-4 mt-3 flex gap-2 overflow-hidden px-4 pb-1">
          {['w-16', 'w-20', 'w-24', 'w-20'].map((w, i) => (
            <Bone key={i} className={`h-11 ${w} shrink-0 rounded-full`} />
          ))}
        </div>
      ) : (
        chips.length > 0 && (
          <div
            role="group"
            aria-label={t('jobs.typeFilter')}
            className="-mx-4 mt-3 flex gap-2 overflow-x-auto px-4 pb-1"
          >
            <TypeChip
              label={t('jobs.all')}
              pressed={type === null}
              onClick={() => chooseType(null)}
            />
            {chips.map((code) => (
              <TypeChip
                key={code}
                label={pickLabel('jobType', code)}
                pressed={type === code}
                onClick={() => chooseType(code)}
              />
            ))}
          </div>
        )
      )}

      <div className="mt-4">
        {isPending ? (
          <CardListSkeleton />
        ) : jobs.length === 0 && wider.length === 0 ? (
          // Spec section 8: a feed error silently yields an empty list.
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-base font-semibold text-slate-700">{t('jobs.noJobs')}</p>
            <Button variant="outline" onClick={clearAll}>
              {t('jobs.clearSearch')}
            </Button>
          </div>
        ) : (
          <>
            {jobs.length > 0 && (
              <ul
                aria-label={t('jobs.results')}
                aria-busy={feed.isPlaceholderData}
                className={`flex flex-col gap-3 ${feed.isPlaceholderData ? 'opacity-60' : ''}`}
              >
                {jobs.map((job) => (
                  <li key={job.id} className={OFFSCREEN_CARD}>
                    <JobCard job={job} />
                  </li>
                ))}
              </ul>
            )}
            {wider.length > 0 && (
              <section aria-labelledby={widerId} className="mt-6">
                {fewMatches && (
                  <p className="mb-3 text-sm text-slate-600">{t('jobs.fewMatches')}</p>
                )}
                <h2 id={widerId} className="text-base font-semibold text-slate-800">
                  {t('jobs.widerTitle')}
                </h2>
                <p className="mb-3 text-sm text-slate-500">
                  {t(q ? 'jobs.widerSearchHint' : 'jobs.widerHint')}
                </p>
                <ul
                  aria-label={t('jobs.widerResults')}
                  aria-busy={feed.isPlaceholderData}
                  className={`flex flex-col gap-3 ${feed.isPlaceholderData ? 'opacity-60' : ''}`}
                >
                  {wider.map((job) => (
                    <li key={job.id} className={OFFSCREEN_CARD}>
                      <JobCard job={job} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div ref={marker} aria-hidden="true" className="h-4" />
          </>
        )}
        <p role="status" aria-live="polite" className="py-2 text-center text-sm text-slate-500">
          {isFetchingNextPage ? t('jobs.loadingMore') : ''}
        </p>
      </div>
    </AppScreen>
  );
}

function TypeChip({
  label,
  pressed,
  onClick,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`min-h-11 shrink-0 rounded-full border px-4 text-sm font-medium transition-colors ${
        pressed
          ? 'border-brand-700 bg-brand-700 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500'
      }`}
    >
      {label}
    </button>
  );
}
