import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { CandidatesPage } from '#shared/schemas/matching.ts';
import { api } from '../../lib/api.ts';
import { jobsKey } from '../jobs/api.ts';

export type {
  CandidateView as Candidate,
  CandidateReason,
  CandidatesPage,
} from '#shared/schemas/matching.ts';

/**
 * Under `jobs`: posting, editing or closing a job changes who fits, so it refreshes this list.
 */
export const candidatesKey = [...jobsKey, 'recommended-candidates'] as const;

export const fetchCandidates = (offset: number, signal?: AbortSignal) =>
  api<CandidatesPage>(`/api/recruiter/candidates?limit=${PAGE_SIZE}&offset=${offset}`, {
    signal,
  });

/** The recruiter's recommended candidates in offset pages of 20, until the server says no more. */
export function useRecommendedCandidates() {
  return useInfiniteQuery({
    queryKey: candidatesKey,
    queryFn: ({ pageParam, signal }) => fetchCandidates(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * PAGE_SIZE : undefined),
  });
}
