import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import './lib/i18n.ts';
import { App } from './app/app.tsx';

// The service worker (offline page, push, "new version" prompt) is registered from its own chunk
// once the page has loaded, so it never delays the first screen (docs/decisions/017).
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  window.addEventListener('load', () => {
    import('./app/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
