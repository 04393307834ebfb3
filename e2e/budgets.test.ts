// Issue 15's budgets, measured in the real Chromium against the built app; a change that breaks
// one fails `npm test` (docs/decisions/021).
//
// - First visit to / and /login: at most 120 KB of JavaScript gzipped, at most 170 KB of bytes in
//   all (HTML, CSS, JavaScript, images, API answers) until the network is idle; no other screen's
//   code is loaded.
// - Lighthouse 12, mobile (e2e/lighthouse.ts): performance at least 90, LCP under 2.0 s, CLS under
//   0.05, TBT under 200 ms and no image larger than displayed, on / and /login as a visitor, the
//   seeker's feed and a chat (server-rendered: decision 024). Each line is judged on the best of
//   up to five runs, as Lighthouse CI does by default: this machine's speed swings up to threefold
//   between runs of the same build, and simulated throttling multiplies that by four. On a host
//   slower than Lighthouse assumes the slowdown is calibrated below 4x, as Lighthouse's throttling
//   guide says (cpuSlowdownFor, decision 024).
// - A chat loads the ⋮ menu's and the dialogs' code only when first used (decision 024).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { newPage, startHarness, type Harness } from './harness.ts';
import { isScript, measureFirstVisit, sumOf } from './wire-bytes.ts';
import { judged, LIGHTHOUSE_BUDGET, measuredPages, type MeasuredPage } from './lighthouse.ts';

const KB = 1024;
const BUDGET = {
  firstLoadJsGzip: 120 * KB,
  criticalBytes: 170 * KB,
};
/** The first screens' Hindi texts, gzipped (2.7 KB), which a Hindi visitor loads on top. */
const HINDI_FIRST_TEXTS = 3 * KB;

let h: Harness;
let pages: MeasuredPage[];
beforeAll(async () => {
  h = await startHarness();
  pages = await measuredPages(h.baseUrl);
});
afterAll(async () => {
  await h?.close();
});

/** The build's chunk files of every screen but the first ones (Vite's manifest). */
function otherScreensChunks(): Set<string> {
  const dist = h.server.ctx.config.webDist;
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; isDynamicEntry?: boolean; src?: string }>;
  return new Set(
    Object.values(manifest)
      .filter(
        (c) => c.isDynamicEntry && c.src?.includes('features/') && c.src.endsWith('-page.tsx'),
      )
      .map((c) => `/${c.file}`),
  );
}

describe('first visit budgets', () => {
  for (const pathname of ['/', '/login']) {
    it(`${pathname}: JavaScript and bytes within budget, no other screen's code`, async () => {
      const { page, context } = await newPage(h);
      const visit = await measureFirstVisit(page, h.baseUrl + pathname, 'gzip');
      await context.close();
      const js = visit.rows.filter(isScript);
      expect(js.length).toBeGreaterThan(0);
      expect(js.every((r) => r.encoding === 'gzip')).toBe(true);
      expect(sumOf(js, 'encoded')).toBeLessThanOrEqual(BUDGET.firstLoadJsGzip);
      expect(sumOf(visit.rows, 'encoded')).toBeLessThanOrEqual(BUDGET.criticalBytes);
      const lazy = otherScreensChunks();
      expect(lazy.size).toBeGreaterThan(10);
      expect(js.filter((r) => lazy.has(r.path)).map((r) => r.path)).toEqual([]);
    });

    // A Hindi visitor's first screens start with their own Hindi texts (2.7 KB gzipped), not the
    // whole Hindi catalogue (20 KB), which put this visit 17 KB over the budget (session 22).
    it(`${pathname} for a Hindi visitor: in Hindi with the first screens' Hindi texts only`, async () => {
      const { context, page } = await newPage(h, { locale: 'hi-IN' });
      const visit = await measureFirstVisit(page, h.baseUrl + pathname, 'gzip');
      await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('hi');
      await expect(page.getByRole('heading', { level: 1 }).first().textContent()).resolves.toMatch(
        /[\u0900-\u097F]/,
      );
      await context.close();
      const js = visit.rows.filter(isScript).map((r) => r.path);
      expect(js).toContain(chunkOf('../virtual:first-texts/hi'));
      expect(js).not.toContain(chunkOf('../shared/i18n/hi.ts'));
      // The English visit's budget, plus what its Hindi texts weigh.
      expect(sumOf(visit.rows.filter(isScript), 'encoded')).toBeLessThanOrEqual(
        BUDGET.firstLoadJsGzip + HINDI_FIRST_TEXTS,
      );
    });
  }
});

/** The chunk file of one source module of the build (Vite's manifest), as the browser asks for it. */
function chunkOf(source: string): string {
  const dist = h.server.ctx.config.webDist;
  const manifest = JSON.parse(
    readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not a chunk of the build`);
  return `/${chunk.file}`;
}

/** A session (a Cookie header's pairs) as cookies of a browser context. */
const signInAs = (context: BrowserContext, cookie: string) =>
  context.addCookies(
    cookie.split(';').map((pair) => {
      const [name, ...value] = pair.trim().split('=');
      return { name: name!, value: value.join('='), url: h.baseUrl };
    }),
  );

describe('code loaded when first used', () => {
  it("a chat loads the ⋮ menu's and the dialogs' code only when the menu is first tapped", async () => {
    const menu = chunkOf('components/moderation/safety-menu-open.tsx');
    const dialog = chunkOf('components/ui/modal-open.tsx');
    const chat = pages.find((p) => p.name === 'a chat')!;
    const { page, context } = await newPage(h);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await signInAs(context, chat.cookie!);
    await page.goto(chat.path, { waitUntil: 'networkidle' });
    const more = page.getByRole('button', { name: /^More actions for / });
    await expect.poll(() => more.getAttribute('aria-haspopup')).toBe('menu');
    expect(scripts.filter((s) => s === menu || s === dialog)).toEqual([]);
    expect(scripts.length).toBeGreaterThan(5);

    await more.click();
    await page.getByRole('menuitem', { name: 'Report', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1);
    expect(scripts).toContain(menu);
    expect(scripts).toContain(dialog);
    await context.close();
  });

  it('the ⋮ menu opens from the keyboard on its first use and gives the focus back', async () => {
    const chat = pages.find((p) => p.name === 'a chat')!;
    const { page, context } = await newPage(h);
    await signInAs(context, chat.cookie!);
    await page.goto(chat.path);
    const more = page.getByRole('button', { name: /^More actions for / });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menu').count()).toBe(1);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('menuitem');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^More actions for /);
    await context.close();
  });
});

describe('Lighthouse mobile', () => {
  for (const name of ['the landing page', 'the login page', "the seeker's feed", 'a chat'])
    it(`${name}: performance >= 90, LCP < 2 s, CLS < 0.05, TBT < 200 ms`, async () => {
      const page = pages.find((p) => p.name === name)!;
      const run = await judged(h.baseUrl + page.path, page.cookie);
      console.log(`Lighthouse ${name}:`, JSON.stringify(run));
      expect(run.score).toBeGreaterThanOrEqual(LIGHTHOUSE_BUDGET.performance);
      expect(run.lcp).toBeLessThan(LIGHTHOUSE_BUDGET.lcpMs);
      expect(run.cls).toBeLessThan(LIGHTHOUSE_BUDGET.cls);
      expect(run.tbt).toBeLessThan(LIGHTHOUSE_BUDGET.tbtMs);
      expect(run.oversizedImages).toEqual([]);
    }, 480_000);
});
