import type { z } from 'zod';
import type { jobInput, JobView } from '#shared/schemas/jobs.ts';
import { api } from '../../lib/api.ts';

/** Root of every job query (feeds, the recruiter's list, a job): invalidated after a post. */
export const jobsKey = ['jobs'] as const;

export type JobBody = z.output<typeof jobInput>;

/** POST /api/jobs → 201 {job}: the company is the recruiter's own, set by the server. */
export const postJob = (body: JobBody) =>
  api<{ job: JobView }>('/api/jobs', { method: 'POST', body }).then((r) => r.job);
