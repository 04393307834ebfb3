import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  pageWith,
  paintingShell,
  readShell,
  shellIn,
  splitHoisted,
  withHead,
} from './page-shell.ts';
import { TIME_ZONE_COOKIE } from '#shared/time-zone.ts';
import { LANGUAGE_COOKIE, visitorLanguage, type Language } from '#shared/i18n/languages.ts';
import { readScreenCode, type ScreenCode } from './screen-code.ts';
import { requestLanguage } from '../lib/language.ts';

// Screens rendered per request with the visitor's data (decision 024): the seeker's feed and a
// chat come as HTML that paints before any script arrives, and the browser's first render starts
// from the same data. Which screens, and which queries each shows first, the web app says
// (web/app/server-data.ts); the data is our own API's answer, asked in-process with the
// visitor's cookie, so it is exactly what the screen would have fetched, with every permission
// check of the API.

interface Answer {
  status: number;
  body: unknown;
}
interface SsrBundle {
  renderScreen(
    url: string,
    get: (url: string) => Promise<Answer>,
    viewer: { timeZone: string; origin: string; language: Language },
  ): Promise<
    | { module: string; language: string; visitor: boolean; markup: string; state: unknown }
    | { notFound: true }
    | { refused: { status: 429 | 503; retryAfterSeconds: number | null } }
    | null
  >;
}

const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

/** A page for the request, or null when the browser renders it from the empty shell. */
export type ScreenRenderer = (
  request: FastifyRequest,
) => Promise<{ status: 200 | 404 | 429 | 503; html: string; retryAfterSeconds?: number } | null>;

/** The renderer of the built web app in `webDist`, or null when the build has no server bundle. */
export function createScreenRenderer(
  app: FastifyInstance,
  webDist: string,
  publicOrigin: string,
): ScreenRenderer | null {
  const bundlePath = path.join(webDist, 'ssr', 'prerender.js');
  if (!existsSync(bundlePath)) return null;
  let bundle: Promise<SsrBundle> | null = null;
  let shell: string | null = null;
  let screenCode: ScreenCode | null = null;
  // One render at a time: the web app's language and text catalogue are per process, not per
  // request, and a render is a few milliseconds of CPU that cannot overlap anyway.
  let queue: Promise<unknown> = Promise.resolve();

  return async (request) => {
    bundle ??= import(bundlePath) as Promise<SsrBundle>;
    const { renderScreen } = await bundle;
    shell ??= paintingShell(readShell(webDist), webDist);
    screenCode ??= readScreenCode(webDist);
    // A visitor's page is in this device's language (its choice, else its browser's); a signed-in
    // person's in their account's (web/prerender.tsx). The API is asked in it too, as the app
    // asks it (web/lib/api.ts sends its language as Accept-Language).
    const language = visitorLanguage(
      request.cookies[LANGUAGE_COOKIE],
      request.headers['accept-language'],
    );
    const get = async (url: string): Promise<Answer> => {
      const answer = await app.inject({
        method: 'GET',
        url,
        remoteAddress: request.ip,
        headers: {
          accept: 'application/json',
          cookie: request.headers.cookie ?? '',
          'accept-language': language,
        },
      });
      let body: unknown = null;
      try {
        body = answer.json();
      } catch {
        // not JSON (a 204): no body
      }
      return { status: answer.statusCode, body };
    };
    const viewer = {
      timeZone: viewerTimeZone(request.cookies[TIME_ZONE_COOKIE]),
      origin: publicOrigin,
      language,
    };
    const rendering = queue.then(() => renderScreen(request.url, get, viewer));
    queue = rendering.catch(() => undefined);
    const rendered = await rendering;
    // What the page is about does not exist (an unknown job): a 404, which the app explains.
    if (rendered && 'notFound' in rendered)
      return { status: 404, html: shellIn(webDist, requestLanguage(request)) };
    // Its data was refused (the visitor's limit of public reads, an outage): that status and the
    // empty shell, whose app shows the error and retries, never a skeleton as a page.
    if (rendered && 'refused' in rendered)
      return {
        status: rendered.refused.status,
        html: shellIn(webDist, requestLanguage(request)),
        ...(rendered.refused.retryAfterSeconds
          ? { retryAfterSeconds: rendered.refused.retryAfterSeconds }
          : {}),
      };
    // No heading: the screen sent the visitor elsewhere (signed out, another role) or is still
    // a skeleton; the browser decides that from the empty shell, as before.
    if (!rendered || !rendered.markup.includes('<h1')) return null;
    const { head, body } = splitHoisted(rendered.markup);
    const page = pageWith(withHead(shell, head), body).replace(
      '<html lang="en">',
      `<html lang="${rendered.language}">`,
    );
    // After the markup, so the screen's HTML comes first on a slow line: its data (read by
    // web/main.tsx) and web/public/boot.js, which asks for the app's entry and the screen's code
    // once the page has painted. The entry's own script tag goes: a page that arrives at once
    // would otherwise hold its first paint until the app's scripts have loaded and run.
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(page);
    if (!entry) throw new Error('the shell has no entry script');
    const tail =
      `<script type="application/json" id="server-state" data-origin="${publicOrigin}" data-time-zone="${viewer.timeZone}" data-language="${rendered.language}"${rendered.visitor ? ' data-visitor=""' : ''}>${scriptSafeJson(rendered.state)}</script>` +
      `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload="${screenCode(rendered.module).join(' ')}"></script></body>`;
    const html = page.replace(entry[0], '').replace('</body>', () => tail);
    return { status: 200, html };
  };
}

/**
 * The zone the viewer's browser reported (web/lib/time-zone.ts), if it is one Intl knows; else
 * India's, where our users are.
 */
export function viewerTimeZone(reported: string | undefined): string {
  if (!reported || reported.length > 64) return DEFAULT_TIME_ZONE;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: reported }).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** JSON that cannot end the script element it sits in. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
