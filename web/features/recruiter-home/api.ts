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

export const fetchCandidates = (after: string | null, signal?: AbortSignal) =>
  api<CandidatesPage>(
    `/api/recruiter/candidates?limit=${PAGE_SIZE}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    { signal },
  );

/**
 * The recruiter's recommended candidates in pages of 20, each read after the last candidate of
 * the one before (a cursor, not an offset: a candidate blocked or rescored meanwhile shifts no
 * one else), until the server says no more.
 */
export function useRecommendedCandidates() {
  return useInfiniteQuery({
    queryKey: candidatesKey,
    queryFn: ({ pageParam, signal }) => fetchCandidates(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore ? last.nextCursor : undefined),
  });
}
