import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { jobPatch, JobView } from '#shared/schemas/jobs.ts';
import { api } from '../../lib/api.ts';
import { jobsKey } from '../jobs/api.ts';

/** Under `jobs` so a new post, an edit or a status change refreshes every job screen. */
export const jobDetailKey = (id: string) => [...jobsKey, 'detail', id] as const;

export function useJob(id: string) {
  return useQuery({
    queryKey: jobDetailKey(id),
    queryFn: ({ signal }) =>
      api<{ job: JobView }>(`/api/jobs/${encodeURIComponent(id)}`, { signal }).then((r) => r.job),
  });
}

export type JobPatch = z.output<typeof jobPatch>;

/** PATCH /api/jobs/:id (owner only, checked by the server) → the job as it is now. */
export const updateJob = (id: string, body: JobPatch) =>
  api<{ job: JobView }>(`/api/jobs/${encodeURIComponent(id)}`, { method: 'PATCH', body }).then(
    (r) => r.job,
  );

/** PUT /api/jobs/:id/status (owner only) → the job as it is now. */
export const setJobStatus = (id: string, status: JobView['status']) =>
  api<{ job: JobView }>(`/api/jobs/${encodeURIComponent(id)}/status`, {
    method: 'PUT',
    body: { status },
  }).then((r) => r.job);

/** After a change: this job from the answer, every list of jobs refetched. */
export function jobChanged(queryClient: QueryClient, job: JobView): void {
  queryClient.setQueryData(jobDetailKey(job.id), job);
  void queryClient.invalidateQueries({
    queryKey: jobsKey,
    predicate: (query) => query.queryKey[1] !== 'detail',
  });
}
