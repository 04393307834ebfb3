import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';

const city = z.object({ id: z.number(), name: z.string(), state: z.string() });

/** Type-ahead over the Indian cities table: prefix matches first, then biggest cities. */
export async function citiesRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/cities',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['cities'],
        querystring: z.object({
          q: z.string().trim().max(60).default(''),
          limit: z.coerce.number().int().min(1).max(20).default(8),
        }),
        response: { 200: z.object({ cities: z.array(city) }) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const term = q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
      const cities = await ctx.db.query<z.infer<typeof city>>(
        `SELECT id, name, state FROM cities
          WHERE $1 = '' OR lower(name) LIKE $1 || '%' OR lower(name) LIKE '%' || $1 || '%'
          ORDER BY (lower(name) LIKE $1 || '%') DESC, population DESC NULLS LAST, name
          LIMIT $2`,
        [term, limit],
      );
      return { cities };
    },
  );
}
