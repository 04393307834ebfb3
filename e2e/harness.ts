import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildApp, type BuiltApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { seedDemoData } from '#server/demo/seed.ts';
import { openPgliteCopy } from '#server/test/template-db.ts';
import { TIME_ZONE_COOKIE } from '#shared/time-zone.ts';

export interface Harness {
  server: BuiltApp;
  baseUrl: string;
  browser: Browser;
  /** Closes the browser, and with it every context the journeys opened, then the server. */
  close(): Promise<void>;
}

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The real server (built web app + API on a PGlite of its own, demo data loaded) on a free port,
 * and the system Chromium driven by playwright-core. `npm run test:e2e` builds the web app first.
 */
export async function startHarness(options: { webDist?: string } = {}): Promise<Harness> {
  const config = testConfig({
    databaseUrl: 'memory',
    port: 0,
    // E2E_WEB_DIST: journeys against a build of one's own, while dist/web is being rebuilt.
    ...(options.webDist || process.env.E2E_WEB_DIST
      ? { webDist: options.webDist ?? process.env.E2E_WEB_DIST }
      : {}),
  });
  if (!existsSync(`${config.webDist}/index.html`))
    throw new Error('dist/web is missing: run `npm run build` first');
  // A copy of the run's template database with the demo data (server/test/template-db.ts), when
  // there is one; else the demo data is loaded here (it is loaded once into an empty database).
  const copy = await openPgliteCopy('demo');
  const server = await buildApp(config, { db: copy?.db });
  await seedDemoData(server.ctx);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    browser,
    async close() {
      await browser.close();
      await server.app.close();
      await copy?.remove();
    },
  };
}

/**
 * A fresh browser context (empty cache, no cookies) and a page in it. The app's service worker is
 * blocked unless a test asks for it (`serviceWorkers: 'allow'`, e2e/pwa.test.ts): a page it
 * controls takes its scripts from the worker's cache, where `page.route` cannot see or fail them.
 */
export async function newPage(
  h: Harness,
  options: { serviceWorkers?: 'allow' | 'block'; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({
    baseURL: h.baseUrl,
    // The browser's language (navigator.languages, Accept-Language); Chromium's own when unset.
    ...(options.locale ? { locale: options.locale } : {}),
    viewport: { width: 390, height: 844 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  // Every page of the context, also those a journey opens later (a second tab).
  context.on('page', appStartedAfterGoto);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
}

/**
 * A page the server rendered with its data paints first and starts the app after (decision 024):
 * `page.goto` on it resolves once the app has started (`data-app` on <html>), as a person would
 * wait for the screen to respond, so a journey's next step acts on the live screen.
 */
export function appStartedAfterGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(
      () =>
        !document.getElementById('server-state') ||
        document.documentElement.dataset.app === 'started',
    );
    return response;
  };
}

/**
 * Holds the requests that `matches` picks (method and path) until `release()`, then lets them
 * through to the real server: the screen's in-flight state ('Saving...', 'Posting...') stays on
 * screen long enough to be read. Nothing is answered in the server's place.
 */
export async function holdRequests(
  page: Page,
  method: string,
  matches: (url: URL) => boolean,
): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    await held;
    await route.fallback();
  };
  await page.route(matches, handler);
  return async () => {
    release();
    await page.unroute(matches, handler);
  };
}

