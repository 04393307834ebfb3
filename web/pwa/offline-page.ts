import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { en } from '../../shared/i18n/en.ts';

type PwaText = keyof typeof en.pwa;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** offline.html with each `{{key}}` replaced by the catalogue's `pwa.key`, HTML-escaped. */
export function fillOfflinePage(template: string, texts: Record<PwaText, string> = en.pwa): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in texts)) throw new Error(`offline.html: no text pwa.${key} in the catalogue`);
    return escapeHtml(texts[key as PwaText]);
  });
}

/**
 * Writes the offline page into the build: dist/web/offline.html (web/pwa/offline.html with the
 * catalogue's texts) and its script offline.js. The service worker precaches both and answers a
 * page load that finds no network with it (web/sw.ts). A static page, not a screen of the app:
 * it must show even when the app's own code cannot load.
 */
export function offlinePage(): Plugin {
  const file = (name: string) => new URL(name, import.meta.url);
  return {
    name: 'nearhire:offline-page',
    apply: 'build',
    async generateBundle() {
      const template = await readFile(file('./offline.html'), 'utf8');
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: fillOfflinePage(template) });
      this.emitFile({
        type: 'asset',
        fileName: 'offline.js',
        source: await readFile(file('./offline.js'), 'utf8'),
      });
    },
  };
}
