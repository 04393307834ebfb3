import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { FeedPage } from '#shared/schemas/jobs.ts';
import { api } from '../../lib/api.ts';
import { jobsKey } from '../jobs/api.ts';

export interface FeedFilter {
  q: string;
  type: string | null;
}

/** Under `jobs` so posting, editing or closing a job refreshes the feed. */
export const feedKey = (filter: FeedFilter) => [...jobsKey, 'feed', filter] as const;

export function fetchFeed(filter: FeedFilter, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.type) params.set('type', filter.type);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api<FeedPage>(`/api/jobs/feed${query ? `?${query}` : ''}`, { signal });
}

const feedQuery = (filter: FeedFilter) =>
  infiniteQueryOptions({
    queryKey: feedKey(filter),
    queryFn: ({ pageParam, signal }) => fetchFeed(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: FeedPage) =>
      last.nextCursor && last.jobs.length + last.wider.length >= PAGE_SIZE
        ? last.nextCursor
        : undefined,
  });

/** The seeker's feed in keyset pages of 20 (main, then wider); stops when a page is short or has no cursor. */
export function useJobFeed(filter: FeedFilter) {
  return useInfiniteQuery({
    ...feedQuery(filter),
    // Keep the cards (and the type chips) on screen while a new search loads.
    placeholderData: keepPreviousData,
  });
}

/** The first page of the unfiltered feed, fetched while the session is checked (app/guard.tsx). */
export function prefetchFeed(queryClient: QueryClient, search: string): Promise<void> | undefined {
  const params = new URLSearchParams(search);
  if (params.has('q') || params.has('type')) return undefined; // the screen asks itself
  return queryClient.prefetchInfiniteQuery(feedQuery({ q: '', type: null }));
}
