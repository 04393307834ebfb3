import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { Ctx } from '../../context.ts';
import { requireRole } from '../../plugins/auth.ts';
import { recommendCandidates } from './candidates.repo.ts';

const candidate = z.object({
  userId: z.string(),
  fullName: z.string().nullable(),
  profileImage: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyName: z.string().nullable(),
  degree: z.string().nullable(),
  collegeName: z.string().nullable(),
  collegeStartYear: z.number().nullable(),
  collegeEndYear: z.number().nullable(),
  jobType: z.string().nullable(),
  experienceRange: z.string().nullable(),
  workExperience: z.string().nullable(),
  salaryRange: z.string().nullable(),
  city: z.object({ id: z.number(), name: z.string(), state: z.string() }).nullable(),
  distanceKm: z.number().nullable(),
  isOnline: z.boolean(),
  matchScore: z.number(),
  reasons: z.array(z.object({ code: z.string(), km: z.number().optional() })),
  bestJob: z.object({ id: z.string(), title: z.string() }),
});

export async function candidatesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/recruiter/candidates',
    {
      schema: {
        tags: ['matching'],
        // The spec's call takes limit and offset; absurd values are refused, not clamped.
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZE),
          offset: z.coerce.number().int().min(0).max(10_000).default(0),
        }),
        response: { 200: z.object({ candidates: z.array(candidate), hasMore: z.boolean() }) },
      },
    },
    async (request) => {
      const me = requireRole(request, 'recruiter');
      const { limit, offset } = request.query;
      const rows = await recommendCandidates(ctx.db, me.id, limit + 1, offset);
      const page = rows.slice(0, limit);
      const online = await ctx.bus.online(page.map((c) => c.userId));
      return {
        candidates: page.map((c) => ({ ...c, isOnline: online.has(c.userId) })),
        hasMore: rows.length > limit,
      };
    },
  );
}
