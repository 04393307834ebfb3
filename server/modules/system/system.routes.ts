import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePhone } from '#shared/phone.ts';
import { OPERATIONS } from '#shared/limits.ts';
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

  // Readiness, for a load balancer or an orchestrator: can this instance serve requests now, i.e.
  // does its database answer? 503 names the part that failed. Redis is checked and named too, but
  // without it an instance serves on its own (adapters/bus.ts: its own sockets and presence), and
  // every instance shares the one Redis: a 503 for it would take them all out of the balancer at
  // once, a whole outage for a degraded minute. So it is 200 `degraded`, for the monitoring to
  // page someone (decision 015, session 25).
  const part = z.enum(['ok', 'failed']);
  const readiness = z.object({
    status: z.enum(['ready', 'degraded', 'unavailable', 'stopping']),
    database: part,
    redis: z.enum(['ok', 'failed', 'not configured']),
  });
  app.get(
    '/api/ready',
    {
      config: { policy: 'public' },
      schema: { tags: ['system'], response: { 200: readiness, 503: readiness } },
    },
    async (request, reply) => {
      const [database, redis] = await Promise.all([
        withTimeout(ctx.db.query('SELECT 1'), OPERATIONS.readyTimeoutMs).then(
          () => 'ok' as const,
          (err: unknown) => {
            request.log.error({ err }, 'readiness: database unreachable');
            return 'failed' as const;
          },
        ),
        withTimeout(ctx.bus.ping(), OPERATIONS.readyTimeoutMs).catch((err: unknown) => {
          request.log.error({ err }, 'readiness: redis unreachable');
          return 'failed' as const;
        }),
      ]);
      void reply.header('cache-control', 'no-store');
      // Stopping (SIGTERM with SHUTDOWN_DELAY_SECONDS): still serving, but no new traffic please.
      if (ctx.lifecycle.stopping)
        return reply.code(503).send({ status: 'stopping' as const, database, redis });
      if (database === 'failed')
        return reply.code(503).send({ status: 'unavailable' as const, database, redis });
      const status = redis === 'failed' ? ('degraded' as const) : ('ready' as const);
      return reply.code(200).send({ status, database, redis });
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
      async (request, reply) => {
        const raw = request.query.to?.trim();
        const to = raw ? (normalizePhone(raw) ?? raw.toLowerCase()) : undefined;
        // Login codes: public like any development tool here, but never kept by a cache.
        void reply.header('cache-control', 'no-store');
        return { messages: ctx.outbox.list(to) };
      },
    );
  }
}

/** Rejects when `work` has not settled within `ms` (a dead peer must not hang a probe). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
