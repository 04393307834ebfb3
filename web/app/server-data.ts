import { matchPath } from 'react-router';
import type { MessageView, RoomView } from '#shared/schemas/chat.ts';
import { MESSAGES_PAGE } from '#shared/limits.ts';
import { feedKey } from '../features/job-feed/api.ts';
import { messagesKey, roomWithKey } from '../features/chat/api.ts';
import { newestPage } from '../features/chat/message-store.ts';
import { unreadKey } from '../lib/unread.ts';
import { jobIdFromSlug, PUBLIC_INFO_PAGES } from '#shared/public-paths.ts';
import {
  companiesQuery,
  filtersQuery,
  jobQuery,
  jobsListQuery,
  salaryGuideQuery,
} from '../features/public/api.ts';

/** An answer of our API to a GET, as the server got it in-process. */
export interface ServerAnswer {
  status: number;
  body: unknown;
}

/**
 * One query the server answers through its own API before it renders a screen (decision 024):
 * the answer of `url` (a GET of our API, with the visitor's cookie) is put in the query cache
 * under `queryKey` — through `data` when the screen keeps it in another shape — exactly as the
 * screen's own query would have fetched it, so the HTML and the browser's first render agree.
 * `infinite` queries get it as their first page, with `null` as its page param (their
 * `initialPageParam` must be null).
 */
export interface ServerQuery {
  queryKey: readonly unknown[];
  url: string;
  infinite?: boolean;
  data?: (answer: unknown) => unknown;
  /** The answer, when the screen's queries already asked for it. */
  answer?: ServerAnswer;
  /** The screen is about this one thing: without it (a 404 or 400) the page is a 404. */
  required?: boolean;
}

/**
 * A screen rendered on the server: its route pattern and the queries it shows first. `get` asks
 * the API ahead, for a query whose URL depends on another answer (the chat's room, then its
 * messages).
 */
export interface ServerScreen {
  path: string;
  /**
   * The screen's module, as Vite's manifest names it (its path under web/): the page asks for its
   * code with the HTML, so the app can take the screen over as soon as its own script has run.
   */
  module: string;
  /** Only for a signed-in visitor: anyone else is sent elsewhere by the browser, as before. */
  signedIn?: boolean;
  queries: (
    params: Record<string, string | undefined>,
    search: URLSearchParams,
    get: (url: string) => Promise<ServerAnswer>,
  ) => ServerQuery[] | Promise<ServerQuery[]>;
}

const enc = encodeURIComponent;

/**
 * A chat: the room with the other user (for the job when given), then its newest messages, as
 * the chat screen's own queries keep them (features/chat/use-chat-queries.ts). A room that does
 * not exist yet is made by the browser (a POST), never by a page load.
 */
const chatScreen = (path: string): ServerScreen => ({
  path,
  module: 'features/chat/chat-page.tsx',
  signedIn: true,
  async queries({ id }, search, get) {
    const job = search.get('job');
    const roomUrl = `/api/rooms/with/${enc(id ?? '')}${job ? `?job=${enc(job)}` : ''}`;
    const answer = await get(roomUrl);
    if (answer.status !== 200) return [];
    const { room } = answer.body as { room: RoomView };
    return [
      {
        queryKey: roomWithKey(id ?? '', job),
        url: roomUrl,
        answer,
        data: (a) => (a as { room: RoomView }).room,
      },
      {
        queryKey: messagesKey(room.id),
        url: `/api/rooms/${enc(room.id)}/messages?limit=${MESSAGES_PAGE}`,
        data: (a) =>
          newestPage(undefined, (a as { messages: MessageView[] }).messages, MESSAGES_PAGE),
      },
    ];
  },
});

/**
 * What every signed-in screen shows besides its own data: the unread badge of the bottom
 * navigation (lib/unread.ts). Rendered with it, the badge is there in the HTML and the first
 * render here agrees with it, instead of arriving in the middle of taking the page over.
 */
export const SIGNED_IN_QUERIES: ServerQuery[] = [{ queryKey: unreadKey, url: '/api/rooms/unread' }];

/** Screens the server renders with their data; every other path gets the empty shell. */
export const SERVER_SCREENS: ServerScreen[] = [
  {
    // The seeker's feed, its first page unfiltered (a search or a type chip is the browser's).
    path: '/jobseeker-dashboard',
    module: 'features/job-feed/job-feed-page.tsx',
    signedIn: true,
    queries: (_, search) =>
      search.has('q') || search.has('type')
        ? []
        : [{ queryKey: feedKey({ q: '', type: null }), url: '/api/jobs/feed', infinite: true }],
  },
  chatScreen('/jobseeker-chat/:id'),
  chatScreen('/recruiter-messages/chat/:id'),
  // The public pages (issue 17, decision 027), for anyone: what search engines read.
  {
    path: '/jobs',
    module: 'features/public/jobs-page.tsx',
    queries: (_, search) => [
      { ...jobsListQuery(undefined, search), infinite: true },
      filtersQuery(),
    ],
  },
  {
    path: '/jobs/view/:slug',
    module: 'features/public/job-page.tsx',
    queries: ({ slug }) => {
      const id = jobIdFromSlug(slug ?? '');
      // An address with no job id in it is about nothing: a 404, as an unknown id is.
      return [
        id
          ? { ...jobQuery(id), required: true }
          : { ...jobQuery('none'), required: true, answer: { status: 404, body: null } },
      ];
    },
  },
  {
    path: '/jobs/:slug',
    module: 'features/public/jobs-page.tsx',
    queries: ({ slug }, search) => [
      // The slug names the listing: an unknown one is a 404.
      { ...jobsListQuery(slug?.toLowerCase(), search), infinite: true, required: true },
      filtersQuery(),
    ],
  },
  {
    path: '/companies',
    module: 'features/public/companies-page.tsx',
    queries: () => [{ ...companiesQuery(), infinite: true }],
  },
  {
    path: '/salary-guide',
    module: 'features/public/salary-guide-page.tsx',
    queries: () => [salaryGuideQuery()],
  },
  // The other information pages are texts only (companies and the salary guide are above).
  ...PUBLIC_INFO_PAGES.filter((page) => page !== 'companies' && page !== 'salary-guide').map(
    (page) => ({
      path: `/${page}`,
      module: 'features/public/info-page.tsx',
      queries: () => [],
    }),
  ),
];

/** The screen entry and its params for a pathname, if the server renders it. */
export function serverScreenFor(
  pathname: string,
): { screen: ServerScreen; params: Record<string, string | undefined> } | null {
  for (const screen of SERVER_SCREENS) {
    const match = matchPath(screen.path, pathname);
    if (match) return { screen, params: match.params };
  }
  return null;
}
