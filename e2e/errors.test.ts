import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

// The About screen's own code chunk (dist/web/assets/info-page-<hash>.js). Aborting it in the
// browser is what a deploy that removed it, or a dropped connection, looks like to the page.
const INFO_CHUNK = /\/assets\/info-page-[\w-]+\.js$/;

/** Counts page loads (navigations of the top document) and requests for the About chunk. */
function watch(page: Page) {
  const seen = { loads: 0, chunkRequests: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) seen.loads += 1;
    if (INFO_CHUNK.test(new URL(request.url()).pathname)) seen.chunkRequests += 1;
  });
  return seen;
}

const cspViolations = (errors: string[]) =>
  errors.filter((e) => /Content Security Policy/i.test(e));

describe('a screen whose code fails to load', () => {
  it('reloads the page once by itself, then shows the retry screen; Retry works once the chunk loads', async () => {
    const { page, context, errors } = await newPage(h);
    const seen = watch(page);
    await page.route(INFO_CHUNK, (route) => route.abort('failed'));

    await page.goto('/about');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // The first failure reloaded the page; the second one stopped on the retry screen.
    expect(seen.loads).toBe(2);
    // Asked for on each load (a server-rendered page also preloads it with the HTML).
    expect(seen.chunkRequests).toBeGreaterThanOrEqual(2);
    // And it stays there: no reload loop.
    await page.waitForTimeout(1500);
    expect(seen.loads).toBe(2);
    expect(await page.getByText('Oops! Page not found').count()).toBe(0);
    expect(await page.getByText('Unexpected Application Error').count()).toBe(0);

    // The connection is back (or the new deploy is live): Retry opens the screen.
    await page.unroute(INFO_CHUNK);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();
    expect(seen.loads).toBe(3);
    expect(cspViolations(errors)).toEqual([]);
    await context.close();
  });

  it('a chunk that fails after moving between screens reloads at the new address', async () => {
    const { page, context, errors } = await newPage(h);
    const seen = watch(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'About' }).first().waitFor();
    let failures = 0;
    // Only the first request fails: the reload then finds the chunk (a deploy that finished).
    await page.route(INFO_CHUNK, (route) => {
      failures += 1;
      return failures === 1 ? route.abort('failed') : route.continue();
    });
    await page.getByRole('link', { name: 'About' }).first().click();
    await page.getByRole('heading', { name: 'About NearHire' }).waitFor();
    // The reloaded page comes rendered by the server; the app starts on it and loads the chunk.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(seen.loads).toBe(2);
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    expect(cspViolations(errors)).toEqual([]);
    await context.close();
  });
});
