import { z } from 'zod';
import { m } from './common.ts';

/**
 * Web Push and SMS reach (issue 14). The web app subscribes through the browser's PushManager with
 * the server's VAPID public key and hands the subscription to the server; the server keeps one row
 * per user and endpoint (a device's browser).
 */

/** GET /api/push/key: the VAPID public key (URL-safe base64), or null when push is not set up. */
export const pushKeyView = z.object({ publicKey: z.string().nullable() });

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string(m('notifications.badSubscription'))
    .max(2000, m('notifications.badSubscription'))
    .url(m('notifications.badSubscription'))
    .refine(
      (u) => u.startsWith('https://') || u.startsWith('http://'),
      m('notifications.badSubscription'),
    ),
  keys: z.object(
    {
      // URL-safe base64 of a P-256 public key (65 bytes: 87 characters, or 88 padded) and of the
      // 16-byte auth secret (22, or 24 padded), as PushSubscription.toJSON() gives them. The
      // lengths live in the patterns, so generators read them off the schema (the route fuzzer).
      p256dh: z
        .string(m('notifications.badSubscription'))
        .regex(/^[A-Za-z0-9_-]{87}=?$/, m('notifications.badSubscription')),
      auth: z
        .string(m('notifications.badSubscription'))
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, m('notifications.badSubscription')),
    },
    m('notifications.badSubscription'),
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: forget this device's subscription. */
export const pushUnsubscribeBody = z.object({
  endpoint: z
    .string(m('notifications.badSubscription'))
    .max(2000, m('notifications.badSubscription')),
});

/** GET and PATCH /api/me/notifications: what may reach the user outside the app. */
export const notificationSettings = z.object({
  push: z.boolean(m('errors.badRequest')),
  sms: z.boolean(m('errors.badRequest')),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;
export const notificationSettingsPatch = notificationSettings.partial();

/**
 * What a push message carries (encrypted end to end to the browser). `url` is a path inside the
 * app (the chat), opened or focused when the notification is tapped; `tag` folds several
 * notifications of one chat into one.
 */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  // A path on this site: '//host' would be another site.
  url: z.string().regex(/^\/(?![/\\])/),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
