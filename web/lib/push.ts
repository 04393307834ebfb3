import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  NotificationSettings,
  pushKeyView,
  pushSubscriptionBody,
} from '#shared/schemas/notifications.ts';
import { api } from './api.ts';

// Web Push on this device and the user's notification settings (issue 14), used by the offer
// after a first chat (components/push-prompt.tsx) and both settings screens
// (components/notification-settings-card.tsx). The service worker shows what arrives (web/sw.ts).

export const notificationSettingsKey = ['notification-settings'] as const;
export const pushKeyKey = ['push-key'] as const;
export const devicePushKey = ['push-device'] as const;

/** `GET /api/me/notifications`: may push and SMS reach me outside the app. */
export function useNotificationSettings(enabled = true) {
  return useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) => api<NotificationSettings>('/api/me/notifications', { signal }),
    enabled,
  });
}

/** `PATCH /api/me/notifications` → the settings as saved. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<NotificationSettings>) =>
      api<NotificationSettings>('/api/me/notifications', { method: 'PATCH', body: patch }),
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKey, saved),
  });
}

/** `GET /api/push/key`: the server's VAPID public key, null when push is not set up there. */
export function usePushKey(enabled = true) {
  return useQuery({
    queryKey: pushKeyKey,
    queryFn: ({ signal }) =>
      api<z.infer<typeof pushKeyView>>('/api/push/key', { signal }).then((r) => r.publicKey),
    staleTime: Infinity,
    enabled,
  });
}

/** Can this browser receive Web Push at all (service workers, PushManager, notifications)? */
export function pushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * This device: `on` (allowed and subscribed), `off` (could be turned on), `denied` (the person
 * blocked notifications for the site: only the browser's settings can undo it), `unsupported`.
 */
export type DevicePush = 'on' | 'off' | 'denied' | 'unsupported';

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readDevicePush(): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  if (Notification.permission !== 'granted') return 'off';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** This device's state, read again after every change made here. */
export function useDevicePush() {
  return useQuery({ queryKey: devicePushKey, queryFn: readDevicePush, staleTime: Infinity });
}

/** The service worker once it is active (it registers after the first page load). */
async function activeRegistration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A VAPID key as PushManager wants it: URL-safe base64 → bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export type EnableResult = 'on' | 'dismissed' | 'denied' | 'unsupported' | 'unavailable' | 'failed';

/**
 * Turns push on for this device: the browser's permission question, a subscription with the
 * server's key, and `POST /api/push/subscriptions`. Call it straight from the click (before any
 * other `await`): some browsers ask for permission only in answer to a tap.
 */
export function enablePushOnThisDevice(): Promise<EnableResult> {
  if (!pushSupported()) return Promise.resolve('unsupported');
  const permission = Notification.requestPermission();
  return (async (): Promise<EnableResult> => {
    try {
      const answer = await permission;
      if (answer === 'denied') return 'denied';
      if (answer !== 'granted') return 'dismissed';
      const registration = await activeRegistration();
      if (!registration) return 'failed';
      return await subscribeOnServer(registration);
    } catch {
      return 'failed';
    }
  })();
}

/**
 * The browser's subscription for the server's key (made, or made again when the key changed),
 * registered with the server for the session signed in here: one row per endpoint, so registering
 * again only binds it to this session (decision 028).
 */
async function subscribeOnServer(
  registration: ServiceWorkerRegistration,
): Promise<'on' | 'unavailable'> {
  const publicKey = (await api<z.infer<typeof pushKeyView>>('/api/push/key')).publicKey;
  if (!publicKey) return 'unavailable';
  const key = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another key (the server's key changed) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const body = subscription.toJSON() as z.input<typeof pushSubscriptionBody>;
  await api<unknown>('/api/push/subscriptions', { method: 'POST', body });
  return 'on';
}

/**
 * At the app's start, for the person signed in (session.ts): a browser that has notifications
 * allowed and a push subscription registers it again, bound to this session. The server pushes
 * only to subscriptions of a live session (decision 028, session 24), and those from before
 * sessions were recorded (migration 024) were dropped (migration 026): this brings them back, and
 * heals one the server let go while the browser kept it. Nothing is asked of the person.
 */
export async function rebindPushOnThisDevice(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!(await registration?.pushManager.getSubscription())) return;
    await subscribeOnServer(registration!);
  } catch {
    // No push service or no network now: the next start tries again.
  }
}

/**
 * On sign-out: this device stops receiving the account's notifications (a shared phone must not
 * show the previous person's messages). Best effort: sign-out goes on whatever happens here.
 */
export async function forgetPushOnThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const subscription = await currentSubscription();
    if (subscription)
      await api<void>('/api/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      }).catch(() => undefined);
  } catch {
    // No service worker or push service to ask: nothing to forget.
  }
  await dropPushOnThisDevice();
}

/**
 * Whenever a session ends on this device (session.ts `endSession`, also when it ended elsewhere
 * and the server has let its subscription go already): the notifications on screen, the previous
 * person's messages, are closed and the browser's subscription ends, so nothing more of theirs
 * arrives and the next person is offered notifications of their own.
 */
export async function dropPushOnThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return;
    for (const shown of await registration.getNotifications()) shown.close();
    await (await registration.pushManager.getSubscription())?.unsubscribe();
  } catch {
    // No service worker or push service to ask: nothing to drop.
  }
}
