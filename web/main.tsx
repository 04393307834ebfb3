import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import { loadTexts, setLanguage, showWish, takeOverIn } from './lib/i18n.ts';
import { isLanguage } from '#shared/i18n/languages.ts';
import { App } from './app/app.tsx';
import { hasKeptUser } from './lib/session.ts';
import { reportTimeZone } from './lib/time-zone.ts';
import { setSiteOrigin } from './lib/site-origin.ts';
import { formatDate, formatTime, relativeDay, setTimeZone } from './lib/dates.ts';
import { formatLpa } from './lib/numbers.ts';
import { loadScreenFor } from './app/routes.tsx';

// Telling the server this browser's time zone asks Intl for it, which loads its locale data
// (about 15 ms, 60 ms on a slow phone): not in the task that starts the app.
whenIdle(reportTimeZone);

// The service worker (offline page, push, "new version" prompt) is registered from its own chunk
// once the page has loaded, so it never delays the first screen (docs/decisions/017).
// A server-rendered page starts the app after it has loaded (web/public/boot.js): at once then.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./app/pwa-register.ts')
      .then((m) => m.registerServiceWorker())
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}

// A screen the server rendered with its data (the feed, a chat: decision 024) comes with that
// data, so the first render here is the same screen and takes the markup over.
const serverState = document.getElementById('server-state');
const state: unknown = serverState ? JSON.parse(serverState.textContent || 'null') : undefined;
if (serverState) {
  // Its canonical addresses were written with the site's public origin: so are the app's. Its
  // dates are in the zone the server knew for this browser (India's on a first visit, before
  // this app could tell it): the app keeps that zone for this visit, so its first render
  // matches; the next page load comes in this browser's own zone.
  setSiteOrigin(serverState.dataset.origin ?? null);
  setTimeZone(serverState.dataset.timeZone);
}
// The page's description and canonical link as the server sent them: the app renders its own
// (lib/document-head.tsx), and React does not always adopt head elements it did not make (a page
// would keep two). Its title stays until the app's first render, which takes it over.
for (const element of document.head.querySelectorAll(
  '[data-server-head]:not(title), meta[name="description"]',
))
  element.remove();

const app = (
  <StrictMode>
    <App serverState={state} />
  </StrictMode>
);
const root = document.getElementById('root')!;
const options = {
  // A page that differs from its first render here is rendered anew by React; said plainly so
  // the journeys (e2e/server-render.test.ts) fail on it.
  onRecoverableError: (error: unknown, info: { componentStack?: string }) =>
    console.error('hydration mismatch:', error, info.componentStack ?? ''),
};
if (state !== undefined) {
  // A screen the server rendered with its data (decision 024) was made with the whole text
  // catalogue: it is loaded (it comes with the screen's code) before the markup is taken over, so
  // the first render matches and no change of texts re-renders the screen right after. Taken
  // over in a transition: React yields to the browser every few milliseconds instead of one long
  // task on a slow phone.
  const hydrate = () => startTransition(() => void hydrateRoot(root, app, options));
  // In the language it was rendered in (the account's, else this device's: decision 026), its
  // texts loaded first, and with the screen's code: the shell and the screen are then taken over
  // in one pass (routes.tsx `screen`). A visitor's page was rendered in what the server knew of
  // this device's wish, which is shown once the screen is taken over if it differs
  // (i18n.ts `showWish`); a signed-in person's is in their account's language, which the app
  // keeps.
  const language = serverState?.dataset.language;
  const visitor = serverState?.dataset.visitor !== undefined;
  void Promise.all([
    loadTexts(),
    isLanguage(language) ? (visitor ? takeOverIn(language) : setLanguage(language, false)) : null,
    loadScreenFor(location.pathname),
    prepareFormats(isLanguage(language) ? language : 'en'),
  ]).then(hydrate, hydrate);
} else if (root.firstElementChild && !hasKeptUser()) {
  // /, /login and /register come prerendered for a visitor (web/prerender.tsx), in their
  // language (decision 026): the app takes that markup over at once, before anyone can type into
  // its form; in Hindi once its catalogue is here, so the first render is the page's.
  const language = document.documentElement.lang;
  if (isLanguage(language) && language !== 'en')
    void takeOverIn(language).then(
      () => hydrateRoot(root, app, options),
      () => renderAnew().render(app),
    );
  else hydrateRoot(root, app, options);
} else {
  // Someone signed in on this browser is sent on at once, so their first render differs; there
  // is no markup to match, so this device's language is shown as soon as its texts are here.
  showWish();
  renderAnew().render(app);
}

/**
 * A root rendered anew, not taken over: React makes its own <title> then rather than take over
 * the page's, which would stay as a second one behind it.
 */
function renderAnew() {
  for (const title of document.head.querySelectorAll('title')) title.remove();
  return createRoot(root);
}

/**
 * The first use of Intl loads its locale data: about 15 ms for numbers and again for dates, 60 ms
 * on a slow phone. Made here, each in a task of its own, the formatters a screen shows are ready
 * before React takes the page over, instead of stretching one of its slices into a long task.
 */
async function prepareFormats(language: string): Promise<void> {
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const now = new Date();
  await nextTask();
  formatLpa(1, language);
  await nextTask();
  formatDate(now, language);
  formatTime(now, language);
  await nextTask();
  relativeDay(now, now, language);
}

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 5000 });
  else setTimeout(task, 1000);
}
