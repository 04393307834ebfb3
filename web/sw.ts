/// <reference lib="webworker" />
// The service worker (docs/decisions/017), built by vite-plugin-pwa (injectManifest: the build's
// file list replaces self.__WB_MANIFEST) and served as /sw.js. Type-checked by tsconfig.sw.json.
//
// - Precaches the hashed bundles, the offline page and the icons, so screens open without the
//   network and an old tab still finds its chunks after a deploy.
// - Page loads go to the network (index.html is never served stale); when there is none, the
//   offline page answers instead.
// - Shows push notifications and opens the app on the chat when one is tapped.
// - Waits with a new version until the person chooses Reload (registerType 'prompt').
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import {
  clickAction,
  fallbackLanguage,
  isLanguageMessage,
  LANGUAGE_ENTRY,
  notificationFor,
  OPEN_MESSAGE,
  SETTINGS_CACHE,
  SKIP_WAITING,
  type OpenMessage,
} from './sw/push-logic.ts';
import type { Language } from '#shared/i18n/languages.ts';

declare const self: ServiceWorkerGlobalScope;
/**
 * The catalogues' pwa.pushFallbackTitle/Body in each language, put in at build time
 * (vite.config.ts `define`).
 */
declare const __PUSH_FALLBACK__: Record<Language, { title: string; body: string }>;

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The page load starts while the worker boots, instead of after it.
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload)
    event.waitUntil(self.registration.navigationPreload.enable());
});

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // API answers, user files and resume links opened as pages are the server's business.
    { denylist: [/^\/api\//, /^\/media\//, /^\/metrics$/] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
  // The app's language (web/app/pwa-register.ts), kept for the fallback notification below.
  if (isLanguageMessage(event.data)) event.waitUntil(keepLanguage(event.data.language));
});

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    // Not JSON: the fallback notification below.
  }
  event.waitUntil(
    (async () => {
      // A push it cannot read carries no language either: the user's is the one the app told.
      const language = fallbackLanguage(await keptLanguage(), self.navigator.languages ?? []);
      const fallback = __PUSH_FALLBACK__[language];
      const { title, options } = notificationFor(data, self.location.origin, fallback);
      await self.registration.showNotification(title, options);
    })(),
  );
});

async function keepLanguage(language: Language): Promise<void> {
  const cache = await caches.open(SETTINGS_CACHE);
  await cache.put(
    LANGUAGE_ENTRY,
    new Response(language, { headers: { 'content-type': 'text/plain' } }),
  );
}

/** The language the app last told, if any (storage unreadable: none). */
async function keptLanguage(): Promise<string | undefined> {
  try {
    const kept = await (await caches.open(SETTINGS_CACHE)).match(LANGUAGE_ENTRY);
    return kept ? await kept.text() : undefined;
  } catch {
    return undefined;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openApp(event.notification.data));
});

/** Focus the window on the notification's chat, take another window of the app there, or open one. */
async function openApp(data: unknown): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const action = clickAction(data, self.location.origin, windows);
  if (action.kind === 'open') {
    await self.clients.openWindow(action.path);
    return;
  }
  const client = windows[action.index];
  if (!client) return;
  const focused = await client.focus();
  // The app moves there with its own router (no reload; web/app/pwa-register.ts).
  if (action.kind === 'focus-and-go')
    focused.postMessage({ type: OPEN_MESSAGE, path: action.path } satisfies OpenMessage);
}

// The push service replaced or dropped this browser's subscription: subscribe again with the same
// key and tell the server (the session cookie goes along), so notifications keep arriving.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const key = event.oldSubscription?.options.applicationServerKey;
      const next =
        event.newSubscription ??
        (key
          ? await self.registration.pushManager.subscribe({
              userVisibleOnly: true,
              applicationServerKey: key,
            })
          : null);
      if (!next) return;
      // The server checks it against shared/schemas/notifications.ts pushSubscriptionBody.
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(next.toJSON()),
      });
    })(),
  );
});
