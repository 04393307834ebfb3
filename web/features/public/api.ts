import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  PublicCompaniesPage,
  PublicFilters,
  PublicJobDetail,
  PublicJobsPage,
  SalaryGuide,
} from '#shared/schemas/public.ts';
import { api } from '../../lib/api.ts';

// The public pages' queries (issue 17, decision 027). Each is `{ queryKey, url }`: `url` is the
// GET of our API the screen reads, so the server can answer the same query before it renders the
// screen (web/app/server-data.ts SERVER_SCREENS) and the browser's first render finds it cached.

export interface PublicQuery {
  queryKey: readonly unknown[];
  url: string;
}

const root = ['public'] as const;

/** The filters of a job list, from the address's query string. */
export interface ListFilters {
  q: string;
  category: string;
  city: string;
}

export function listFilters(search: URLSearchParams): ListFilters {
  return {
    q: search.get('q')?.trim() ?? '',
    category: search.get('category') ?? '',
    city: search.get('city') ?? '',
  };
}

/** /jobs and /jobs/{slug}: the first page's query (later pages add `cursor`). */
export function jobsListQuery(slug: string | undefined, search: URLSearchParams): PublicQuery {
  const f = listFilters(search);
  const params = new URLSearchParams();
  if (slug) params.set('in', slug);
  if (f.q) params.set('q', f.q);
  if (f.category) params.set('category', f.category);
  if (f.city) params.set('city', f.city);
  const query = params.size ? `?${params}` : '';
  return {
    queryKey: [...root, 'jobs', slug ?? '', f.q, f.category, f.city],
    url: `/api/public/jobs${query}`,
  };
}

export function jobQuery(id: string): PublicQuery {
  return { queryKey: [...root, 'job', id], url: `/api/public/jobs/${encodeURIComponent(id)}` };
}

export const filtersQuery = (): PublicQuery => ({
  queryKey: [...root, 'filters'],
  url: '/api/public/filters',
});

export const companiesQuery = (): PublicQuery => ({
  queryKey: [...root, 'companies'],
  url: '/api/public/companies',
});

export const salaryGuideQuery = (): PublicQuery => ({
  queryKey: [...root, 'salary-guide'],
  url: '/api/public/salary-guide',
});

const withCursor = (url: string, cursor: string | null) =>
  cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url;

export function usePublicJobs(query: PublicQuery) {
  return useInfiniteQuery({
    queryKey: query.queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<PublicJobsPage>(withCursor(query.url, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePublicJob(id: string) {
  const query = jobQuery(id);
  return useQuery({
    queryKey: query.queryKey,
    queryFn: ({ signal }) => api<{ job: PublicJobDetail }>(query.url, { signal }),
    enabled: id !== '',
  });
}

export function usePublicFilters() {
  const query = filtersQuery();
  return useQuery({
    queryKey: query.queryKey,
    queryFn: ({ signal }) => api<PublicFilters>(query.url, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function usePublicCompanies() {
  const query = companiesQuery();
  return useInfiniteQuery({
    queryKey: query.queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<PublicCompaniesPage>(withCursor(query.url, pageParam), { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSalaryGuide() {
  const query = salaryGuideQuery();
  return useQuery({
    queryKey: query.queryKey,
    queryFn: ({ signal }) => api<SalaryGuide>(query.url, { signal }),
    staleTime: 5 * 60_000,
  });
}
