import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedPage,
  feedQuery,
  type FeedPage,
  jobInput,
  jobPage,
  jobPatch,
  jobStatusBody,
  jobView,
} from '#shared/schemas/jobs.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createJob, setJobStatus, updateJob } from './jobs.service.ts';
import { findJob, recruiterJobs } from './jobs.repo.ts';
import { explain, seekerFeed, seekerSide } from './feed.repo.ts';
import { presentJob } from './job-select.ts';
import { feedPageJson } from './feed-json.ts';

const idParams = z.object({ id: z.string().max(64) });
const jobAnswer = z.object({ job: jobView });

export async function jobsRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The job page's view: with the viewer's match when the viewer is a seeker. */
  const viewJob = async (id: string, viewer: { id: string; role: string | null }) => {
    const row = await findJob(ctx.db, id, viewer.id);
    if (!row) throw notFound('jobs.notFound');
    const match = viewer.role === 'user' ? explain(await seekerSide(ctx.db, viewer.id), row) : null;
    const job = presentJob(row, match);
    job.recruiter.isOnline = (await ctx.bus.online([job.recruiter.id])).has(job.recruiter.id);
    return { job };
  };

  app.post(
    '/api/jobs',
    {
      config: { policy: 'job.post', authMessage: 'jobs.mustLogin' },
      schema: { tags: ['jobs'], body: jobInput, response: { 201: jobAnswer } },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const id = await createJob(ctx, me.id, request.body);
      return reply.code(201).send(await viewJob(id, me));
    },
  );

  app.get(
    '/api/jobs/feed',
    {
      config: { policy: 'seekerProfile' },
      schema: {
        tags: ['jobs'],
        querystring: feedQuery,
        response: {
          200: feedPage,
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      // Type chips (`types`) only with the first page: the rest of the pages keep the chips.
      const page = await seekerFeed(ctx.db, me.id, request.query);
      const shown = [...page.jobs, ...page.wider];
      const online = await ctx.bus.online([...new Set(shown.map((j) => j.recruiter.id))]);
      for (const job of shown) job.recruiter.isOnline = online.has(job.recruiter.id);
      // The schema's JSON, from the cards' text written once (feed-json.ts). Fastify sends a
      // string typed as JSON as it is; the schema stays the route's contract and documentation.
      return reply
        .type('application/json; charset=utf-8')
        .send(feedPageJson(page) as unknown as FeedPage);
    },
  );

  app.get(
    '/api/recruiter/jobs',
    {
      config: { policy: 'recruiter' },
      schema: {
        tags: ['jobs'],
        querystring: z.object({ cursor: z.string().max(300).optional() }),
        response: { 200: jobPage },
      },
    },
    async (request) => recruiterJobs(ctx.db, requireUser(request).id, request.query.cursor),
  );

  app.get(
    '/api/jobs/:id',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['jobs'], params: idParams, response: { 200: jobAnswer } },
    },
    async (request) => viewJob(request.params.id, requireUser(request)),
  );

  app.patch(
    '/api/jobs/:id',
    {
      config: { policy: 'job.manage' },
      schema: { tags: ['jobs'], params: idParams, body: jobPatch, response: { 200: jobAnswer } },
    },
    async (request) => {
      const me = requireUser(request);
      await updateJob(ctx, me, request.params.id, request.body);
      return viewJob(request.params.id, me);
    },
  );

  app.put(
    '/api/jobs/:id/status',
    {
      config: { policy: 'job.manage' },
      schema: {
        tags: ['jobs'],
        params: idParams,
        body: jobStatusBody,
        response: { 200: jobAnswer },
      },
    },
    async (request) => {
      const me = requireUser(request);
      await setJobStatus(ctx, me, request.params.id, request.body.status);
      return viewJob(request.params.id, me);
    },
  );
}
