import type { z } from 'zod';
import { NOTIFICATIONS } from '#shared/limits.ts';
import type {
  NotificationSettings,
  notificationSettingsPatch,
  PushSubscriptionBody,
} from '#shared/schemas/notifications.ts';
import type { Ctx } from '../../context.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { endpointAllowed, keysUsable } from './push.ts';

/** What may reach a user outside the app: both on until they turn one off. */
export async function getSettings(q: Queryable, userId: string): Promise<NotificationSettings> {
  const [row] = await q.query<NotificationSettings>(
    'SELECT push, sms FROM notification_settings WHERE user_id = $1',
    [userId],
  );
  return row ?? { push: true, sms: true };
}

export async function updateSettings(
  ctx: Ctx,
  userId: string,
  patch: z.output<typeof notificationSettingsPatch>,
): Promise<NotificationSettings> {
  const [row] = await ctx.db.query<NotificationSettings>(
    `INSERT INTO notification_settings (user_id, push, sms)
     VALUES ($1, COALESCE($2, true), COALESCE($3, true))
     ON CONFLICT (user_id) DO UPDATE
       SET push = COALESCE($2, notification_settings.push),
           sms = COALESCE($3, notification_settings.sms), updated_at = now()
     RETURNING push, sms`,
    [userId, patch.push ?? null, patch.sms ?? null],
  );
  return row!;
}

/**
 * Keeps this browser's subscription for the user: one row per endpoint, so subscribing again
 * updates its keys, and an endpoint another user subscribed with before (a shared computer) moves
 * to this one. The newest `subscriptionsPerUser` browsers are kept.
 */
export async function saveSubscription(
  ctx: Ctx,
  userId: string,
  /** The session that subscribed: the subscription ends with it (decision 028). */
  sessionHash: string,
  body: PushSubscriptionBody,
): Promise<void> {
  // The shape was checked by the shared schema; the server also needs keys it can encrypt to and,
  // in production, a real push service's address (push.ts).
  if (
    !endpointAllowed(body.endpoint, ctx.config.isProduction) ||
    !keysUsable(body.keys.p256dh, body.keys.auth)
  )
    throw badRequest('notifications.badSubscription');
  await ctx.db.tx(async (q) => {
    await q.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, session_hash)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (endpoint) DO UPDATE
         SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth,
             session_hash = EXCLUDED.session_hash, updated_at = now()`,
      [userId, body.endpoint, body.keys.p256dh, body.keys.auth, sessionHash],
    );
    await q.query(
      `DELETE FROM push_subscriptions WHERE id IN (
         SELECT id FROM push_subscriptions WHERE user_id = $1
          ORDER BY updated_at DESC, id DESC OFFSET $2)`,
      [userId, NOTIFICATIONS.subscriptionsPerUser],
    );
  });
}

/** Forgets this browser's subscription (sign-out on a device, notifications turned off there). */
export async function deleteSubscription(
  ctx: Ctx,
  userId: string,
  endpoint: string,
): Promise<void> {
  // Only the user's own: an endpoint is not a secret the caller proves by knowing it.
  await ctx.db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
    userId,
    endpoint,
  ]);
}
