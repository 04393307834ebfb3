// One phone, several people (decision 028, session 23). In India a phone is often shared in a
// family, and the browser keeps its tabs for days: one browser profile, one session cookie for all
// its tabs. Nothing of one person may be used or shown for the next: a message written offline by
// one is not sent as the next to sign in; a page left when a session ended sends only that person
// back to it; a tab whose session ended while it slept is taken out when it wakes, once, with a
// message, not by a loop of refused socket handshakes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Page, WebSocketRoute } from 'playwright-core';
import { chromium } from 'playwright-core';
import {
  CHROMIUM,
  codeFromOutbox,
  getJson,
  loginThroughUi,
  startHarness,
  type Harness,
  type Person,
  loginCooldownPassed,
  signInAgain,
} from './harness.ts';

const PRIYA = '9000000001'; // the demo recruiter
const RAHUL = '9000000002'; // the demo seeker, in a conversation with Priya

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Signs a phone in through the API of the browser (as another tab of it would), over its cookie. */
async function signInOtherTab(request: APIRequestContext, phone: string): Promise<void> {
  await loginCooldownPassed(h, phone);
  expect((await request.post('/api/auth/otp', { data: { phone } })).status()).toBe(200);
  const code = await codeFromOutbox(h, phone);
  expect((await request.post('/api/auth/verify', { data: { phone, code } })).status()).toBe(200);
}

/** Logs in on the screen the page shows (the start screen keeps the page to come back to). */
async function logInHere(page: Page, phone: string): Promise<void> {
  await loginCooldownPassed(h, phone);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // The new code is in the outbox once the screen says it was sent (not the one before).
  await page.getByText('OTP sent successfully! Please check your phone.').first().waitFor();
  await page.getByPlaceholder('6-digit OTP').fill(await codeFromOutbox(h, phone));
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
}

/** The seeker's conversation with the demo recruiter, and its screen. */
async function rahulsChat(rahul: Person) {
  const { rooms } = await getJson<{ rooms: { roomId: string; jobId: string; userId: string }[] }>(
    rahul.page,
    '/api/rooms',
  );
  const room = rooms[0]!;
  return { room, path: `/jobseeker-chat/${room.userId}?job=${room.jobId}` };
}

/** Unsent messages kept in this browser's IndexedDB (the outbox's store). */
const keptTexts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('nearhire-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('messages')) return resolve([]);
          const all = db.transaction('messages').objectStore('messages').getAll();
          all.onsuccess = () => resolve((all.result as { text: string }[]).map((r) => r.text));
          all.onerror = () => reject(all.error);
        };
      }),
  );

const composer = (page: Page) => page.getByRole('textbox', { name: 'Type a message' });
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

