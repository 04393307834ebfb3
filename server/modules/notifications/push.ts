import webpush from 'web-push';
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import type { PushPayload } from '#shared/schemas/notifications.ts';
import type { Config } from '../../config.ts';

// Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291). The
// `web-push` library builds the request (the signed VAPID JWT, the encrypted body and headers);
// it is sent with fetch, so the timeout, redirects and the answer are handled here (the library's
// own sender speaks HTTPS only and follows nothing we can bound).

export interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushResult =
  | { status: 'sent' }
  /** 404/410: the browser unsubscribed or the subscription expired; forget it. */
  | { status: 'gone' }
  /** Network error, timeout, 429 or 5xx: try again later (Retry-After when the service said). */
  | { status: 'retry'; error: string; retryAfterMs?: number }
  /** Any other answer (400, 403, 413, a redirect...): this subscription cannot take it. */
  | { status: 'rejected'; error: string };

const SEND_TIMEOUT_MS = 10_000;

export async function sendPush(
  vapid: Config['push'],
  sub: Subscription,
  payload: PushPayload,
  opts: { ttlSeconds: number; topic?: string },
): Promise<PushResult> {
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: opts.ttlSeconds,
        // A newer message of the same chat replaces one the push service still holds.
        topic: opts.topic,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
  } catch (err) {
    // Keys that are no P-256 point: nothing can ever be encrypted to this subscription.
    return { status: 'rejected', error: `cannot encrypt: ${(err as Error).message}` };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers ?? {}))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (err) {
    return { status: 'retry', error: `push service unreachable: ${(err as Error).message}` };
  }
  // The answer's body is of no use to us: do not hold the connection for it.
  await response.body?.cancel().catch(() => {});
  const code = response.status;
  if (code >= 200 && code < 300) return { status: 'sent' };
  if (code === 404 || code === 410) return { status: 'gone' };
  if (code === 429 || code >= 500) {
    const seconds = Number(response.headers.get('retry-after'));
    return {
      status: 'retry',
      error: `push service answered ${code}`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  return { status: 'rejected', error: `push service answered ${code}` };
}

/**
 * The push services of the browsers people use: in production the server POSTs only to these
 * (a subscription is a URL a client hands us, so anything else would let a client point the
 * server at any host, internal ones included). Chrome, Samsung Internet, Opera and other Chromium
 * browsers use FCM; Firefox Mozilla's autopush; Edge Windows Push Notification Services; Safari
 * Apple's service.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/**
 * Whether the server may send to this endpoint: in production an https URL on a known push
 * service (or a subdomain of one), on the default port; in development any http(s) URL (the tests
 * play the push service on 127.0.0.1).
 */
export function endpointAllowed(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  if (!production) return true;
  if (url.protocol !== 'https:' || url.port !== '' || isIP(url.hostname)) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/** A browser's subscription keys: an uncompressed point on P-256 and a 16-byte secret. */
export function keysUsable(p256dh: string, auth: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4 || Buffer.from(auth, 'base64url').length !== 16)
    return false;
  try {
    // Throws for bytes that are not a point on the curve (no payload could be encrypted to it).
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
