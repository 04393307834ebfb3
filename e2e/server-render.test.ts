// Decision 024: the seeker's feed and a chat come from the server as HTML with their data, paint
// before any script runs, and the app takes that HTML over without asking for the data again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { chatPath } from '#shared/routes.ts';
import { getJson, signInDemoPair, startHarness, type DemoPair, type Harness } from './harness.ts';

let h: Harness;
let pair: DemoPair;
let seekerCookie: string;
let firstJobTitle: string;
let chatUrl: string;

const FEED = '/jobseeker-dashboard';

beforeAll(async () => {
  h = await startHarness();
  pair = await signInDemoPair(h);
  seekerCookie = await cookieOf(pair.seeker.context);
  const feed = await getJson<{ jobs: { title: string }[] }>(pair.seeker.page, '/api/jobs/feed');
  firstJobTitle = feed.jobs[0]!.title;
  chatUrl = chatPath('user', pair.recruiter.id, pair.room.jobId);
});
afterAll(async () => {
  await pair?.recruiter.context.close();
  await pair?.seeker.context.close();
  await h?.close();
});

/** The Cookie header a signed-in context sends. */
const cookieOf = async (context: BrowserContext) =>
  (await context.cookies(h.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');

const html = async (path: string, cookie?: string) => {
  const res = await fetch(h.baseUrl + path, { headers: cookie ? { cookie } : {} });
  return { res, text: await res.text() };
};

/**
 * A new browser context (in a given time zone) signed in as the demo seeker, that has run the
 * app once, as anyone who signed in has: it told the server its time zone then.
 */
async function seekerContext(
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({
    baseURL: h.baseUrl,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
    ...(timezoneId ? { timezoneId } : {}),
  });
  await context.addCookies(
    (await pair.seeker.context.cookies(h.baseUrl)).filter((c) => c.name !== 'tz'),
  );
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForURL(`**${FEED}`);
  // This first visit's own requests are over (its feed is shown) before a test watches the next.
  await page.getByRole('article').first().waitFor();
  // The app reports its zone once the browser is idle (web/main.tsx), not while it starts.
  await expect
    .poll(async () => (await context.cookies(h.baseUrl)).find((c) => c.name === 'tz')?.value)
    .toBe(encodeURIComponent(timezoneId ?? Intl.DateTimeFormat().resolvedOptions().timeZone));
  return { context, page };
}

/** Waits until React has taken an element of the server's HTML over (its props are attached). */
async function hydrated(locator: Locator): Promise<void> {
  const element = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction((el) => Object.keys(el!).some((k) => k.startsWith('__reactProps')), element);
}

/** Console errors of a page, the API paths and the pages it asked for, from now on. */
function watch(page: Page): { errors: string[]; api: string[]; documents: number } {
  const seen = { errors: [] as string[], api: [] as string[], documents: 0 };
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  page.on('request', (r) => {
    const url = new URL(r.url());
    // With the query: the feed's next page (`?cursor=`) may be fetched ahead; its first page not.
    if (url.pathname.startsWith('/api/')) seen.api.push(url.pathname + url.search);
    if (r.resourceType() === 'document') seen.documents += 1;
  });
  return seen;
}

describe('the feed, rendered by the server', () => {
  it('comes as HTML with its jobs, never cached, with its code and data', async () => {
    const { res, text } = await html(FEED, seekerCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(text).toMatch(/<h1[^>]*>Jobs<\/h1>/);
    expect(text).toContain(firstJobTitle);
    expect(text).toContain('id="server-state"');
    // The app's entry and the screen's own chunk are named on the boot script, which asks for
    // them once the page has painted; no entry script holds the first paint.
    expect(text).toMatch(
      /<script src="\/boot\.js" defer data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/job-feed-page-[\w-]+\.js/,
    );
    expect(text).not.toMatch(/<script type="module"/);
  });

  it('signed out, the path is the empty shell (the app sends the visitor on)', async () => {
    const { res, text } = await html(FEED);
    expect(res.status).toBe(200);
    expect(text).toContain('<div id="root"></div>');
    expect(text).not.toContain('server-state');
    expect(text).not.toContain(firstJobTitle);
  });

  it('shows its job cards with scripts turned off', async () => {
    const context = await h.browser.newContext({ baseURL: h.baseUrl, javaScriptEnabled: false });
    await context.addCookies(await pair.seeker.context.cookies(h.baseUrl));
    const page = await context.newPage();
    await page.goto(FEED);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByText(firstJobTitle).first().isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('is taken over by the app without a mismatch and without asking for the feed again', async () => {
    const { context, page } = await seekerContext();
    const seen = watch(page);
    await page.goto(FEED);
    // Taken over: a tap on a card now navigates inside the app, not by loading a new page.
    const card = page.getByRole('article').first().getByRole('link').first();
    await hydrated(card);
    await card.click();
    await page.waitForURL('**/job-detail/**');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(seen.documents).toBe(1);
    expect(seen.errors.filter((e) => /hydrat|mismatch|Minified React error/i.test(e))).toEqual([]);
    // Neither the user nor the feed's first page was asked for again.
    expect(seen.api.filter((p) => p === '/api/me' || p === '/api/jobs/feed')).toEqual([]);
    await context.close();
  });
});

describe('a chat, rendered by the server', () => {
  it('comes as HTML with its newest messages', async () => {
    const { messages } = await getJson<{ messages: { message: string | null }[] }>(
      pair.seeker.page,
      `/api/rooms/${pair.room.roomId}/messages?limit=5`,
    );
    const last = messages.filter((m) => m.message).at(-1)!.message!;
    const { res, text } = await html(chatUrl, seekerCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(text).toContain('Priya Sharma');
    expect(text).toContain(last.slice(0, 30).replace(/&/g, '&amp;'));
    expect(text).toMatch(/data-preload="[^"]*\/assets\/chat-page-[\w-]+\.js/);
  });

  it('shows times as the phone does, in its own time zone, and takes the page over cleanly', async () => {
    // Far from the server's zone: a time rendered in the wrong zone would not match the app's.
    const { context, page } = await seekerContext('America/Los_Angeles');
    const seen = watch(page);
    await page.goto(chatUrl);
    const composer = page.getByPlaceholder('Type a message');
    await hydrated(composer);
    const fromServer = await (await page.request.get(chatUrl)).text();
    const time = /<time[^>]*>(\d\d:\d\d)<\/time>/.exec(fromServer)?.[1];
    expect(time).toBeTruthy();
    await expect(page.getByText(time!, { exact: true }).first().isVisible()).resolves.toBe(true);
    expect(seen.errors.filter((e) => /hydrat|mismatch|Minified React error/i.test(e))).toEqual([]);
    // Usable at once: a message goes out and shows.
    await composer.fill('Sent right after the page came');
    await page.keyboard.press('Enter');
    await page.getByText('Sent right after the page came').waitFor();
    await context.close();
  });

  it('asks for its messages once while taken over, and shows what came after the render', async () => {
    const { context, page } = await seekerContext();
    const seen = watch(page);
    const later = `Written after the page was rendered ${crypto.randomUUID().slice(0, 8)}`;
    // A message arrives after the server rendered the page, before the app's socket connects.
    await page.routeWebSocket('**/api/ws?*', async (ws) => {
      const sent = await pair.recruiter.page.request.post(
        `/api/rooms/${pair.room.roomId}/messages`,
        { data: { message: later, clientId: crypto.randomUUID() } },
      );
      expect(sent.ok()).toBe(true);
      ws.connectToServer();
    });
    await page.goto(chatUrl);
    // The first connection's catch-up brings it: the page's data is not fetched again before.
    await page.getByText(later).waitFor();
    await page.waitForLoadState('networkidle');
    const messageReads = seen.api.filter((p) =>
      p.startsWith(`/api/rooms/${pair.room.roomId}/messages`),
    );
    expect(messageReads).toHaveLength(1);
    expect(messageReads[0]).toContain('after=');
    await context.close();
  });

  it("puts a message's text in the page as text, never as markup", async () => {
    const attack =
      '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned=2">';
    const sent = await pair.seeker.page.request.post(`/api/rooms/${pair.room.roomId}/messages`, {
      data: { message: attack, clientId: crypto.randomUUID() },
    });
    expect(sent.ok()).toBe(true);
    const { text } = await html(chatUrl, seekerCookie);
    expect(text).not.toContain('<script>window.__pwned');
    expect(text).not.toContain('<img src=x');
    const { page } = pair.seeker;
    await page.goto(chatUrl);
    await page.getByText(attack).first().waitFor();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  it("puts a text with $` $' $& in the page once, as written, its state still readable", async () => {
    // In String.replace's replacement string these copy parts of the page into itself.
    const tricky = "Price is $` or $' and $& ok";
    const sent = await pair.seeker.page.request.post(`/api/rooms/${pair.room.roomId}/messages`, {
      data: { message: tricky, clientId: crypto.randomUUID() },
    });
    expect(sent.ok()).toBe(true);
    const { text } = await html(chatUrl, seekerCookie);
    expect(text.match(/<!doctype/gi)).toHaveLength(1);
    expect(text.match(/<\/head>/g)).toHaveLength(1);
    const state = /<script type="application\/json" id="server-state"[^>]*>(.*?)<\/script>/s.exec(
      text,
    );
    expect(JSON.stringify(JSON.parse(state![1]!))).toContain(tricky);
    const { page } = pair.seeker;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(chatUrl);
    await page.getByText(tricky).first().waitFor();
    await hydrated(page.getByText(tricky).first());
    expect(errors).toEqual([]);
  });

  it('someone without a conversation there gets the empty shell, and no room is made', async () => {
    // The demo recruiter opening a chat with a user they never talked to.
    const recruiterCookie = await cookieOf(pair.recruiter.context);
    const stranger = pair.recruiter.id; // a recruiter cannot chat with themselves
    const path = chatPath('recruiter', stranger, null);
    const { text } = await html(path, recruiterCookie);
    expect(text).toContain('<div id="root"></div>');
    expect(text).not.toContain('server-state');
  });
});

describe('public pages, rendered by the server', () => {
  it('a visitor gets /jobs with its jobs in the HTML', async () => {
    const { res, text } = await html('/jobs');
    expect(res.status).toBe(200);
    expect(text).toMatch(/<h1[^>]*>/);
    expect(text).toContain('id="server-state"');
    expect(text).toMatch(/<title data-server-head="">[^<]+<\/title>/);
    // One title and one description: the page's own replace the shell's.
    expect(text.match(/<title/g)).toHaveLength(1);
    expect(text.match(/<meta[^>]* name="description"/g)).toHaveLength(1);
  });

  it("a job titled with $` $' $& is one page, its title as written", async () => {
    const posted = await pair.recruiter.page.request.post('/api/jobs', {
      data: {
        title: "Sales Lead $` $' $& bonus",
        cityId: null,
        type: 'full_time',
        level: '1_3',
        jobCategory: 'sales_bd',
        description: "Great role. Pay is $' plus $` bonus.",
      },
    });
    expect(posted.status()).toBe(201);
    const { job } = (await posted.json()) as { job: { id: string } };
    const { res, text } = await html(`/jobs/view/x-${job.id}`);
    expect(res.status).toBe(200);
    expect(text.match(/<!doctype/gi)).toHaveLength(1);
    expect(text).toContain('Sales Lead $` $&#x27; $&amp; bonus');
    const state = /<script type="application\/json" id="server-state"[^>]*>(.*?)<\/script>/s.exec(
      text,
    );
    expect(() => JSON.parse(state![1]!)).not.toThrow();
    await pair.recruiter.page.request.put(`/api/jobs/${job.id}/status`, {
      data: { status: 'closed' },
    });
  });

  it('a job that does not exist is a 404, which the app explains', async () => {
    const { res, text } = await html(`/jobs/view/no-such-job-${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(text).not.toContain('server-state');
    const { page } = pair.seeker;
    await page.goto(`/jobs/view/no-such-job-${crypto.randomUUID()}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

describe("in the account's language", () => {
  it('a Hindi account gets its feed in Hindi from the server, taken over without a mismatch', async () => {
    const { page } = pair.seeker;
    const set = await page.request.put('/api/me/language', { data: { language: 'hi' } });
    expect(set.ok()).toBe(true);
    try {
      const { text } = await html(FEED, seekerCookie);
      expect(text).toContain('<html lang="hi">');
      const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(text)?.[1] ?? '';
      expect(h1).toMatch(/[\u0900-\u097F]/);
      const seen = watch(page);
      await page.goto(FEED);
      await hydrated(page.getByRole('article').first().getByRole('link').first());
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(h1);
      expect(seen.errors.filter((e) => /hydrat|mismatch|Minified React error/i.test(e))).toEqual(
        [],
      );
    } finally {
      await page.request.put('/api/me/language', { data: { language: 'en' } });
    }
  });
});

// On a slow network the server's page is on screen, and can be typed in, seconds before the app
// has taken it over. What was typed then stayed in the field while the app's state was empty:
// Send stayed disabled and Enter did nothing, and the feed never searched (session 22).
describe('typed before the app has taken the page over (a slow network)', () => {
  /** Holds the app's scripts until `release()`: the server's page is on screen, inert. */
  async function holdScripts(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  const started = (page: Page) =>
    page.waitForFunction(() => document.documentElement.dataset.app === 'started');

  it('a chat: the words typed then are sent with Send once the app is there', async () => {
    const { context, page } = await seekerContext();
    const release = await holdScripts(page);
    await page.goto(chatUrl, { waitUntil: 'commit' });
    const composer = page.getByPlaceholder('Type a message');
    const text = `Typed while the app was loading ${crypto.randomUUID().slice(0, 8)}`;
    await composer.pressSequentially(text);
    // Enter before the app is there is a new line in a plain textarea.
    await composer.press('Enter');
    release();
    await started(page);
    await hydrated(composer);
    const send = page.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await page
      .getByRole('log', { name: 'Conversation' })
      .getByText(text, { exact: true })
      .waitFor();
    const { messages } = await getJson<{ messages: { message: string | null }[] }>(
      pair.recruiter.page,
      `/api/rooms/${pair.room.roomId}/messages?limit=5`,
    );
    expect(messages.filter((m) => m.message === text)).toHaveLength(1);
    await expect(composer.inputValue()).resolves.toBe('');
    await context.close();
  });

  it('the feed: a search typed then runs once the app is there; Enter then asks the server for it', async () => {
    const { context, page } = await seekerContext();
    const release = await holdScripts(page);
    await page.goto(FEED, { waitUntil: 'commit' });
    const search = page.getByRole('searchbox');
    await search.pressSequentially('Mathematics');
    release();
    await started(page);
    await page.waitForURL(/[?&]q=Mathematics/);
    await page
      .getByRole('heading', { name: /Mathematics Teacher/ })
      .first()
      .waitFor();
    await context.close();

    const second = await seekerContext();
    const releaseAgain = await holdScripts(second.page);
    // With a type chosen: the early search keeps it (the form carries it along).
    await second.page.goto(`${FEED}?type=full_time`, { waitUntil: 'commit' });
    await second.page.getByRole('searchbox').pressSequentially('Mathematics');
    await second.page.getByRole('searchbox').press('Enter');
    await second.page.waitForURL(/[?&]q=Mathematics/);
    expect(new URL(second.page.url()).searchParams.get('type')).toBe('full_time');
    releaseAgain();
    await started(second.page);
    await second.page
      .getByRole('heading', { name: /Mathematics Teacher/ })
      .first()
      .waitFor();
    await expect(second.page.getByRole('searchbox').inputValue()).resolves.toBe('Mathematics');
    await second.context.close();
  });
});
