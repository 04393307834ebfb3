import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './styles.css';
import './lib/i18n.ts';
import { App } from './app/app.tsx';
import { hasKeptUser } from './lib/session.ts';

// The service worker (offline page, push, "new version" prompt) is registered from its own chunk
// once the page has loaded, so it never delays the first screen (docs/decisions/017).
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => {
    import('./app/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const root = document.getElementById('root')!;
// / and /login come prerendered for a visitor (web/prerender.tsx): the app takes that markup over.
// Someone signed in on this browser is sent on at once, so their first render differs: render anew.
if (root.firstElementChild && !hasKeptUser()) hydrateRoot(root, app);
else createRoot(root).render(app);