/** The newest login code the console SMS driver "sent" to a phone, read over HTTP. */
export async function codeFromOutbox(h: Harness, phone: string): Promise<string> {
  const res = await fetch(`${h.baseUrl}/api/dev/outbox?to=${encodeURIComponent(phone)}`);
  const body = (await res.json()) as { messages: { text: string }[] };
  const code = body.messages[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Logs in through the real screens: phone step, code from the outbox, code step. */
export async function loginThroughUi(
  h: Harness,
  page: Page,
  phone: string,
  startPath = '/login',
): Promise<void> {
  await page.goto(startPath);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('OTP sent successfully! Please check your phone.').waitFor();
  const code = await codeFromOutbox(h, phone);
  await page.getByPlaceholder('6-digit OTP').fill(code);
  await page.getByRole('button', { name: 'Verify & Continue' }).click();
  await page.getByText('Login successful!').waitFor();
}

/** A signed-in person in their own browser context. */
export interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  id: string;
}

/** GET an API path as the page's user (its cookies); throws on any answer but 2xx. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Logs the page's browser context in through the real login API (the code from the outbox), as
 * the login screen does, with the browser's own user agent (the session's device name). For
 * journeys about something else; the login itself is walked through its screens (`loginThroughUi`,
 * e2e/login.test.ts and the journeys that log in on a screen they are about).
 */
export async function loginOverApi(h: Harness, page: Page, phone: string): Promise<void> {
  const headers = { 'user-agent': await page.evaluate(() => navigator.userAgent) };
  // The login screen's script reports the browser's time zone (web/lib/time-zone.ts) before the
  // first screen the server renders; signed in without it, that screen would be drawn in India's
  // time and the browser's first render would differ from it whenever the two days differ.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await page
    .context()
    .addCookies([{ name: TIME_ZONE_COOKIE, value: encodeURIComponent(zone), url: h.baseUrl }]);
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { data, headers });
    if (!res.ok()) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  };
  await post('/api/auth/otp', { phone });
  await post('/api/auth/verify', { phone, code: await codeFromOutbox(h, phone) });
}

/**
 * Logs the page's context in (`loginOverApi`) and opens the person's home: the login screen,
 * opened signed in, sends a person where logging in on it would.
 */
export async function signInOnPage(
  h: Harness,
  page: Page,
  phone: string,
  home: string,
): Promise<void> {
  await loginOverApi(h, page, phone);
  await page.goto('/login');
  await page.waitForURL(home);
}

/** Signs a user in (`signInOnPage`), in a fresh context, and opens their home. */
export async function signIn(h: Harness, phone: string, home: string): Promise<Person> {
  const { context, page, errors } = await newPage(h);
  await signInOnPage(h, page, phone, home);
  const { user } = await getJson<{ user: { id: string } }>(page, '/api/me');
  return { context, page, errors, id: user.id };
}

/** The demo recruiter (Priya Sharma) and the demo seeker (Rahul Verma), and their conversation. */
export interface DemoPair {
  recruiter: Person;
  seeker: Person;
  /** The demo conversation between them (shortlisted) and its job. */
  room: { roomId: string; jobId: string };
}

/** Signs the demo recruiter and seeker in, each in their own context, and finds their chat. */
export async function signInDemoPair(h: Harness): Promise<DemoPair> {
  const [recruiter, seeker] = await Promise.all([
    signIn(h, '9000000001', '**/recruiter-dashboard/**'),
    signIn(h, '9000000002', '**/jobseeker-dashboard'),
  ]);
  const { rooms } = await getJson<{ rooms: { roomId: string; jobId: string; userId: string }[] }>(
    seeker.page,
    '/api/rooms',
  );
  const room = rooms.find((r) => r.userId === recruiter.id);
  if (!room) throw new Error('the demo recruiter and seeker have no conversation');
  return { recruiter, seeker, room };
}

/** A harness with the demo pair signed in (`signInDemoPair`): the start of many journeys. */
export async function startHarnessWithDemoPair(): Promise<{ h: Harness; pair: DemoPair }> {
  const h = await startHarness();
  return { h, pair: await signInDemoPair(h) };
}

/**
 * Lets a phone ask for a login code again at once: out of its resend cooldown and its hourly and
 * daily counts (journeys that sign the same people in many times).
 */
export async function loginCooldownPassed(h: Harness, phone: string): Promise<void> {
  const target = `+91${phone}`;
  await h.server.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
    [target],
  );
  await h.server.ctx.db.query('DELETE FROM rate_events WHERE key = $1', [target]);
}

/** `signIn` for a phone that signed in before, maybe a moment ago (`loginCooldownPassed`). */
export async function signInAgain(h: Harness, phone: string, home: string): Promise<Person> {
  await loginCooldownPassed(h, phone);
  return signIn(h, phone, home);
}

