import type { ManifestOptions } from 'vite-plugin-pwa';
import { en } from '../../shared/i18n/en.ts';
import { hi } from '../../shared/i18n/hi.ts';
import type { Language } from '../../shared/i18n/languages.ts';

/** The brand colour (--color-brand-700): the installed app's title bar and the theme-color meta. */
export const THEME_COLOR = '#0f766e';

/**
 * The web app manifest (written to dist/web/manifest.webmanifest by vite-plugin-pwa, linked from
 * index.html): what a phone needs to install NearHire and open it like an app. The icons are drawn
 * by `npm run icons` (scripts/make-icons.ts); the texts are the catalogue's.
 */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: en.pwa.appName,
  short_name: en.pwa.appShortName,
  description: en.brand.pageDescription,
  lang: 'en',
  dir: 'ltr',
  // The landing page sends a signed-in user on to their home screen.
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  // The app's page colour (bg-slate-50), shown while it starts.
  background_color: '#f8fafc',
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    {
      src: '/icons/icon-maskable-512.png',
      sizes: '512x512',
      type: 'image/png',
      purpose: 'maskable',
    },
  ],
};

/**
 * What the service worker shows for a push message it cannot read, in each language (vite.config.ts
 * `define`; the worker picks the user's, web/sw/push-logic.ts `fallbackLanguage`).
 */
export const pushFallback: Record<Language, { title: string; body: string }> = {
  en: { title: en.pwa.pushFallbackTitle, body: en.pwa.pushFallbackBody },
  hi: { title: hi.pwa.pushFallbackTitle, body: hi.pwa.pushFallbackBody },
};
