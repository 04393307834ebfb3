import { useId, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { useTranslation, type MessageKey, type TFunction } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import {
  categoryBySlug,
  categorySlug,
  topicBySlug,
  type JobCategory,
} from '#shared/public-paths.ts';
import type { PublicListing } from '#shared/schemas/public.ts';
import { Button } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Bone, CardListSkeleton } from '../../components/ui/skeleton.tsx';
import { ApiError } from '../../lib/api.ts';
import { PageHead } from './page-head.tsx';
import { PublicLayout } from './public-layout.tsx';
import { PublicNotFound } from './public-not-found.tsx';
import { ShowMoreButton } from './show-more-button.tsx';
import { PublicJobCard } from './public-job-card.tsx';
import { jobsListQuery, listFilters, usePublicFilters, usePublicJobs } from './api.ts';

/** What a listing is called, in the page's h1 and <title>. */
function listingTitle(t: TFunction, listing: PublicListing): string {
  if (listing.kind === 'category' && listing.category)
    return t('public.list.categoryTitle', { category: pickLabel('jobCategory', listing.category) });
  if (listing.kind === 'city' && listing.city)
    return t('public.list.cityTitle', { city: listing.city.name });
  if (listing.kind === 'topic' && listing.topic)
    return t('public.list.topicTitle', {
      topic: t(`public.topics.${listing.topic}` as MessageKey),
    });
  return t('public.list.allTitle');
}

function listingDescription(t: TFunction, listing: PublicListing): string {
  if (listing.kind === 'category' && listing.category)
    return t('public.list.categoryDescription', {
      category: pickLabel('jobCategory', listing.category),
    });
  if (listing.kind === 'city' && listing.city)
    return t('public.list.cityDescription', {
      city: listing.city.name,
      state: listing.city.state,
    });
  if (listing.kind === 'topic' && listing.topic)
    return t('public.list.topicDescription', {
      topic: t(`public.topics.${listing.topic}` as MessageKey),
    });
  return t('public.list.allDescription');
}

/** The listing a slug stands for when it is known without the server (all, category, topic). */
function localListing(slug: string | undefined): PublicListing | null {
  const none = { slug: slug ?? null, category: null, city: null, topic: null };
  if (!slug) return { ...none, kind: 'all' };
  const category = categoryBySlug(slug);
  if (category) return { ...none, kind: 'category', category };
  const topic = topicBySlug(slug);
  if (topic) return { ...none, kind: 'topic', topic: topic.key, category: topic.category };
  return null; // a city: the server knows its name
}

/**
 * /jobs, /jobs/{category-slug}, /jobs/{city-slug} and the topic pages (issue 17): open jobs for
 * anyone, newest first, with search, category and city filters and "Show more" pages. A filter
 * of one category or one city alone goes to that page's own address.
 */
export function PublicJobsPage() {
  const { t } = useTranslation();
  const slug = useParams().slug?.toLowerCase();
  const [search] = useSearchParams();
  const query = jobsListQuery(slug, search);
  const jobs = usePublicJobs(query);
  const filters = listFilters(search);
  const filtered = Boolean(filters.q || filters.category || filters.city);

  const notFound = jobs.error instanceof ApiError && jobs.error.status === 404;
  const listing = jobs.data?.pages[0]?.listing ?? localListing(slug);
  const all = jobs.data?.pages.flatMap((p) => p.jobs) ?? [];
  const path = slug ? `/jobs/${slug}` : '/jobs';

  if (notFound)
    return (
      <PublicNotFound
        title={t('public.notFoundTitle')}
        text={t('public.notFoundText')}
        path={path}
      />
    );

  const title = listing ? listingTitle(t, listing) : null;
  return (
    <PublicLayout wide>
      {listing && title && (
        <PageHead
          title={t('public.list.metaTitle', { title })}
          description={listingDescription(t, listing)}
          path={path}
          // A search's results are not a page of their own: its address is the listing's.
          noIndex={Boolean(filters.q)}
        />
      )}
      <div className="mb-5">
        {title ? (
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        ) : (
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            <span className="sr-only">{t('common.loading')}</span>
            <Bone className="h-8 w-56" />
          </h1>
        )}
        {listing && <p className="mt-2 text-slate-700">{listingDescription(t, listing)}</p>}
      </div>

      <FilterForm key={search.toString() + (slug ?? '')} listing={listing} />

      <section aria-label={t('public.list.results')} className="mt-6">
        {jobs.isPending ? (
          <CardListSkeleton count={5} />
        ) : jobs.isError && !jobs.data ? (
          <LoadError message={t('public.loadFailed')} onRetry={jobs.refetch} />
        ) : all.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
            <p className="font-semibold text-slate-900">{t('public.list.empty')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('public.list.emptyHint')}</p>
            {(filtered || slug) && (
              <Link
                to="/jobs"
                className="mt-4 inline-flex min-h-11 items-center rounded-xl px-4 font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t('public.browseAll')}
              </Link>
            )}
          </div>
        ) : (
          <>
            <ul className="grid gap-3 md:grid-cols-2">
              {all.map((job) => (
                <li key={job.id}>
                  <PublicJobCard job={job} />
                </li>
              ))}
            </ul>
            <ShowMoreButton pages={jobs} />
          </>
        )}
      </section>

      <BrowseLinks />
    </PublicLayout>
  );
}

