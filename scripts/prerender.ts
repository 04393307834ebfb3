// npm run build:web, after `vite build` and `vite build --ssr web/prerender.tsx`: writes the
// public first screens as HTML (web/prerender.tsx) into dist/web/prerendered/, next to a .br and
// a .gz of each, from the built index.html. The server sends them for those paths (server/app.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES, prerenderedFile } from '../shared/prerendered.ts';
import { LANGUAGES, type Language } from '../shared/i18n/languages.ts';
import {
  pageWith,
  paintingShell,
  readShell,
  splitHoisted,
  withHead,
} from '../server/pages/page-shell.ts';

const root = path.resolve(import.meta.dirname, '..');
// Other places for a build of one's own: PRERENDER_WEB_DIR (the browser build), PRERENDER_SSR_DIR.
const web = path.resolve(process.env.PRERENDER_WEB_DIR ?? path.join(root, 'dist/web'));
const ssr = path.resolve(process.env.PRERENDER_SSR_DIR ?? path.join(web, 'ssr'));
const { prerender } = (await import(path.join(ssr, 'prerender.js'))) as {
  prerender: (url: string, language: Language) => Promise<string>;
};

const shell = paintingShell(readShell(web), web);

mkdirSync(path.join(web, 'prerendered'), { recursive: true });
// Every page in every language: the server sends the one of the visitor's language (decision 026).
for (const [url, page] of Object.entries(PRERENDERED_PAGES)) {
  for (const language of LANGUAGES) {
    // The title and description in the page's language go into its head (ShellHead).
    const { head, body } = splitHoisted(await prerender(url, language));
    if (!body.includes('<h1')) throw new Error(`prerendering ${url} gave no heading`);
    if (!head.includes('<title ')) throw new Error(`prerendering ${url} gave no title`);
    const html = pageWith(withHead(shell, head), body).replace(
      '<html lang="en">',
      `<html lang="${language}">`,
    );
    if (!html.includes(`<html lang="${language}">`))
      throw new Error('the shell has no <html lang>');
    const file = prerenderedFile(page, language);
    const out = path.join(web, 'prerendered', file);
    writeFileSync(out, html);
    writeFileSync(
      `${out}.br`,
      brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${out}.gz`, gzipSync(html, { level: 9 }));
    console.log(
      `prerendered ${url} (${language}) → ${path.relative(root, out)} (${html.length} bytes)`,
    );
  }
}
