import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockBody,
  blockedList,
  moderationActionBody,
  queueAnswer,
  reportAnswer,
  reportBody,
} from '#shared/schemas/moderation.ts';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import { createReport } from './reports.service.ts';
import { block, listBlocked, unblock } from './blocks.service.ts';
import { applyAction, moderationQueue } from './admin.service.ts';

/** Report and block (both roles), and the moderators' queue and actions (admins). */
export async function moderationRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/reports',
    {
      config: { policy: 'member' },
      schema: { tags: ['moderation'], body: reportBody, response: { 201: reportAnswer } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ report: await createReport(ctx, requireUser(request), request.body, request.ip) }),
  );

  app.get(
    '/api/blocks',
    {
      config: { policy: 'member' },
      schema: { tags: ['moderation'], response: { 200: blockedList } },
    },
    async (request) => ({ blocked: await listBlocked(ctx, requireUser(request)) }),
  );

  app.post(
    '/api/blocks',
    {
      config: { policy: 'member' },
      schema: { tags: ['moderation'], body: blockBody, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await block(ctx, requireUser(request), request.body.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/blocks/:userId',
    {
      config: { policy: 'member' },
      schema: {
        tags: ['moderation'],
        params: z.object({ userId: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await unblock(ctx, requireUser(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/queue',
    {
      config: { policy: 'admin' },
      schema: { tags: ['moderation'], response: { 200: queueAnswer } },
    },
    async () => ({ items: await moderationQueue(ctx) }),
  );

  app.post(
    '/api/admin/actions',
    {
      config: { policy: 'admin' },
      schema: {
        tags: ['moderation'],
        body: moderationActionBody,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await applyAction(ctx, requireUser(request), request.body);
      return { ok: true as const };
    },
  );
}
