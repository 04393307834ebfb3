import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { textIn } from '#shared/i18n/texts.ts';
import type { Language } from '#shared/i18n/languages.ts';

// The built index.html turned into a page that paints from its HTML alone: used at build time for
// the prerendered first screens (scripts/prerender.ts) and per request for screens the server
// renders with their data (server-render.ts). Decisions 021 and 024.

export const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The stylesheet inlined: the page paints with the HTML alone, instead of waiting for a CSS file
 * that shares a slow connection with the app's scripts (CSP allows inline styles).
 */
export function withInlineCss(html: string, webDir: string): string {
  return html.replace(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/,
    (_, href: string) => `<style>${readFileSync(path.join(webDir, href), 'utf8')}</style>`,
  );
}

/**
 * No module preloads: the page is readable from its HTML, and the app's scripts (which follow
 * from the entry's own imports) must not take the connection before the page has painted.
 */
export function withoutModulePreloads(html: string): string {
  return html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The screen's high-priority image (its largest paint) asked for first thing in <head>, ahead of
 * the app's scripts, which would otherwise take the connections before it.
 */
export function withHeroPreload(html: string, markup: string): string {
  const hero = /<img[^>]*fetchPriority="high"[^>]*>/i.exec(markup)?.[0];
  const src = hero && /src="([^"]+)"/.exec(hero)?.[1];
  if (!src) return html;
  return html.replace(
    '<head>',
    () => `<head><link rel="preload" as="image" href="${src}" fetchpriority="high">`,
  );
}

/** The built index.html, checked to have what the pages are made from. */
export function readShell(webDir: string): string {
  const shell = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  if (!shell.includes(EMPTY_ROOT)) throw new Error(`${webDir}/index.html has no ${EMPTY_ROOT}`);
  if (!/<link rel="stylesheet"/.test(shell)) throw new Error('index.html has no stylesheet link');
  return shell;
}

/**
 * The empty shell in a language: its `<html lang>`, title and description said so, for a page
 * whose screen the app draws itself (a screen neither prerendered nor rendered with its data, the
 * not-found screen, a page whose data was refused). Made once per build folder and language.
 */
export function shellIn(webDir: string, language: Language): string {
  return shellPage(webDir, language).html;
}

/** `shellIn`'s page with an ETag of its bytes, so a browser's copy is revalidated with a 304. */
export function shellPage(webDir: string, language: Language): { html: string; etag: string } {
  const key = `${webDir}\0${language}`;
  let page = emptyShells.get(key);
  if (page === undefined) {
    const shell = readFileSync(path.join(webDir, 'index.html'), 'utf8');
    // Its title and description in that language too, as the app's own (ShellHead) will be.
    const head =
      `<title data-server-head="">${html(textIn(language, 'brand.pageTitle'))}</title>` +
      `<meta data-server-head="" name="description" content="${html(textIn(language, 'brand.pageDescription'))}"/>`;
    const text = withHead(
      shell.replace(/<html lang="[^"]*">|<html>/, () => `<html lang="${language}">`),
      head,
    );
    const hash = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    page = { html: text, etag: `"${hash}"` };
    emptyShells.set(key, page);
  }
  return page;
}
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const emptyShells = new Map<string, { html: string; etag: string }>();

/** The shell made to paint alone: inline CSS and no module preloads. */
export const paintingShell = (shell: string, webDir: string) =>
  withInlineCss(withoutModulePreloads(shell), webDir);

/**
 * The rendered markup put into a painting shell, with its hero image preloaded. Every text that
 * carries what people wrote goes in through a function, never as a replacement string: there
 * `$\``, `$'` and `$&` are patterns, and a job titled "Pay $\` bonus" copied the page into itself
 * (a broken page, and with enough of them a request that took a gigabyte).
 */
export const pageWith = (shell: string, markup: string) =>
  withHeroPreload(shell, markup).replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);

const HOISTED = /<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>/g;

/**
 * React 19 puts a screen's <title>, <meta> and <link> elements before its markup (it hoists
 * them into <head> in the browser): they go into the page's head, the shell's title and
 * description replaced. The app's own title and description (`ShellHead`) come first and a
 * screen's own after them: the last of each is the page's, as in the browser (decision 028).
 */
export function splitHoisted(markup: string): { head: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup);
  if (!hoisted) return { head: '', body: markup };
  const elements = hoisted[0].match(HOISTED) ?? [];
  const isTitle = (e: string) => e.startsWith('<title>');
  const isDescription = (e: string) => e.startsWith('<meta ') && e.includes(' name="description"');
  const lastTitle = elements.findLastIndex(isTitle);
  const lastDescription = elements.findLastIndex(isDescription);
  const kept = elements.filter(
    (e, i) => (!isTitle(e) || i === lastTitle) && (!isDescription(e) || i === lastDescription),
  );
  // Marked, so the app can take them out before it renders its own (web/main.tsx): React does
  // not always adopt head elements it did not make, and a page would keep two canonical links.
  const head = kept.join('').replace(/<(title|meta|link)\b/g, '<$1 data-server-head=""');
  return { head, body: markup.slice(hoisted[0].length) };
}

/** The shell with the screen's head (`splitHoisted`) in place of its own title and description. */
export function withHead(shell: string, head: string): string {
  if (!head) return shell;
  let page = head.includes('<title ') ? shell.replace(/<title>[^<]*<\/title>/, '') : shell;
  if (head.includes(' name="description"'))
    page = page.replace(/<meta\s+name="description"[^>]*>/, '');
  return page.replace('</head>', () => `${head}</head>`);
}
