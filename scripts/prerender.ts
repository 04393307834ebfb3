// npm run build:web, after `vite build` and `vite build --ssr web/prerender.tsx`: writes the
// public first screens as HTML (web/prerender.tsx) into dist/web/prerendered/, next to a .br and
// a .gz of each, from the built index.html. The server sends them for those paths (server/app.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../shared/prerendered.ts';

const root = path.resolve(import.meta.dirname, '..');
// Other places for a build of one's own: PRERENDER_WEB_DIR (the browser build), PRERENDER_SSR_DIR.
const web = path.resolve(process.env.PRERENDER_WEB_DIR ?? path.join(root, 'dist/web'));
const ssr = path.resolve(process.env.PRERENDER_SSR_DIR ?? path.join(root, 'dist/prerender'));
const { prerender } = (await import(path.join(ssr, 'prerender.js'))) as {
  prerender: (url: string) => string;
};

const shell = readFileSync(path.join(web, 'index.html'), 'utf8');
const EMPTY_ROOT = '<div id="root"></div>';
if (!shell.includes(EMPTY_ROOT)) throw new Error(`dist/web/index.html has no ${EMPTY_ROOT}`);

/**
 * The stylesheet inlined: the page paints with the HTML alone, instead of waiting for a CSS file
 * that shares a slow connection with the app's scripts (CSP allows inline styles).
 */
function withInlineCss(html: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
    (_, href: string) => {
      const css = readFileSync(path.join(web, href), 'utf8');
      return `<style>${css}</style>`;
    },
  );
}

/**
 * No module preloads: the page is readable from its HTML, and the app's scripts (which follow
 * from the entry's own imports) must not take the connection before the page has painted.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The screen's high-priority image (its largest paint) asked for first thing in <head>, ahead of
 * the app's module preloads, which would otherwise take the connections before it.
 */
function withHeroPreload(html: string, markup: string): string {
  const hero = /<img[^>]*fetchPriority="high"[^>]*>/i.exec(markup)?.[0];
  const src = hero && /src="([^"]+)"/.exec(hero)?.[1];
  if (!src) return html;
  return html.replace(
    '<head>',
    `<head><link rel="preload" as="image" href="${src}" fetchpriority="high">`,
  );
}

mkdirSync(path.join(web, 'prerendered'), { recursive: true });
for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
  const markup = prerender(url);
  if (!markup.includes('<h1')) throw new Error(`prerendering ${url} gave no heading`);
  if (!/<link rel="stylesheet"/.test(shell)) throw new Error('index.html has no stylesheet link');
  const html = withHeroPreload(withInlineCss(withoutModulePreloads(shell)), markup).replace(
    EMPTY_ROOT,
    `<div id="root">${markup}</div>`,
  );
  const out = path.join(web, 'prerendered', file);
  writeFileSync(out, html);
  writeFileSync(
    `${out}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${out}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${url} → ${path.relative(root, out)} (${html.length} bytes)`);
}
