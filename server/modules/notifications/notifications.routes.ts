import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  notificationSettings,
  notificationSettingsPatch,
  pushKeyView,
  pushSubscriptionBody,
  pushUnsubscribeBody,
} from '#shared/schemas/notifications.ts';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  deleteSubscription,
  getSettings,
  saveSubscription,
  updateSettings,
} from './notifications.service.ts';

/** Web Push subscriptions and each user's notification settings (issue 14, decision 016). */
export async function notificationsRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/push/key',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['notifications'], response: { 200: pushKeyView } },
    },
    async () => ({ publicKey: ctx.config.push.publicKey }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['notifications'], body: pushSubscriptionBody },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await saveSubscription(ctx, me.id, me.sessionHash, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['notifications'], body: pushUnsubscribeBody },
    },
    async (request, reply) => {
      await deleteSubscription(ctx, requireUser(request).id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/notifications',
    {
      config: { policy: 'signedIn' },
      schema: { tags: ['notifications'], response: { 200: notificationSettings } },
    },
    async (request) => getSettings(ctx.db, requireUser(request).id),
  );

  app.patch(
    '/api/me/notifications',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['notifications'],
        body: notificationSettingsPatch,
        response: { 200: notificationSettings },
      },
    },
    async (request) => updateSettings(ctx, requireUser(request).id, request.body),
  );
}
