import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#shared/limits.ts';
import { wholeNumberIn } from '#shared/schemas/common.ts';
import { candidatesPage } from '#shared/schemas/matching.ts';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { CANDIDATES_KEPT, FIRST_LIST_CAP } from './candidate-score-sql.ts';
import {
  recommendCandidates,
  scoredCandidates,
  scoreState,
  sortKeyOf,
  type CandidateKey,
} from './candidates.repo.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest } from '../../lib/errors.ts';

/** The page order's key a cursor carries (null: from the start); a malformed one is a 400. */
function readAfter(cursor: string | undefined): CandidateKey | null {
  if (!cursor) return null;
  let v: (string | number)[];
  try {
    v = decodeCursor(cursor, ['number', 'number', 'string'])!;
  } catch {
    v = decodeCursor(cursor, ['number', 'string', 'string'])!;
    if (v[1] !== 'none') throw badRequest('errors.badRequest');
  }
  const [score, km, id] = v as [number, number | string, string];
  if (!Number.isInteger(score) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest('errors.badRequest');
  return [score, typeof km === 'number' ? km : null, id];
}

export async function candidatesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/recruiter/candidates',
    {
      config: { policy: 'onboardedRecruiter' },
      schema: {
        tags: ['matching'],
        // The spec's call takes limit and offset; absurd values are refused, not clamped. `after`
        // (the previous page's nextCursor) reads on from its last candidate instead: pages that
        // neither repeat nor skip anyone while others join or leave the list (the web app's).
        querystring: z.object({
          limit: wholeNumberIn('limit', 1, 50).default(PAGE_SIZE),
          offset: wholeNumberIn('offset', 0, 10_000).default(0),
          after: z.string().max(300).optional(),
        }),
        response: { 200: candidatesPage },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { limit, offset } = request.query;
      const after = readAfter(request.query.after);
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
              after,
            )
          : await scoredCandidates(ctx.db, me.id, limit + 1, offset, after);
      const page = rows.slice(0, limit);
      const online = await ctx.bus.online(page.map((c) => c.userId));
      const last = rows.length > limit ? sortKeyOf(page.at(-1)!) : undefined;
      return {
        candidates: page.map((c) => ({ ...c, isOnline: online.has(c.userId) })),
        hasMore: rows.length > limit,
        nextCursor: last ? encodeCursor([last[0], last[1] ?? 'none', last[2]]) : null,
      };
    },
  );
}
