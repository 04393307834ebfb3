import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_PAGES, prerenderedFile } from '#shared/prerendered.ts';
import { LANGUAGE_COOKIE, visitorLanguage } from '#shared/i18n/languages.ts';
import { isScreenPath } from '#shared/screen-paths.ts';
import type { Config } from '../config.ts';
import { createScreenRenderer } from './server-render.ts';
import { requestLanguage } from '../lib/language.ts';
import { shellPage } from './page-shell.ts';

/**
 * What a page sent as HTML depends on besides its address: the session and language cookies
 * (whose page, in which language) and Accept-Language (a visitor's language before any choice).
 */
const PAGE_VARY = 'cookie, accept-language';

// The built single-page app: files from dist/web, and a page for every other non-API GET so that
// client-side routes (and the 404 screen) work on reload. The build writes a .br and a .gz next
// to every text file (vite.config.ts); they are sent as they are to browsers that accept them, so
// nothing is compressed per request.
export function serveWebApp(app: FastifyInstance, config: Config): void {
  if (!existsSync(path.join(config.webDist, 'index.html'))) return;
  void app.register(fastifyStatic, {
    root: config.webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // The server's own render bundle (dist/web/ssr) is code for Node, not for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    // Vite's hashed bundles never change; everything else is revalidated.
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      // A prerendered page is in the visitor's language (decision 026): no shared cache may keep
      // one visitor's for another, and the browser's own copy is revalidated.
      if (filePath.includes(`${path.sep}prerendered${path.sep}`)) {
        void reply.header('cache-control', 'private, no-cache');
        void reply.header('vary', PAGE_VARY);
        return;
      }
      void reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const renderScreen = createScreenRenderer(app, config.webDist, config.publicOrigin);
  app.get(
    '/*',
    { config: { policy: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      // A missing hashed file (an old chunk after a deploy) is a 404, not the page: the web app's
      // error screen then reloads it (web/app/error-screen.tsx).
      if (
        request.url.startsWith('/api/') ||
        request.url.startsWith('/assets/') ||
        request.url.startsWith('/ssr/')
      )
        return reply.callNotFound();
      // Screens rendered with the visitor's data (decision 024): the feed and a chat paint from
      // the HTML. Never stored by a cache: the page holds that person's data.
      if (renderScreen) {
        try {
          const page = await renderScreen(request);
          if (page?.retryAfterSeconds)
            void reply.header('retry-after', String(page.retryAfterSeconds));
          if (page)
            return reply
              .code(page.status)
              .header('cache-control', 'private, no-store')
              .header('vary', PAGE_VARY)
              .type('text/html; charset=utf-8')
              .send(page.html);
        } catch (err) {
          // The browser renders it itself from the empty shell, as it always could.
          request.log.error({ err }, 'server render failed; sending the empty shell');
        }
      }
      const pathname = request.url.split('?')[0]!;
      // The public first screens, prerendered at build time (scripts/prerender.ts), show before
      // any script runs, in the visitor's language: their choice (the `lang` cookie), else their
      // browser's.
      const prerendered = PRERENDERED_PAGES[pathname];
      if (prerendered) {
        const language = visitorLanguage(
          request.cookies[LANGUAGE_COOKIE],
          request.headers['accept-language'],
        );
        for (const file of new Set([prerenderedFile(prerendered, language), prerendered]))
          if (existsSync(path.join(config.webDist, 'prerendered', file)))
            return reply.sendFile(`prerendered/${file}`);
      }
      // Every other screen gets the app's empty shell, and an address that is no screen the same
      // page as a 404 (search engines and link checkers read the status), where the app shows its
      // not-found screen. Either in the language the app will show (the account's, else this
      // device's): its `<html lang>` and tab title are right from the first byte, not after the
      // app starts. Whose language it is depends on the cookies and Accept-Language, so no shared
      // cache keeps it, and the browser's copy is revalidated (a 304 while it is the same).
      const shell = shellPage(config.webDist, requestLanguage(request));
      void reply
        .header('cache-control', 'private, no-cache')
        .header('vary', PAGE_VARY)
        .header('etag', shell.etag);
      if (!isScreenPath(pathname))
        return reply.code(404).type('text/html; charset=utf-8').send(shell.html);
      if (request.headers['if-none-match'] === shell.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(shell.html);
    },
  );
}
