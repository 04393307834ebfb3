import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#shared/limits.ts';
import { candidatesPage } from '#shared/schemas/matching.ts';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { CANDIDATES_KEPT, FIRST_LIST_CAP } from './candidate-score-sql.ts';
import { recommendCandidates, scoredCandidates, scoreState } from './candidates.repo.ts';

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
      // Precomputed scores (decision 008). While the recruiter's jobs changed and the worker
      // refreshes them, their previous list answers; only a recruiter who never had one (a first
      // job) is computed live, from the bounded index retrieval (decision 025).
      const state = await scoreState(ctx.db, me.id);
      if (state !== 'fresh') ctx.matching.nudge();
      const rows =
        state === 'none'
          ? await recommendCandidates(
              ctx.db,
              me.id,
              limit + 1,
              offset,
              CANDIDATES_KEPT,
              FIRST_LIST_CAP,
            )
          : await scoredCandidates(ctx.db, me.id, limit + 1, offset);
      const page = rows.slice(0, limit);
      const online = await ctx.bus.online(page.map((c) => c.userId));
      return {
        candidates: page.map((c) => ({ ...c, isOnline: online.has(c.userId) })),
        hasMore: rows.length > limit,
      };
    },
  );
}
