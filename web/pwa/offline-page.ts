import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { en } from '../../shared/i18n/en.ts';
import { hi } from '../../shared/i18n/hi.ts';

type PwaText = keyof typeof en.pwa;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * offline.html with each `{{key}}` replaced by the English catalogue's `pwa.key` and each
 * `{{hi:key}}` by the Hindi one (offline.js shows those to someone who chose Hindi), HTML-escaped.
 */
export function fillOfflinePage(
  template: string,
  texts: Record<PwaText, string> = en.pwa,
  hindi: Record<PwaText, string> = hi.pwa,
): string {
  return template.replace(/\{\{(hi:)?(\w+)\}\}/g, (_, inHindi: string | undefined, key: string) => {
    const from = inHindi ? hindi : texts;
    if (!(key in from))
      throw new Error(
        `offline.html: no text pwa.${key} in the ${inHindi ? 'Hindi' : ''} catalogue`,
      );
    return escapeHtml(from[key as PwaText]);
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
