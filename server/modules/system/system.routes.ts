import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone } from '#shared/phone.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';

export async function systemRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await ctx.db.query('SELECT 1');
      } catch (err) {
        ctx.log.error({ err }, 'health check: database unreachable');
        throw new AppError(503, 'errors.internal');
      }
      return { status: 'ok' as const, database: ctx.db.kind };
    },
  );

  // The dev outbox exists only with the console drivers and never in production (decisions.md).
  const outboxEnabled =
    !ctx.config.isProduction &&
    (ctx.config.sms.driver === 'console' || ctx.config.mail.driver === 'console');
  if (outboxEnabled) {
    app.get(
      '/api/dev/outbox',
      {
        config: { policy: 'public' },
        schema: {
          tags: ['dev'],
          querystring: z.object({ to: z.string().max(254).optional() }),
          response: {
            200: z.object({
              messages: z.array(
                z.object({
                  channel: z.enum(['sms', 'email']),
                  to: z.string(),
                  subject: z.string().optional(),
                  text: z.string(),
                  at: z.string(),
                }),
              ),
            }),
          },
        },
      },
      async (request) => {
        const raw = request.query.to?.trim();
        const to = raw ? (normalizePhone(raw) ?? raw.toLowerCase()) : undefined;
        return { messages: ctx.outbox.list(to) };
      },
    );
  }
}
