import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  getJson,
  newPage,
  type DemoPair,
  type Harness,
  startHarnessWithDemoPair,
} from './harness.ts';

// Decision 028, session 21: every screen whose data failed to load says so with Try again (the
// one error state, web/components/ui/load-error.tsx), and Try again asks the server again. The
// browser fails one API path with 503, as a dropped network or an overloaded server would look
// to the page, until the test lets it through; the real server then answers the retry.

let h: Harness;
let pair: DemoPair;
beforeAll(async () => {
  ({ h, pair } = await startHarnessWithDemoPair());
});
afterAll(async () => {
  await h?.close();
});

/**
 * GETs of `path` answer 503 until `recover()` (the app's own retry of a failed query fails too),
 * then reach the server. `failures` counts the refused requests.
 */
async function failUntilRecovered(page: Page, path: string) {
  let failing = true;
  const gate = {
    failures: 0,
    recover: () => (failing = false),
    remove: () => page.unroute(matches),
  };
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, (route) => {
    if (!failing || route.request().method() !== 'GET') return route.continue();
    gate.failures += 1;
    return route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
  });
  return gate;
}

/**
 * Opens a screen while its data's API path fails, waits for the error with Try again, lets the
 * server answer, taps Try again and waits for the content.
 */
async function expectTryAgain(
  page: Page,
  apiPath: string,
  open: () => Promise<unknown>,
  message: string,
  content: Locator,
) {
  const gate = await failUntilRecovered(page, apiPath);
  try {
    await open();
    const alert = page.getByRole('alert').filter({ hasText: message });
    await alert.waitFor();
    expect(gate.failures).toBeGreaterThan(0);
    expect(await content.count()).toBe(0);
    gate.recover();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await content.first().waitFor();
    await alert.waitFor({ state: 'detached' });
  } finally {
    await gate.remove();
  }
}

describe('Try again on screens whose data failed to load', () => {
  it("the seeker's job page", async () => {
    const { page } = pair.seeker;
    const { job } = await getJson<{ job: { title: string } }>(page, `/api/jobs/${pair.room.jobId}`);
    await expectTryAgain(
      page,
      `/api/jobs/${pair.room.jobId}`,
      () => page.goto(`/job-detail/${pair.room.jobId}`),
      'Failed to load job details',
      page.getByRole('heading', { level: 1, name: job.title }),
    );
    await page.getByRole('button', { name: 'Chat with Recruiter' }).waitFor();
  });

  it('a chat room opened from the chat list', async () => {
    const { page } = pair.seeker;
    await page.goto('/job-chats');
    const row = page.locator(`a[href^="/jobseeker-chat/${pair.recruiter.id}"]`).first();
    await row.waitFor();
    await expectTryAgain(
      page,
      `/api/rooms/with/${pair.recruiter.id}`,
      () => row.click(),
      'Error loading chat',
      page.getByPlaceholder('Type a message'),
    );
    // Go Back stays offered beside Try again; the room works once it has loaded.
    await page.getByRole('log', { name: 'Conversation' }).waitFor();
  });

  it("the seeker's own profile", async () => {
    const { page } = pair.seeker;
    await expectTryAgain(
      page,
      '/api/seeker/profile',
      () => page.goto('/candidate-profile'),
      'Failed to load profile data',
      page.getByRole('button', { name: 'Edit', exact: true }),
    );
  });

  it("the recruiter's Home (recommended candidates)", async () => {
    const { page } = pair.recruiter;
    await expectTryAgain(
      page,
      '/api/recruiter/candidates',
      () => page.goto('/recruiter-dashboard/Home'),
      'Failed to load candidates',
      page.getByRole('list', { name: 'Recommended candidates list' }),
    );
  });

  it('candidate details', async () => {
    const { page } = pair.recruiter;
    await expectTryAgain(
      page,
      `/api/candidates/${pair.seeker.id}`,
      () => page.goto(`/candidate_details/${pair.seeker.id}`),
      'Failed to load candidate details',
      page.getByText('Rahul Verma').first(),
    );
  });

  it("the recruiter's Profile tab and Profile Settings", async () => {
    const { page } = pair.recruiter;
    await expectTryAgain(
      page,
      '/api/recruiter/profile',
      () => page.goto('/recruiter-dashboard/Profile'),
      'Failed to load profile data',
      page.getByText('Priya Sharma').first(),
    );
    await expectTryAgain(
      page,
      '/api/recruiter/profile',
      // A fresh load: the profile is not in the query cache.
      () => page.goto('/recruiter-settings'),
      'Failed to load profile data',
      page.getByRole('button', { name: 'Edit', exact: true }),
    );
  });
});

describe('Try again when the sign-in check itself fails', () => {
  // A first visit on this browser (no kept copy of the user, web/lib/session.ts) whose /api/me
  // fails: the screen cannot know where it belongs. It says so with Try again; it does not load
  // for ever, and the role choice does not send a signed-in person to the landing page.
  it('a guarded screen, the role choice and a candidate page', async () => {
    const { context, page } = await newPage(h);
    await context.addCookies(await pair.seeker.context.cookies());
    const message = 'Could not check your sign-in. Check your connection and try again.';
    const firstVisit = async (path: string) => {
      await page.evaluate(() => localStorage.clear()).catch(() => {}); // nothing loaded yet
      await page.goto(path);
    };
    await expectTryAgain(
      page,
      '/api/me',
      () => firstVisit('/job-chats'),
      message,
      page.getByRole('heading', { level: 1, name: 'Job Chats' }),
    );
    await expectTryAgain(
      page,
      '/api/me',
      () => firstVisit('/onboarding'),
      message,
      page.getByRole('heading', { level: 1, name: 'Jobs' }),
    );
    await page.waitForURL('**/jobseeker-dashboard');
    await expectTryAgain(
      page,
      '/api/me',
      () => firstVisit(`/candidate_details/${pair.seeker.id}`),
      message,
      page.getByRole('heading', { level: 1, name: 'Rahul Verma' }),
    );
    await context.close();
  });
});
