import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '#shared/limits.ts';
import { api } from '../../lib/api.ts';
import { jobsKey } from '../jobs/api.ts';

export type CandidateReasonCode =
  'category' | 'jobType' | 'experience' | 'salary' | 'nearby' | 'remote' | 'profile';

export interface CandidateReason {
  code: CandidateReasonCode;
  km?: number;
}

/** One recommended candidate (GET /api/recruiter/candidates). Pick-list fields are codes. */
export interface Candidate {
  userId: string;
  fullName: string | null;
  profileImage: string | null;
  jobTitle: string | null;
  companyName: string | null;
  degree: string | null;
  collegeName: string | null;
  collegeStartYear: number | null;
  collegeEndYear: number | null;
  jobType: string | null;
  experienceRange: string | null;
  workExperience: string | null;
  salaryRange: string | null;
  city: { id: number; name: string; state: string } | null;
  /** From the candidate's city to the city of the best-fitting job; null when unknown. */
  distanceKm: number | null;
  isOnline: boolean;
  /** 0-100, best first. */
  matchScore: number;
  reasons: CandidateReason[];
  bestJob: { id: string; title: string };
}

export interface CandidatesPage {
  candidates: Candidate[];
  hasMore: boolean;
}

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
