import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signInOnPage, newPage, startHarness, type Harness } from './harness.ts';

// Anti-ghosting (issue 12, decision 011) in the browser: the reply-rate badge on the job cards of
// the seeker's feed and on the job page, for a recruiter with at least 5 seeker-started
// conversations in 30 days, and nothing for one with fewer. The conversations are written
// straight into the database, then the worker's refresh() runs.
const SEEKER_PHONE = '9000000002'; // demo seeker Rahul Verma
const BADGE = 'Replies to 90% · usually within 2 h';

interface FeedJob {
  id: string;
  title: string;
  recruiter: { id: string };
}

let h: Harness;
let context: BrowserContext;
let page: Page;
let errors: string[];
let answering: FeedJob;
let quiet: FeedJob;

beforeAll(async () => {
  h = await startHarness();
  ({ context, page, errors } = await newPage(h));
  await signInOnPage(h, page, SEEKER_PHONE, '**/jobseeker-dashboard');
  const db = h.server.ctx.db;
  /** Seeker-started conversations of the last 30 days a recruiter already has (demo data). */
  const started = async (recruiterId: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chat_rooms
          WHERE recruiter_id = $1 AND created_by = seeker_id AND created_at > now() - interval '30 days'`,
        [recruiterId],
      )
    )[0]!.n;
  // Two jobs of different recruiters on the first page of Rahul's feed; the one who will answer
  // has no conversations yet, so the numbers are exactly the ones written below.
  const res = await page.request.get('/api/jobs/feed');
  const { jobs } = (await res.json()) as { jobs: FeedJob[] };
  let found: FeedJob | undefined;
  for (const job of jobs) if (!found && (await started(job.recruiter.id)) === 0) found = job;
  expect(found).toBeDefined();
  answering = found!;
  quiet = jobs.find((j) => j.recruiter.id !== answering.recruiter.id)!;
  expect(quiet).toBeDefined();

  let n = 0;
  /** A seeker-started room of a recruiter's job, two days old, answered after `reply` minutes. */
  async function conversation(job: FeedJob, reply: number | null): Promise<void> {
    n += 1;
    const [seeker] = await db.query<{ id: string }>(
      `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
       VALUES ($1, 'user', true, 6) RETURNING id`,
      [`+9171000${String(n).padStart(5, '0')}`],
    );
    await db.query(
      `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status, created_at, first_recruiter_reply_at)
       VALUES ($1, $2, $3, $3, 'initiated', now() - interval '2 days',
               now() - interval '2 days' + make_interval(mins => $4::int))`,
      [job.id, job.recruiter.id, seeker!.id, reply],
    );
  }
  // Ten conversations, nine answered within 100 minutes: 90%, "within 2 h".
  for (let i = 0; i < 9; i++) await conversation(answering, 100);
  await conversation(answering, null);
  // The other recruiter: four all told (with whatever the demo data gave them), all answered.
  for (let i = await started(quiet.recruiter.id); i < 4; i++) await conversation(quiet, 10);
  await h.server.ctx.replyRates.refresh();
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

const card = (p: Page, jobId: string): Locator =>
  p.getByRole('article').filter({ has: p.locator(`a[href="/job-detail/${jobId}"]`) });

describe('reply-rate badge', () => {
  it('shows on the job card and the job page of a recruiter with 5+ conversations, and not for one with fewer', async () => {
    await page.goto('/jobseeker-dashboard');
    const mine = card(page, answering.id);
    await mine.waitFor();
    await mine.getByText(BADGE).waitFor();
    expect(await mine.getByTestId('reply-rate').getAttribute('title')).toMatch(/last 30 days/);
    const other = card(page, quiet.id);
    await other.waitFor();
    expect(await other.getByTestId('reply-rate').count()).toBe(0);

    // The job page, through the card.
    await mine.getByRole('link').click();
    await page.waitForURL(`**/job-detail/${answering.id}`);
    const recruiter = page.locator('section', {
      has: page.getByRole('heading', { name: 'Posted by' }),
    });
    await recruiter.getByText(BADGE).waitFor();

    await page.goto(`/job-detail/${quiet.id}`);
    await page.getByRole('heading', { name: quiet.title, level: 1 }).waitFor();
    await recruiter.waitFor();
    expect(await page.getByTestId('reply-rate').count()).toBe(0);
    // The session probe before logging in answers 401; nothing else may fail.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
