import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client.ts';
import type { Me } from '#shared/schemas/auth.ts';
import { meKey } from './lib/session.ts';
import { setTimeZone } from './lib/dates.ts';
import { setLanguage } from './lib/i18n.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages.ts';
import { setSiteOrigin } from './lib/site-origin.ts';
import { AppRoutes } from './app/routes.tsx';
import { serverScreenFor, SIGNED_IN_QUERIES, type ServerAnswer } from './app/server-data.ts';

// The web app rendered to HTML in Node: built by `vite build --ssr prerender.tsx` (into
// dist/web/ssr), used at build time by scripts/prerender.ts and per request by the server
// (server/pages/server-render.ts). Decisions 021 and 024.

const tree = (url: string, queryClient: QueryClient) => (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>
  </StrictMode>
);

/**
 * The public first screens as HTML, rendered at build time (scripts/prerender.ts): a visitor on
 * a slow network sees / or /login as soon as the page and its CSS arrive, and the app then
 * hydrates the same markup (web/main.tsx). Rendered as a signed-out visitor with the first
 * screens' texts, exactly what the browser's first render produces (docs/decisions/021); once per
 * language, the server sending the visitor's (decision 026).
 */
export async function prerender(
  url: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<string> {
  // In Hindi with the texts the browser has before taking such a page over: its first screens' (a
  // Hindi visitor loads the whole catalogue with the first other screen, as English).
  await setLanguage(language, false);
  try {
    return renderToString(tree(url, createQueryClient()));
  } finally {
    await setLanguage(DEFAULT_LANGUAGE, false);
  }
}

/** A GET of our own API as the visitor (the server answers it in-process, with their cookie). */
export type ServerGet = (url: string) => Promise<ServerAnswer>;

/** What a screen the server renders comes to: its page, or a 404 when its subject is missing. */
export type ServerRendered =
  | RenderedScreen
  | { notFound: true }
  /** The API refused the page's own data (too many requests, or unavailable): said as such. */
  | { refused: { status: 429 | 503; retryAfterSeconds: number | null } };

export interface RenderedScreen {
  /** The screen's module (web/app/server-data.ts), whose code the page preloads. */
  module: string;
  /** The language it was rendered in, which the app takes the page over in. */
  language: Language;
  /** Rendered for a visitor (no account): in this device's language, not an account's. */
  visitor: boolean;
  /** The screen's markup; React puts its <title>, <meta> and <link> first. */
  markup: string;
  /** The query cache it was rendered from, for the browser's first render (web/main.tsx). */
  state: unknown;
}

/**
 * A screen rendered with its data for the visitor asking (decision 024), or null when the server
 * does not render this path. Lazy screens are awaited (react-dom/static waits for every Suspense
 * boundary), so the HTML holds the screen itself, not its skeleton.
 */
export async function renderScreen(
  url: string,
  get: ServerGet,
  viewer: { timeZone: string; origin: string; language: Language },
): Promise<ServerRendered | null> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const found = serverScreenFor(pathname);
  if (!found) return null;
  const queryClient = createQueryClient();
  const me = await get('/api/me');
  const user = me.status === 200 ? (me.body as { user: Me }).user : null;
  // Signed-in screens are for onboarded seekers and recruiters: anyone else is sent elsewhere by
  // the app's guard, which the browser does from the empty shell.
  if (
    found.screen.signedIn &&
    !(user?.isOnboarded && (user.role === 'user' || user.role === 'recruiter'))
  )
    return null;
  queryClient.setQueryData(meKey, user);
  const queries = [
    ...(found.screen.signedIn ? SIGNED_IN_QUERIES : []),
    ...(await found.screen.queries(found.params, new URLSearchParams(search), get)),
  ];
  for (const query of queries) {
    const answer = query.answer ?? (await get(query.url));
    if (query.required && (answer.status === 404 || answer.status === 400))
      return { notFound: true };
    // Without what the page is about it would be an empty skeleton served as a page (200): the
    // visitor (a search engine too) is told to come back instead.
    if (query.required && (answer.status === 429 || answer.status >= 500)) {
      const seconds = (answer.body as { error?: { vars?: { seconds?: unknown } } } | null)?.error
        ?.vars?.seconds;
      return {
        refused: {
          status: answer.status === 429 ? 429 : 503,
          retryAfterSeconds: typeof seconds === 'number' ? seconds : null,
        },
      };
    }
    // A query the server could not answer is left to the browser, which shows its own error.
    if (answer.status !== 200) continue;
    const data = query.data ? query.data(answer.body) : answer.body;
    queryClient.setQueryData(
      query.queryKey,
      query.infinite ? { pages: [data], pageParams: [null] } : data,
    );
  }
  // In the account's language, else this device's (its `lang` cookie, else Accept-Language:
  // decision 026), dates as the viewer's phone shows them. The server renders one screen at a
  // time (server/pages/server-render.ts), so these settings are theirs for the whole render.
  const language = user?.language ?? viewer.language;
  await setLanguage(language, false);
  setTimeZone(viewer.timeZone);
  // Public pages name their canonical address with the site's public origin.
  setSiteOrigin(viewer.origin);
  let markup = '';
  try {
    const { prelude } = await prerenderToNodeStream(tree(url, queryClient));
    for await (const chunk of prelude) markup += String(chunk);
  } finally {
    setTimeZone(undefined);
    setSiteOrigin(null);
    await setLanguage(DEFAULT_LANGUAGE, false);
  }
  return {
    module: found.screen.module,
    language,
    visitor: !user,
    markup,
    state: dehydrate(queryClient),
  };
}
