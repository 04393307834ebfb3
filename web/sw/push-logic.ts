import type { PushPayload } from '#shared/schemas/notifications.ts';
import {
  DEFAULT_LANGUAGE,
  firstKnownLanguage,
  isLanguage,
  type Language,
} from '#shared/i18n/languages.ts';

// The service worker's decisions about push messages, as plain functions (no worker globals), so
// they are unit-tested in Node (push-logic.test.ts) and type-checked with the rest of the app.

/** The icon beside the notification, and Android's small monochrome status-bar badge. */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** What `registration.showNotification(title, options)` gets. */
export interface NotificationSpec {
  title: string;
  options: {
    body: string;
    tag?: string;
    icon: string;
    badge: string;
    /** A newer message of the same chat alerts again instead of replacing silently. */
    renotify: boolean;
    /** Read back on `notificationclick`. */
    data: { url: string };
  };
}

const isText = (v: unknown): v is string => typeof v === 'string';

/**
 * The app path a notification leads to: a same-origin path such as `/jobseeker-chat/<id>`, or `/`
 * for anything else (another origin, `//host`, a `javascript:` URL, nothing at all).
 */
export function appPath(url: unknown, origin: string): string {
  if (!isText(url) || !url.startsWith('/')) return '/';
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin) return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}

/** The payload when it is the server's `pushPayload` (title, body, url, tag), else null. */
export function readPushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (!isText(title) || !isText(body) || !isText(url) || !isText(tag)) return null;
  if (!url.startsWith('/') || title.trim() === '') return null;
  return { title, body, url, tag };
}

/**
 * The notification for a push message. The browser requires one for every push
 * (`userVisibleOnly`), so a payload that cannot be read still shows the catalogue's fallback,
 * opening the app's home.
 */
export function notificationFor(
  data: unknown,
  origin: string,
  fallback: { title: string; body: string },
): NotificationSpec {
  const payload = readPushPayload(data);
  const common = { icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE };
  if (!payload)
    return {
      title: fallback.title,
      options: { ...common, body: fallback.body, renotify: false, data: { url: '/' } },
    };
  return {
    title: payload.title,
    options: {
      ...common,
      body: payload.body,
      // Several messages of one chat fold into one notification.
      ...(payload.tag ? { tag: payload.tag } : {}),
      renotify: payload.tag !== '',
      data: { url: appPath(payload.url, origin) },
    },
  };
}

/** What a tapped notification does with the app's open windows. */
export type ClickAction =
  | { kind: 'focus'; index: number }
  | { kind: 'focus-and-go'; index: number; path: string }
  | { kind: 'open'; path: string };

/**
 * A tapped notification: focus a window already showing its chat; otherwise take an open window
 * of the app there (the focused one first, then a visible one, then any), or open a new one.
 * `windows` are the worker's window clients in the browser's order (most recently focused first).
 */
export function clickAction(
  data: unknown,
  origin: string,
  windows: readonly { url: string; focused: boolean; visibilityState: string }[],
): ClickAction {
  const path = appPath((data as { url?: unknown } | null)?.url, origin);
  const target = new URL(path, origin).href;
  const same = windows.findIndex((w) => w.url === target);
  if (same !== -1) return { kind: 'focus', index: same };
  const ours = windows
    .map((w, index) => ({ ...w, index }))
    .filter((w) => {
      try {
        return new URL(w.url).origin === origin;
      } catch {
        return false;
      }
    });
  const best =
    ours.find((w) => w.focused) ?? ours.find((w) => w.visibilityState === 'visible') ?? ours[0];
  return best ? { kind: 'focus-and-go', index: best.index, path } : { kind: 'open', path };
}

/** The message a window gets when a tapped notification takes it to another screen. */
export const OPEN_MESSAGE = 'nearhire:open';
export interface OpenMessage {
  type: typeof OPEN_MESSAGE;
  path: string;
}
export const isOpenMessage = (data: unknown): data is OpenMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === OPEN_MESSAGE &&
  isText((data as { path?: unknown }).path) &&
  (data as { path: string }).path.startsWith('/') &&
  !(data as { path: string }).path.startsWith('//');

/** The message the page sends a waiting worker when the person chose Reload. */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The message a page sends the worker with the language it shows (the user's: their account's
 * once signed in, else this device's), for the one text the worker says itself: the notification
 * of a push it cannot read (decision 016).
 */
export const LANGUAGE_MESSAGE = 'nearhire:language';
export interface LanguageMessage {
  type: typeof LANGUAGE_MESSAGE;
  language: Language;
}
export const isLanguageMessage = (data: unknown): data is LanguageMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === LANGUAGE_MESSAGE &&
  isLanguage((data as { language?: unknown }).language);

/**
 * Where the worker keeps that language: Cache Storage, which lasts while the worker is stopped
 * between events and across its new versions (a worker has no localStorage, and its variables
 * are gone when the browser stops it, as it does a few seconds after each event).
 */
export const SETTINGS_CACHE = 'nearhire-settings';
export const LANGUAGE_ENTRY = '/__sw/language';

/**
 * The language of the notification for a push the worker cannot read: the one the app last told
 * it, else the browser's first language we speak (the app's own first guess, decision 026), else
 * English.
 */
export function fallbackLanguage(told: unknown, browserLanguages: readonly string[]): Language {
  if (isLanguage(told)) return told;
  return firstKnownLanguage(browserLanguages) ?? DEFAULT_LANGUAGE;
}
