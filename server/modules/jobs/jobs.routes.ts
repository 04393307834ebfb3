import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobInput } from '#shared/schemas/jobs.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createJob } from './jobs.service.ts';

const createdJob = z.object({
  job: z.object({
    id: z.string(),
    title: z.string(),
    company: z.string(),
    location: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
});

export async function jobsRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/jobs',
    {
      config: { authMessage: 'jobs.mustLogin' },
      schema: { tags: ['jobs'], body: jobInput, response: { 201: createdJob } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      if (me.role !== 'recruiter') throw new AppError(403, 'jobs.onlyRecruiters');
      const job = await createJob(ctx, me.id, request.body);
      return reply.code(201).send({ job });
    },
  );
}
