import { useInfiniteQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { api } from '../../lib/api.ts';
import { jobsKey } from '../jobs/api.ts';

interface RecruiterJobsPage {
  jobs: JobView[];
  nextCursor: string | null;
}

/** Under `jobs` so a new post or a status change refreshes the list. */
export const recruiterJobsKey = [...jobsKey, 'recruiter'] as const;

/** The signed-in recruiter's own jobs, newest first, in keyset pages of 20. */
export function useRecruiterJobs() {
  return useInfiniteQuery({
    queryKey: recruiterJobsKey,
    queryFn: ({ pageParam, signal }) =>
      api<RecruiterJobsPage>(
        `/api/recruiter/jobs${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.nextCursor && last.jobs.length >= PAGE_SIZE ? last.nextCursor : undefined,
  });
}