/** Search words, category and city; one category or one city alone opens its own page. */
function FilterForm({ listing }: { listing: PublicListing | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const current = listFilters(search);
  const { data: options } = usePublicFilters();
  const id = useId();
  const category = current.category || listing?.category || '';
  const city = current.city || listing?.city?.slug || '';
  const words = current.q;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const q = String(form.get('q') ?? '').trim();
    const c = String(form.get('category') ?? '');
    const place = String(form.get('city') ?? '');
    if (!q && c && !place) return void navigate(`/jobs/${categorySlug(c as JobCategory)}`);
    if (!q && !c && place) return void navigate(`/jobs/${place}`);
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (c) params.set('category', c);
    if (place) params.set('city', place);
    void navigate(params.size ? `/jobs?${params}` : '/jobs');
  };

  const fieldClass =
    'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600';
  const knownCity = !city || options?.cities.some((c) => c.slug === city);
  return (
    <form
      role="search"
      onSubmit={submit}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
    >
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('public.list.searchLabel')}
        </label>
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          defaultValue={words}
          maxLength={100}
          placeholder={t('public.list.searchPlaceholder')}
          className={fieldClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('public.list.categoryLabel')}
        </label>
        <select
          id={`${id}-category`}
          name="category"
          defaultValue={category}
          className={fieldClass}
        >
          <option value="">{t('public.list.anyCategory')}</option>
          {(options?.categories ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {pickLabel('jobCategory', c.code)}
            </option>
          ))}
          {!options && category && (
            <option value={category}>{pickLabel('jobCategory', category)}</option>
          )}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-city`} className="mb-1 block text-sm font-medium text-slate-800">
          {t('public.list.cityLabel')}
        </label>
        <select
          id={`${id}-city`}
          name="city"
          // The options come with the filters' answer: the select starts over when they arrive.
          key={options ? 'loaded' : 'loading'}
          defaultValue={city}
          className={fieldClass}
        >
          <option value="">{t('public.list.anyCity')}</option>
          {(options?.cities ?? []).map((c) => (
            <option key={c.slug} value={c.slug}>
              {t('public.list.cityOption', { city: c.name, count: c.jobs })}
            </option>
          ))}
          {!knownCity && <option value={city}>{listing?.city?.name ?? city}</option>}
        </select>
      </div>
      <Button type="submit" className="w-full sm:w-auto">
        <Search size={18} aria-hidden="true" />
        {t('public.list.apply')}
      </Button>
    </form>
  );
}

/** Every category and the cities with the most jobs, as links: how visitors and crawlers browse. */
function BrowseLinks() {
  const { t } = useTranslation();
  const { data } = usePublicFilters();
  const chip =
    'inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:border-brand-600 hover:text-brand-700';
  return (
    <div className="mt-10 grid gap-6 md:grid-cols-2">
      <section aria-labelledby="by-category">
        <h2 id="by-category" className="mb-3 text-lg font-bold">
          {t('public.list.byCategory')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {(data?.categories ?? []).map((c) => (
            <li key={c.code}>
              <Link to={`/jobs/${c.slug}`} className={chip}>
                {pickLabel('jobCategory', c.code)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="by-city">
        <h2 id="by-city" className="mb-3 text-lg font-bold">
          {t('public.list.byCity')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          {(data?.cities ?? []).slice(0, 20).map((c) => (
            <li key={c.slug}>
              <Link to={`/jobs/${c.slug}`} className={chip}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
