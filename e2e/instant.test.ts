// Issue 15 "feels instant": skeletons while a screen's data loads, and a screen's code fetched
// as soon as a link to it is touched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startHarness, type Harness, type Person } from './harness.ts';

let h: Harness;
let seeker: Person;
beforeAll(async () => {
  h = await startHarness();
  seeker = await signIn(h, '9000000002', '**/jobseeker-dashboard');
});
afterAll(async () => {
  await seeker?.context.close();
  await h?.close();
});

describe('feels instant', () => {
  it('the feed shows card-shaped placeholders, not a spinner, while its first page loads', async () => {
    const { page } = seeker;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/jobs/feed',
      async (route) => {
        await held;
        await route.continue();
      },
    );
    // Opened from another screen: a page load of the feed comes with its cards (decision 024).
    await page.goto('/job-chats');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Bottom navigation' })
      .getByRole('link', { name: 'Home' })
      .click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await loading.waitFor();
    // Shaped like the cards to come: several placeholder cards and the type chips' row.
    expect(await loading.locator('> div').count()).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.animate-spin').count()).toBe(0);
    release();
    await page.getByRole('article').first().waitFor();
    expect(await loading.count()).toBe(0);
    await page.unroute((url) => url.pathname === '/api/jobs/feed');
  });

  it("touching a job card fetches the job page's code before the tap ends", async () => {
    const { page } = seeker;
    // A fresh load: no screen but the feed has been fetched in this page.
    await page.goto('/jobseeker-dashboard');
    const card = page.getByRole('article').first().getByRole('link').first();
    await card.waitFor();
    const chunk = page.waitForRequest((r) => /\/assets\/job-detail-page-[\w-]+\.js$/.test(r.url()));
    await card.hover();
    await chunk;
    expect(new URL(page.url()).pathname).toBe('/jobseeker-dashboard');
  });
});
