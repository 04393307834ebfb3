/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { toast } from '#web/lib/toast.ts';
import { i18n, loadTexts, onLanguageChange } from '../lib/i18n.ts';
import { isOpenMessage, LANGUAGE_MESSAGE, type LanguageMessage } from '../sw/push-logic.ts';
import { navigateFromOutside } from './outside-navigation.ts';

/** An open tab asks the server for a new service worker this often (and on every page load). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (web/sw.ts, served as /sw.js). Loaded by main.tsx after the page's
 * `load` event as its own chunk, so the first visit does not wait for it (docs/decisions/017).
 *
 * - After a deploy, the new worker waits; a toast says a new version is ready, and Reload lets it
 *   take over and loads the page again (registerType 'prompt': an open tab keeps the code it
 *   started with until the person chooses).
 * - A tapped notification may ask an open window to show a chat: the router moves there.
 */
export function registerServiceWorker(): void {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  // The update texts are in the whole catalogue, which the first screens do not load.
  const offerReload = () => void loadTexts().then(showOffer);
  const showOffer = () =>
    toast(i18n.t('pwa.updateAvailable'), {
      id: 'pwa-update',
      duration: Infinity,
      action: {
        label: i18n.t('pwa.updateReload'),
        onClick: () => {
          // The new worker takes over, then the page loads again under it.
          navigator.serviceWorker.addEventListener('controllerchange', reload);
          void update(true);
        },
      },
    });

  const update = registerSW({
    onNeedRefresh: offerReload,
    onNeedReload: reload,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      // A new worker already installing when this page registered (it does so after `load`) is
      // not seen by workbox-window: offer it too once it waits.
      const installing = registration.installing;
      if (installing && navigator.serviceWorker.controller)
        installing.addEventListener('statechange', () => {
          if (installing.state === 'installed' && registration.waiting === installing)
            offerReload();
        });
      setInterval(() => {
        if (document.visibilityState === 'visible' && navigator.onLine)
          void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });

  navigator.serviceWorker.addEventListener('message', (event) => {
    if (isOpenMessage(event.data)) navigateFromOutside(event.data.path);
  });
  navigator.serviceWorker.startMessages();
  tellLanguage();
  onLanguageChange(tellLanguage);
}

// The worker says one text itself, the notification of a push it cannot read: it is told the
// language the app shows (the user's), now and whenever it changes, and keeps it (web/sw.ts).
let told: string | null = null;
function tellLanguage(): void {
  const language = i18n.language;
  if (language === told) return;
  told = language;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({
      type: LANGUAGE_MESSAGE,
      language,
    } satisfies LanguageMessage),
  );
}