describe('one browser, several people', () => {
  it('a message written offline by one person is not sent as the next one to sign in', async () => {
    const rahul = await signInAgain(h, RAHUL, '**/jobseeker-dashboard');
    const { room, path } = await rahulsChat(rahul);
    const page = rahul.page;
    await page.goto(path);
    await composer(page).waitFor();
    await page.getByText('Reconnecting...').waitFor({ state: 'hidden' });

    // Rahul writes while offline: the message waits in the outbox.
    await rahul.context.setOffline(true);
    await page.getByText('Reconnecting...').waitFor();
    const secret = 'RAHUL OFFLINE 5521';
    await composer(page).fill(secret);
    await composer(page).press('Enter');
    await expect.poll(() => keptTexts(page)).toEqual([secret]);

    // Meanwhile in another tab of the same browser, Rahul signs out and Priya, the other member of
    // that conversation, signs in: the browser's one cookie is hers now.
    const otherTab = rahul.context.request;
    expect((await otherTab.post('/api/auth/logout')).status()).toBe(204);
    await signInOtherTab(otherTab, PRIYA);

    // Back online, Rahul's tab does not send his words as Priya: it says why it left and is
    // Priya's, as a reload would be.
    await rahul.context.setOffline(false);
    // The outbox lets the message go (forgotten with Rahul's session; before, sent as Priya).
    await expect.poll(() => keptTexts(page)).toEqual([]);
    const { messages } = await getJson<{ messages: { message: string }[] }>(
      page,
      `/api/rooms/${room.roomId}/messages`,
    );
    expect(messages.map((m) => m.message)).not.toContain(secret);
    await page
      .getByText('You were signed out: another account has logged in on this browser.')
      .first()
      .waitFor();
    await page.waitForURL('**/recruiter-dashboard/**');
    expect(unexpected(rahul.errors)).toEqual([]);
  });

  it("after a sign-out and Back, the next person to sign in goes home, not to the previous person's chat", async () => {
    const rahul = await signInAgain(h, RAHUL, '**/jobseeker-dashboard');
    const { path } = await rahulsChat(rahul);
    const page = rahul.page;
    await page.goto(path);
    await composer(page).waitFor();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Signed out successfully').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    // Back: Rahul's chat is not shown again (no copy of it in the browser's history or caches).
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(composer(page).count()).resolves.toBe(0);

    // Priya signs in from the start screen the Back button left: her home, not Rahul's chat.
    await logInHere(page, PRIYA);
    await page.waitForURL('**/recruiter-dashboard/**');
    expect(new URL(page.url()).pathname).not.toContain('jobseeker-chat');
    expect(unexpected(rahul.errors)).toEqual([]);
  });

  it('the person whose session ended comes back to their own page after logging in again', async () => {
    const rahul = await signInAgain(h, RAHUL, '**/jobseeker-dashboard');
    const { path } = await rahulsChat(rahul);
    const page = rahul.page;
    await page.goto(path);
    await composer(page).waitFor();
    // Signed out in another tab: this one is told, and leaves for the start screen.
    expect((await rahul.context.request.post('/api/auth/logout')).status()).toBe(204);
    await page.getByText('You must be logged in to continue').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await logInHere(page, RAHUL);
    await page.waitForURL((url) => url.pathname.startsWith('/jobseeker-chat/'));
    await composer(page).waitFor();
  });

  it("Back to a page kept in the browser's back-forward cache after signing out elsewhere leaves it at once", async () => {
    // The journeys' browser keeps no pages for Back (Playwright turns the cache off); phones do.
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    try {
      const context = await browser.newContext({ baseURL: h.baseUrl, serviceWorkers: 'block' });
      const page = await context.newPage();
      await loginCooldownPassed(h, RAHUL);
      await loginThroughUi(h, page, RAHUL);
      await page.waitForURL('**/jobseeker-dashboard');
      await page.goto('/profile');
      await page.getByRole('heading', { name: 'Rahul Verma' }).first().waitFor();
      await page.evaluate(() =>
        window.addEventListener('pageshow', (e) => {
          if (e.persisted) document.documentElement.dataset.restored = 'yes';
        }),
      );

      // Another page of the site, loaded anew; Rahul logs out there.
      await page.goto('/about');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('Signed out successfully').first().waitFor();

      // Back: the profile page comes back from the cache as it was left, and leaves at once,
      // before its socket has tried to connect again.
      let handshakes = 0;
      page.on('websocket', () => (handshakes += 1));
      await page.goBack({ waitUntil: 'commit' });
      // (A page from the cache fires no load event: only the address is waited for.)
      await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'commit' });
      expect(await page.evaluate(() => document.documentElement.dataset.restored)).toBe('yes');
      expect(await page.getByRole('heading', { name: 'Rahul Verma' }).count()).toBe(0);
      expect(handshakes).toBe(0);
    } finally {
      await browser.close();
    }
  });

  it('a tab whose session expired while its socket was down is taken out at the first refused handshake, not retried for ever', async () => {
    const rahul = await signInAgain(h, RAHUL, '**/jobseeker-dashboard');
    const page = rahul.page;
    // The tab's sockets pass through here, so one can be cut as a phone's network cuts it
    // (silently: no offline event, no close from the server).
    const sockets: WebSocketRoute[] = [];
    let handshakes = 0;
    await page.routeWebSocket(/\/api\/ws/, (ws) => {
      handshakes += 1;
      sockets.push(ws);
      ws.connectToServer();
    });
    const { path } = await rahulsChat(rahul);
    await page.goto(path);
    await composer(page).waitFor();
    await page.getByText('Reconnecting...').waitFor({ state: 'hidden' });
    expect(handshakes).toBe(1);

    // The session runs out (nothing is announced when it does), and the connection drops.
    await h.server.ctx.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [rahul.id],
    );
    await sockets[0]!.close({ code: 1006 });

    // Its next handshake is refused: found to be an ended session, said once, and no more tries.
    await page.getByText('Your session has expired. Please log in again.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(handshakes).toBe(2);
    expect(unexpected(rahul.errors)).toEqual([]);
  });
});
