import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { buildApp, type BuiltApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { seedDemoData } from '#server/demo/seed.ts';

export interface Harness {
  server: BuiltApp;
  baseUrl: string;
  browser: Browser;
  close(): Promise<void>;
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * The real server (built web app + API on an in-memory PGlite, demo data loaded) on a free port,
 * and the system Chromium driven by playwright-core. `npm run test:e2e` builds the web app first.
 */
export async function startHarness(options: { webDist?: string } = {}): Promise<Harness> {
  const config = testConfig({
    databaseUrl: 'memory',
    port: 0,
    ...(options.webDist ? { webDist: options.webDist } : {}),
  });
  if (!existsSync(`${config.webDist}/index.html`))
    throw new Error('dist/web is missing: run `npm run build` first');
  const server = await buildApp(config);
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
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await h.browser.newContext({
    baseURL: h.baseUrl,
    viewport: { width: 390, height: 844 },
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return { context, page, errors };
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

/** Signs a user in through the real screens, in a fresh context, and waits for their home. */
export async function signIn(h: Harness, phone: string, home: string): Promise<Person> {
  const { context, page, errors } = await newPage(h);
  await loginThroughUi(h, page, phone);
  await page.waitForURL(home);
  const { user } = await getJson<{ user: { id: string } }>(page, '/api/me');
  return { context, page, errors, id: user.id };
}
