import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { en } from '#shared/i18n/en.ts';
import { hi } from '#shared/i18n/hi.ts';
import { fillOfflinePage } from './offline-page.ts';
import { base64UrlToBytes } from '../lib/push.ts';

describe('the offline page', () => {
  it("is web/pwa/offline.html with the catalogue's texts, and no inline script", async () => {
    const html = fillOfflinePage(
      await readFile(new URL('./offline.html', import.meta.url), 'utf8'),
    );
    expect(html).toMatch(new RegExp(`<title[^>]*>${en.pwa.offlineDocumentTitle}</title>`));
    expect(html).toMatch(new RegExp(`<h1[^>]*>${en.pwa.offlineTitle}</h1>`));
    // Hindi alongside, for offline.js to show to someone who chose it.
    expect(html).toContain(`data-hi="${hi.pwa.offlineTitle}"`);
    expect(html).toContain(`data-hi="${hi.pwa.offlineRetry}"`);
    expect(html).toContain(en.pwa.offlineRetry);
    expect(html).not.toMatch(/\{\{/);
    // The CSP allows scripts from our origin only: the page's one script is a file.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('escapes the texts and refuses a key the catalogue does not have', () => {
    const texts = { ...en.pwa, offlineTitle: 'A <b>"quoted"</b> & \'more\'' };
    expect(fillOfflinePage('<h1>{{offlineTitle}}</h1>', texts)).toBe(
      '<h1>A &lt;b&gt;&quot;quoted&quot;&lt;/b&gt; &amp; &#39;more&#39;</h1>',
    );
    expect(() => fillOfflinePage('{{noSuchText}}')).toThrow(/pwa\.noSuchText/);
  });
});

describe('base64UrlToBytes', () => {
  it('reads a VAPID public key (URL-safe base64 without padding)', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37 + 4) % 256);
    const key = Buffer.from(bytes).toString('base64url');
    expect(key).not.toMatch(/=/);
    expect([...base64UrlToBytes(key)]).toEqual([...bytes]);
  });
});
