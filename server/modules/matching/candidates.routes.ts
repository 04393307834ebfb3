import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#shared/limits.ts';
import { candidatesPage } from '#shared/schemas/matching.ts';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { recommendCandidates, scoredCandidates, scoresFresh } from './candidates.repo.ts';

export async function candidatesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/recruiter/candidates',
    {
      config: { policy: 'onboardedRecruiter' },
      schema: {
        tags: ['matching'],
        // The spec's call takes limit and offset; absurd values are refused, not clamped.
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
          offset: z.coerce.number().int().min(0).max(10_000).default(0),
        }),
        response: { 200: candidatesPage },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { limit, offset } = request.query;
      // Precomputed scores when they reflect the recruiter's current open jobs (decision 008);
      // otherwise the live query (correct, slower) while the worker catches up.
      let rows;
      if (await scoresFresh(ctx.db, me.id)) {
        rows = await scoredCandidates(ctx.db, me.id, limit + 1, offset);
      } else {
        ctx.matching.nudge();
        rows = await recommendCandidates(ctx.db, me.id, limit + 1, offset);
      }
      const page = rows.slice(0, limit);
      const online = await ctx.bus.online(page.map((c) => c.userId));
      return {
        candidates: page.map((c) => ({ ...c, isOnline: online.has(c.userId) })),
        hasMore: rows.length > limit,
      };
    },
  );
}
