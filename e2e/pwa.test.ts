import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SESSION } from '#shared/limits.ts';
import { hashToken } from '#server/lib/crypto.ts';
import { browserSubscription, startPushService } from '#server/test/push-service.ts';
import { loginOverApi, loginThroughUi, newPage, startHarness, type Harness } from './harness.ts';

// The installable app (issue 14, docs/decisions/017): manifest and icons, the service worker
// (registration, control, the offline page, the "new version" prompt), the offer to turn
// notifications on after a first conversation, and the notification switches of both settings
// screens. Headless Chromium has no push service, so nothing here subscribes for real; what the
// worker does with a push message is unit-tested (web/sw/push-logic.test.ts).

const RECRUITER_PHONE = '9000000001'; // Priya Sharma: conversations with seekers
const SEEKER_PHONE = '9000000002'; // Rahul Verma: conversations with Priya

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const cspProblems = (errors: string[]) =>
  errors.filter((e) => /Content Security Policy|service ?worker/i.test(e));

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.subarray(0, 8)]).toEqual(signature);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Waits until the service worker is active, then loads the page again so that it controls it. */
async function controlledBy(page: Page): Promise<string | undefined> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
}

/**
 * Push messages handed to the page's service worker by DevTools, the way its Application panel's
 * "Push" button does (there is no push service here; everything after that is the real worker),
 * and the notifications it shows.
 */
async function devToolsPush(page: Page, context: BrowserContext) {
  await context.grantPermissions(['notifications'], { origin: h.baseUrl });
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(() => registrations.find((r) => r.scopeURL === `${h.baseUrl}/` && !r.isDeleted))
    .toBeTruthy();
  const registrationId = registrations.find((r) => !r.isDeleted)!.registrationId;
  const push = (data: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: `${h.baseUrl}/`,
      registrationId,
      data,
    });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        icon: new URL(n.icon).pathname,
      })),
    );

  return { push, shown, cdp };
}

/** A seeker of the demo data who has no conversation yet (the nth: one login per phone). */
async function seekerWithoutChats(nth: number): Promise<string> {
  const [row] = await h.server.ctx.db.query<{ phone: string }>(
    `SELECT right(u.phone_no, 10) AS phone FROM users u
      WHERE u.user_role = 'user' AND u.is_onboarded AND u.phone_no <> '+91${SEEKER_PHONE}'
        AND NOT EXISTS (SELECT 1 FROM chat_rooms r WHERE r.seeker_id = u.id)
      ORDER BY u.phone_no LIMIT 1 OFFSET $1`,
    [nth],
  );
  if (!row) throw new Error('the demo data has no seeker without conversations');
  return row.phone;
}