/** Where axe-core's browser build is (a devDependency), read once. */
let axeSource: string | null = null;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.0-2.2 A and AA, and best practices) on the page as it is now and fails
 * on any *serious* or *critical* violation, listing rule, impact, elements and what to fix.
 * Moderate and minor findings are not failures (docs/decisions/022-accessibility.md).
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, not added as a <script>: the app's CSP
  // (script-src 'self', decision 013) rightly refuses inline scripts, and stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are measured as they are once shown: wait for entrances and fades (a toast sliding
  // in, a dialog opening) to end; endless ones (spinners, skeleton pulses) are not waited for.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      null,
      { timeout: 3000 },
    )
    .catch(() => {});
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target,
        html: n.html.slice(0, 160),
        failureSummary: n.failureSummary,
      })),
    }));
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length === 0) return;
  const lines = bad.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes
      .slice(0, 8)
      .map(
        (n) =>
          `    ${n.target.map(String).join(' > ')} ${n.html}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
  ]);
  throw new Error(`axe on ${label}: ${bad.length} serious or critical\n${lines.join('\n')}`);
}

/** The smallest touch target we accept, in CSS px (WCAG 2.5.5, Target Size (Enhanced)). */
export const MIN_TARGET = 44;

/**
 * Fails when any visible interactive element is smaller than 44x44 CSS px: links, buttons,
 * inputs, selects, text areas, ARIA buttons, tabs and menu items, summaries. A checkbox or radio
 * is measured by its label when one wraps it or points at it (tapping the label is tapping it).
 * Exempt, as WCAG 2.5.5 and 2.5.8 allow: inline links inside a sentence (a link whose paragraph
 * has other text, sized by the line height of the text around it), and what is not on screen or
 * not reachable (hidden, 1-px visually hidden inputs with a label, under a modal's aria-hidden).
 * A link stretched over its card by an absolute ::after is measured as the card it covers; an
 * element covered at its centre by another (a toast stacked behind the front one) is skipped.
 */
export async function expectTouchTargets(page: Page, label: string): Promise<void> {
  const offenders = await page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=menuitem], [role=menuitemradio], [role=menuitemcheckbox], summary';
    const seen = new Set<Element>();
    const out: string[] = [];
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ||
        (el instanceof HTMLInputElement ? el.placeholder || el.type : '');
      const text = (name || el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${text}"`;
    };
    const hidden = (el: Element) =>
      el.closest('[aria-hidden=true], [inert]') !== null ||
      getComputedStyle(el).visibility === 'hidden';
    /** A link that sits in running text: its block has text of its own besides the link. */
    const inlineInText = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement;
      if (!block) return false;
      const own = [...block.childNodes]
        .filter((n) => n !== el)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      return own.length > 0;
    };
    for (const el of document.querySelectorAll(selector)) {
      let target: Element = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const labelled = el.closest('label') ?? el.labels?.[0];
        if (labelled) target = labelled;
      }
      // A "stretched" link (web/components/link-card.tsx) covers its card with an absolute
      // ::after: the card is what a finger touches.
      const after = getComputedStyle(target, '::after');
      if (after.content !== 'none' && after.position === 'absolute') {
        target = (target as HTMLElement).offsetParent ?? target;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      // Not on screen: display none, or visually hidden (sr-only is 1x1).
      if (box.width <= 1 || box.height <= 1 || hidden(target) || hidden(el)) continue;
      if (inlineInText(target)) continue;
      // Covered by something else where its centre is (a toast stacked behind the front one, a
      // control under a sticky bar): not what a finger reaches. Only checked inside the viewport.
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight) {
        const top = document.elementFromPoint(x, y);
        if (top && !target.contains(top) && !el.contains(top)) continue;
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min)
        out.push(`${describe(el)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
    return out;
  }, MIN_TARGET);
  if (offenders.length > 0)
    throw new Error(
      `touch targets under ${MIN_TARGET} px on ${label}:\n${offenders.map((o) => `    ${o}`).join('\n')}`,
    );
}
