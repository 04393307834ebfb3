// Issue 15's budgets, measured in the real Chromium against the built app; a change that breaks
// one fails `npm test` (docs/decisions/021).
//
// - First visit to / and /login: at most 120 KB of JavaScript gzipped, at most 170 KB of bytes in
//   all (HTML, CSS, JavaScript, images, API answers) until the network is idle; no other screen's
//   code is loaded.
// - Lighthouse 12, mobile (its default: Moto G Power screen, simulated slow 4G, 4x CPU slowdown):
//   performance at least 90, LCP under 2.0 s, CLS under 0.05 and TBT under 200 ms on /, /login,
//   the seeker's job feed and a chat; images served no larger than displayed.
//
// Lighthouse's simulated throttling still scales the CPU work it observes, so a busy machine can
// push one run over a line: a page that misses gets two more runs and is judged on the median,
// as Lighthouse's own docs advise for variance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { newPage, startHarness, type Harness } from './harness.ts';
import { isScript, measureFirstVisit, sumOf } from './wire-bytes.ts';
import { loginOverHttp } from '#server/test/server-process.ts';
import { chatPath as chatPathFor } from '#shared/routes.ts';

const KB = 1024;
const BUDGET = {
  firstLoadJsGzip: 120 * KB,
  criticalBytes: 170 * KB,
  performance: 0.9,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 200,
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
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
  }
});

interface Run {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  oversizedImages: string[];
}

async function audit(url: string, cookie?: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result!.lhr;
    // LIGHTHOUSE_REPORTS_DIR=dir keeps each run's full report, to see why a page missed.
    const dir = process.env.LIGHTHOUSE_REPORTS_DIR;
    if (dir)
      writeFileSync(
        path.join(dir, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`),
        JSON.stringify(lhr),
      );
    const value = (id: string) => lhr.audits[id]!.numericValue ?? Number.NaN;
    const responsive = lhr.audits['uses-responsive-images']!.details as
      { items?: { url: string }[] } | undefined;
    return {
      score: lhr.categories.performance!.score ?? 0,
      lcp: value('largest-contentful-paint'),
      cls: value('cumulative-layout-shift'),
      tbt: value('total-blocking-time'),
      oversizedImages: (responsive?.items ?? []).map((i) => i.url),
    };
  } finally {
    chrome.kill();
  }
}

const passes = (r: Run) =>
  r.score >= BUDGET.performance &&
  r.lcp < BUDGET.lcpMs &&
  r.cls < BUDGET.cls &&
  r.tbt < BUDGET.tbtMs;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function judged(url: string, cookie?: string): Promise<Run> {
  const first = await audit(url, cookie);
  if (passes(first)) return first;
  const runs = [first, await audit(url, cookie), await audit(url, cookie)];
  return {
    score: median(runs.map((r) => r.score)),
    lcp: median(runs.map((r) => r.lcp)),
    cls: median(runs.map((r) => r.cls)),
    tbt: median(runs.map((r) => r.tbt)),
    oversizedImages: first.oversizedImages,
  };
}

describe('Lighthouse mobile', () => {
  let seeker: string;
  let chatPath: string;
  beforeAll(async () => {
    seeker = await loginOverHttp(h.baseUrl, '9000000002');
    // A chat with the recruiter of the first job of the feed, with a few messages in it.
    const feed = (await (
      await fetch(`${h.baseUrl}/api/jobs/feed`, { headers: { cookie: seeker } })
    ).json()) as { jobs: { id: string }[] };
    const started = await fetch(`${h.baseUrl}/api/rooms`, {
      method: 'POST',
      headers: { cookie: seeker, 'content-type': 'application/json' },
      body: JSON.stringify({ jobId: feed.jobs[0]!.id }),
    });
    expect(started.ok).toBe(true);
    const { room } = (await started.json()) as { room: { other: { id: string } } };
    chatPath = chatPathFor('user', room.other.id, feed.jobs[0]!.id);
  });

  const pages: [string, () => [string, string | undefined]][] = [
    ['the landing page', () => ['/', undefined]],
    ['the login page', () => ['/login', undefined]],
    ["the seeker's job feed", () => ['/jobseeker-dashboard', seeker]],
    ['a chat', () => [chatPath, seeker]],
  ];
  for (const [name, which] of pages)
    it(`${name}: performance >= 90, LCP < 2 s, CLS < 0.05, TBT < 200 ms`, async () => {
      const [pathname, cookie] = which();
      const run = await judged(h.baseUrl + pathname, cookie);
      console.log(`Lighthouse ${pathname}:`, JSON.stringify(run));
      expect(run.score).toBeGreaterThanOrEqual(BUDGET.performance);
      expect(run.lcp).toBeLessThan(BUDGET.lcpMs);
      expect(run.cls).toBeLessThan(BUDGET.cls);
      expect(run.tbt).toBeLessThan(BUDGET.tbtMs);
      expect(run.oversizedImages).toEqual([]);
    }, 240_000);
});
