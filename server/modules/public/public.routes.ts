import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  publicCompaniesPage,
  publicCompaniesQuery,
  publicFilters as publicFiltersSchema,
  publicJobAnswer,
  publicJobsPage,
  publicJobsQuery,
  salaryGuide as salaryGuideSchema,
} from '#shared/schemas/public.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { takeTokens } from '../../lib/rate-limit.ts';
import { publicReadBuckets } from '../../policies/limits.ts';
import {
  publicCompanies,
  publicFilters,
  publicJob,
  publicJobs,
  salaryGuide,
} from './public.repo.ts';

/**
 * The public pages' API (issue 17, decision 027): no session needed (`policy: 'public'`), the
 * same answer for everyone (so cacheable for a minute), and a per-address token bucket on every
 * read. The web app's public screens read these, and so will their server-side rendering.
 */
export async function publicRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  // Its own plugin scope: the limit and cache hooks below apply to these routes only.
  await fastify.register(async (scope) => routes(scope, ctx));
}

async function routes(scope: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const config = { policy: 'public' as const };

  app.addHook('onRequest', async (request) => {
    await takeTokens(ctx.db, publicReadBuckets(request.ip));
  });
  // The same answer for everyone: a minute in any cache; a refusal or a 404 in none.
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header(
      'cache-control',
      reply.statusCode === 200 ? 'public, max-age=60' : 'no-store',
    );
    return payload;
  });

  app.get(
    '/api/public/jobs',
    {
      config,
      schema: {
        tags: ['public'],
        querystring: publicJobsQuery,
        response: { 200: publicJobsPage },
      },
    },
    async (request) => publicJobs(ctx.db, request.query),
  );

  app.get(
    '/api/public/jobs/:id',
    {
      config,
      schema: {
        tags: ['public'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: publicJobAnswer },
      },
    },
    async (request) => {
      const job = await publicJob(ctx.db, request.params.id);
      if (!job) throw notFound('jobs.notFound');
      return { job };
    },
  );

  app.get(
    '/api/public/filters',
    { config, schema: { tags: ['public'], response: { 200: publicFiltersSchema } } },
    async () => publicFilters(ctx.db),
  );

  app.get(
    '/api/public/companies',
    {
      config,
      schema: {
        tags: ['public'],
        querystring: publicCompaniesQuery,
        response: { 200: publicCompaniesPage },
      },
    },
    async (request) => publicCompanies(ctx.db, request.query.cursor, ctx.config.secretKey),
  );

  app.get(
    '/api/public/salary-guide',
    { config, schema: { tags: ['public'], response: { 200: salaryGuideSchema } } },
    async () => salaryGuide(ctx.db),
  );
}