describe('installable app', () => {
  it('index.html links a manifest with the name, start URL, theme colour and icons that exist', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/');
    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
    }));
    await context.close();
    expect(head.manifest).toBeTruthy();
    expect(head.themeColor).toBe('#0f766e');

    const res = await fetch(new URL(head.manifest!, h.baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'NearHire',
      short_name: 'NearHire',
      start_url: '/',
      display: 'standalone',
      theme_color: head.themeColor,
    });
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icons = [
      ...manifest.icons,
      { src: head.appleTouchIcon!, sizes: '180x180', type: 'image/png', purpose: 'apple' },
    ];
    for (const icon of icons) {
      const file = await fetch(new URL(icon.src, h.baseUrl));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(new Uint8Array(await file.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const has = (sizes: string, purpose: string) =>
      manifest.icons.some((i) => i.sizes === sizes && (i.purpose ?? 'any').includes(purpose));
    expect(has('192x192', 'any')).toBe(true);
    expect(has('512x512', 'any')).toBe(true);
    expect(has('512x512', 'maskable')).toBe(true);
  });

  it('the service worker registers, controls the page from its next load, and is revalidated on every check', async () => {
    const { page, context, errors } = await newPage(h, { serviceWorkers: 'allow' });
    await page.goto('/login');
    expect(await controlledBy(page)).toBe(`${h.baseUrl}/sw.js`);
    // The app shell and the offline page are in the precache.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      return urls.map((u) => new URL(u).pathname);
    });
    expect(cached).toContain('/offline.html');
    expect(cached.some((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true);
    expect(cached).not.toContain('/index.html');
    await page.getByRole('button', { name: 'Send OTP' }).waitFor();
    expect(cspProblems(errors)).toEqual([]);
    await context.close();

    const sw = await fetch(`${h.baseUrl}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/worker-src 'self'/);
    expect(csp).toMatch(/manifest-src 'self'/);
  });

  it('a page load without network shows the offline page, and the app again once the network is back', async () => {
    const { page, context, errors } = await newPage(h, { serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await context.setOffline(true);
    await page.goto('/about');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.title()).toBe('Offline · NearHire');
    // "Try again" while still offline: the same page again.
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();

    // Back online: the page loads the address by itself.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(cspProblems(errors)).toEqual([]);
    await context.close();
  });

  it('the offline page speaks the language chosen in the app', async () => {
    const { page, context, errors } = await newPage(h, { serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await context.setOffline(true);
    await page.goto('/about');
    await page.getByRole('heading', { name: 'आप ऑफ़लाइन हैं' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    expect(await page.title()).toBe('ऑफ़लाइन · NearHire');
    await expect(page.getByRole('link', { name: 'फिर से कोशिश करें' }).isVisible()).resolves.toBe(
      true,
    );
    expect(cspProblems(errors)).toEqual([]);
    await context.close();
  });
});

describe('a deploy while the app is open', () => {
  let deployed: Harness;
  let webDist: string;
  beforeAll(async () => {
    // A copy of the built app that this test can "deploy" to without touching dist/web.
    webDist = await mkdtemp(path.join(tmpdir(), 'nearhire-web-'));
    await cp(h.server.ctx.config.webDist, webDist, { recursive: true });
    deployed = await startHarness({ webDist });
  });
  afterAll(async () => {
    await deployed?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('offers Reload when a new service worker is waiting; Reload puts it in charge', async () => {
    const { page, context } = await newPage(deployed, { serviceWorkers: 'allow' });
    await page.goto('/about');
    expect(await controlledBy(page)).toBe(`${deployed.baseUrl}/sw.js`);
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();

    // The deploy: a service worker that differs by a byte (no precompressed copies of sw.js).
    await appendFile(path.join(webDist, 'sw.js'), '\n// deploy 2\n');
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    await page.getByText('A new version of NearHire is ready.').waitFor();
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(true);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        waiting: Boolean(registration?.waiting),
        controlled: Boolean(navigator.serviceWorker.controller),
      };
    });
    expect(state).toEqual({ waiting: false, controlled: true });
    // The prompt belonged to the old page.
    expect(await page.getByText('A new version of NearHire is ready.').count()).toBe(0);

    // Another deploy, found by the browser's own check when the page is loaded again: the new
    // worker installs while the page starts (or before it registers), and is offered all the same.
    await appendFile(path.join(webDist, 'sw.js'), '\n// deploy 3\n');
    await page.reload();
    await page.getByText('A new version of NearHire is ready.').waitFor();
    const again = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await again;
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();
    expect(
      await page.evaluate(async () =>
        Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
      ),
    ).toBe(false);
    await context.close();
  });
});

/** A seeker of the demo data who has a conversation (and is in no other journey here). */
async function seekerWithChats(): Promise<string> {
  const [row] = await h.server.ctx.db.query<{ phone: string }>(
    `SELECT right(u.phone_no, 10) AS phone FROM users u
      WHERE u.user_role = 'user' AND u.is_onboarded AND u.phone_no <> '+91${SEEKER_PHONE}'
        AND EXISTS (SELECT 1 FROM chat_rooms r WHERE r.seeker_id = u.id)
      ORDER BY u.phone_no LIMIT 1`,
  );
  if (!row) throw new Error('the demo data has no other seeker with a conversation');
  return row.phone;
}

describe('notifications', () => {
  it('are offered on the chat list once there is a conversation; "Not now" keeps the offer away', async () => {
    const { page, context, errors } = await newPage(h, { serviceWorkers: 'allow' });
    await loginOverApi(h, page, SEEKER_PHONE);
    await page.goto('/job-chats');
    const offer = page.getByRole('region', { name: 'Know when they reply' });
    await offer.waitFor();
    await expect(
      offer.getByRole('button', { name: 'Turn on notifications' }).isVisible(),
    ).resolves.toBe(true);
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });

    // The next load is the service worker's: the list still loads, and the offer stays away.
    expect(await controlledBy(page)).toBe(`${h.baseUrl}/sw.js`);
    await page
      .getByRole('link', { name: /Priya Sharma/ })
      .first()
      .waitFor();
    expect(await offer.count()).toBe(0);
    expect(cspProblems(errors)).toEqual([]);
    await context.close();
  });

  it("a push message becomes a notification with the chat's address (DevTools' push button)", async () => {
    const { page, context } = await newPage(h, { serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { push, shown } = await devToolsPush(page, context);

    await push(
      JSON.stringify({
        title: 'Priya Sharma',
        body: 'Can you come for an interview on Monday?',
        url: '/jobseeker-chat/1234',
        tag: 'chat:1234',
      }),
    );
    await expect.poll(shown).toEqual([
      {
        title: 'Priya Sharma',
        body: 'Can you come for an interview on Monday?',
        tag: 'chat:1234',
        data: { url: '/jobseeker-chat/1234' },
        icon: '/icons/icon-192.png',
      },
    ]);
    // Something unreadable still shows a notification (the browser insists), opening the app.
    await push('not json');
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === ''))
      .toEqual({
        title: 'NearHire',
        body: 'Something new is waiting for you.',
        tag: '',
        data: { url: '/' },
        icon: '/icons/icon-192.png',
      });
    await context.close();
  });

  it("a push the worker cannot read is shown in the user's language, also after the worker was stopped", async () => {
    const { page, context } = await newPage(h, { serviceWorkers: 'allow' });
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { push, shown, cdp } = await devToolsPush(page, context);
    await page.getByRole('button', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { name: 'स्वागत है' }).waitFor();
    // The app tells the worker, which keeps it where a stopped worker finds it again.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const kept = await (await caches.open('nearhire-settings')).match('/__sw/language');
          return kept?.text();
        }),
      )
      .toBe('hi');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await push('not json');
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === ''))
      .toEqual({
        title: 'NearHire',
        body: 'आपके लिए कुछ नया है।',
        tag: '',
        data: { url: '/' },
        icon: '/icons/icon-192.png',
      });
    // Back to English: the next such notification is English.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          for (const n of await (await navigator.serviceWorker.ready).getNotifications()) n.close();
          const kept = await (await caches.open('nearhire-settings')).match('/__sw/language');
          return kept?.text();
        }),
      )
      .toBe('en');
    await push('');
    await expect
      .poll(async () => (await shown()).find((n) => n.tag === '')?.body)
      .toBe('Something new is waiting for you.');
    await context.close();
  });

  it("a person's notifications on screen are closed when their session ends here, also when it ended elsewhere", async () => {
    const { page, context } = await newPage(h, { serviceWorkers: 'allow' });
    await loginThroughUi(h, page, await seekerWithoutChats(2));
    await page.waitForURL('**/jobseeker-dashboard');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const { push, shown } = await devToolsPush(page, context);
    await push(
      JSON.stringify({
        title: 'Zenith Softworks',
        body: 'Your interview is at 10:00',
        url: '/jobseeker-chat/1',
        tag: 'chat:1',
      }),
    );
    await expect
      .poll(async () => (await shown()).map((n) => n.body))
      .toEqual(['Your interview is at 10:00']);
    // Signed out in another tab: this tab learns it (its socket is closed) and, leaving, takes
    // the person's messages off the screen of a phone the next person picks up.
    expect((await context.request.post('/api/auth/logout')).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(shown).toEqual([]);
    await context.close();
  });

  it("the browser's subscription is registered again at the app's start, bound to the session (decision 028, session 24)", async () => {
    // Headless Chromium has no push service: the page's PushManager hands out a subscription at a
    // push service this test plays (server/test/push-service.ts); the rest is the real app and
    // server, which encrypts and sends pushes to it over HTTP.
    const service = await startPushService();
    try {
      const sub = browserSubscription(`${service.origin}/push/${randomUUID()}`);
      const publicKey = h.server.ctx.config.push.publicKey;
      const { page, context } = await newPage(h, { serviceWorkers: 'allow' });
      await context.grantPermissions(['notifications'], { origin: h.baseUrl });
      // As a script's text: a function would be sent as the test runner compiled it.
      const stand = { endpoint: sub.endpoint, keys: sub.keys, serverKey: publicKey };
      const standIn = `(() => {
          const stand = ${JSON.stringify(stand)};
          const base64 = stand.serverKey.replace(/-/g, '+').replace(/_/g, '/');
          const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
          const key = Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
          const subscription = {
            endpoint: stand.endpoint,
            options: { applicationServerKey: key, userVisibleOnly: true },
            toJSON: () => ({ endpoint: stand.endpoint, expirationTime: null, keys: stand.keys }),
            unsubscribe: () => Promise.resolve(true),
          };
          PushManager.prototype.getSubscription = () => Promise.resolve(subscription);
        })();`;
      await context.addInitScript({ content: standIn });
      // A browser that had the app before: its service worker is there when the app starts.
      await page.goto('/login');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      const boundTo = async () =>
        (
          await h.server.ctx.db.query<{ session_hash: string }>(
            'SELECT session_hash FROM push_subscriptions WHERE endpoint = $1',
            [sub.endpoint],
          )
        )[0]?.session_hash ?? null;
      const sessionHash = async () =>
        hashToken((await context.cookies()).find((c) => c.name === SESSION.cookieName)!.value);

      await loginThroughUi(h, page, await seekerWithChats());
      await page.waitForURL('**/jobseeker-dashboard');
      await expect.poll(boundTo, { timeout: 15_000 }).toBe(await sessionHash());

      // Its row went (as migration 026 dropped those from before sessions were recorded): the
      // next start of the app brings it back (push.test.ts: pushes then reach it again).
      await h.server.ctx.db.query('DELETE FROM push_subscriptions WHERE endpoint = $1', [
        sub.endpoint,
      ]);
      await page.reload();
      await expect.poll(boundTo, { timeout: 15_000 }).toBe(await sessionHash());

      // Signing out here ends it on the server too.
      await page.goto('/about');
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('Signed out successfully').waitFor();
      await expect.poll(boundTo).toBe(null);
      await context.close();
    } finally {
      await service.close();
    }
  });

  it('are not offered before a first conversation', async () => {
    const { page, context } = await newPage(h);
    await loginOverApi(h, page, await seekerWithoutChats(0));
    await page.goto('/job-chats');
    await page.getByText('No chats found').waitFor();
    // The offer's own queries are answered by now too (the list waited on the session).
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Know when they reply' }).count()).toBe(0);
    await context.close();
  });

  it("the seeker's switches are saved at once and stay after a reload (mouse and keyboard)", async () => {
    const { page, context, errors } = await newPage(h);
    await loginOverApi(h, page, await seekerWithoutChats(1));
    await page.goto('/candidate-profile');
    const push = page.getByRole('switch', { name: 'Push notifications' });
    const sms = page.getByRole('switch', { name: 'SMS when a message waits' });
    await sms.waitFor();
    expect(await push.isChecked()).toBe(true);
    expect(await sms.isChecked()).toBe(true);

    await saved(page, () => sms.click());
    await saved(page, () => push.click());
    await page.reload();
    await sms.waitFor();
    expect(await push.isChecked()).toBe(false);
    expect(await sms.isChecked()).toBe(false);

    // Keyboard: Space turns SMS on again.
    await sms.focus();
    await saved(page, () => page.keyboard.press('Space'));
    await page.reload();
    await sms.waitFor();
    expect(await sms.isChecked()).toBe(true);
    expect(await push.isChecked()).toBe(false);

    // A 44 px target: the whole labelled row.
    const row = await page.locator('label', { has: sms }).boundingBox();
    expect(row?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it("the recruiter's settings have the same switches", async () => {
    const { page, context } = await newPage(h);
    await loginOverApi(h, page, RECRUITER_PHONE);
    await page.goto('/recruiter-settings');
    const sms = page.getByRole('switch', { name: 'SMS when a message waits' });
    await sms.waitFor();
    expect(await sms.isChecked()).toBe(true);
    await saved(page, () => sms.click());
    await page.reload();
    await sms.waitFor();
    expect(await sms.isChecked()).toBe(false);
    expect(await page.getByRole('switch', { name: 'Push notifications' }).isChecked()).toBe(true);
    await context.close();
  });
});

/** Does something that changes a switch, and waits until the server has saved it. */
async function saved(page: Page, act: () => Promise<void>): Promise<void> {
  const answer = page.waitForResponse(
    (r) =>
      r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/me/notifications',
  );
  await act();
  expect((await answer).status()).toBe(200);
  await page.getByText('Notification settings saved.').first().waitFor();
}
