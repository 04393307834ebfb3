// npm run build:web, after `vite build` and `vite build --ssr web/prerender.tsx`: writes the
// public first screens as HTML (web/prerender.tsx) into dist/web/prerendered/, next to a .br and
// a .gz of each, from the built index.html. The server sends them for those paths (server/app.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../shared/prerendered.ts';
import { pageWith, paintingShell, readShell } from '../server/pages/page-shell.ts';

const root = path.resolve(import.meta.dirname, '..');
// Other places for a build of one's own: PRERENDER_WEB_DIR (the browser build), PRERENDER_SSR_DIR.
const web = path.resolve(process.env.PRERENDER_WEB_DIR ?? path.join(root, 'dist/web'));
const ssr = path.resolve(process.env.PRERENDER_SSR_DIR ?? path.join(web, 'ssr'));
const { prerender } = (await import(path.join(ssr, 'prerender.js'))) as {
  prerender: (url: string) => string;
};

const shell = paintingShell(readShell(web), web);

mkdirSync(path.join(web, 'prerendered'), { recursive: true });
for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
  const markup = prerender(url);
  if (!markup.includes('<h1')) throw new Error(`prerendering ${url} gave no heading`);
  const html = pageWith(shell, markup);
  const out = path.join(web, 'prerendered', file);
  writeFileSync(out, html);
  writeFileSync(
    `${out}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${out}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${url} → ${path.relative(root, out)} (${html.length} bytes)`);
}
