import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  codeFromOutbox,
  signInOnPage,
  newPage,
  signIn,
  startHarness,
  type Harness,
  type Person,
  getJson as get,
} from './harness.ts';
import { pdf } from './uploads.ts';

// The demo recruiter (Priya Sharma, Zenith Softworks, open jobs) and the demo seeker (Rahul
// Verma). A login code cannot be asked for twice within 30 s per phone, so each phone logs in
// once and its browser context is kept for every test of this file.
const RECRUITER_PHONE = '9000000001';
const SEEKER_PHONE = '9000000002';

interface ApiCandidate {
  userId: string;
  fullName: string | null;
  matchScore: number;
  reasons: { code: string; km?: number }[];
  bestJob: { id: string; title: string };
}

let h: Harness;
let recruiter: Person;
let seeker: Person | undefined;
let first: ApiCandidate;
let firstPage: ApiCandidate[] = [];

beforeAll(async () => {
  h = await startHarness();
  recruiter = await signIn(h, RECRUITER_PHONE, '**/recruiter-dashboard/Home');
});
afterAll(async () => {
  for (const p of [recruiter, seeker]) await p?.context.close();
  await h?.close();
});

// 404s (a missing resume, an unknown candidate) and a refused socket are expected; nothing else.
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

const list = (page: Page) => page.getByRole('list', { name: 'Recommended candidates list' });
const cards = (page: Page): Locator => list(page).locator(':scope > li');

/** The score on each card, in the order shown. */
async function shownScores(page: Page): Promise<number[]> {
  const texts = await cards(page)
    .locator('article')
    .evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  return texts.map((text) => Number(/(\d+)% match/.exec(text)?.[1] ?? NaN));
}

/** The candidate ids the cards link to, in the order shown. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await cards(page)
    .getByRole('link')
    .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
  return hrefs.map((href) => /\/candidate_details\/([^?]+)/.exec(href)?.[1] ?? '');
}

describe('recommended candidates and the candidate page', () => {
  it('Home lists the best-fitting candidates first, with score, reasons, chips and best fit', async () => {
    const page = recruiter.page;
    await page.getByRole('heading', { name: 'Recommended candidates', level: 1 }).waitFor();
    await cards(page).first().waitFor();

    const api = await get<{ candidates: ApiCandidate[]; hasMore: boolean }>(
      page,
      '/api/recruiter/candidates?limit=20&offset=0',
    );
    expect(api.candidates.length).toBe(20);
    expect(api.hasMore).toBe(true);
    firstPage = api.candidates;
    first = api.candidates[0]!;
    expect(first.reasons.length).toBeGreaterThan(0);

    // One page of 20 on screen, in the server's order; the first card has the top score.
    expect(await cards(page).count()).toBe(20);
    expect(await shownIds(page)).toEqual(api.candidates.map((c) => c.userId));
    const scores = await shownScores(page);
    expect(scores.every((s) => Number.isInteger(s) && s >= 0 && s <= 100)).toBe(true);
    expect(scores[0]).toBe(Math.max(...scores));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBe(first.matchScore);

    // The first card: name, a headline, the match reasons, the distance chip, 'Best fit'.
    const card = cards(page).first();
    await card.getByRole('link', { name: first.fullName!, exact: false }).waitFor();
    const reasons = card.getByRole('list', { name: 'Why this candidate matches' });
    expect(await reasons.getByRole('listitem').count()).toBe(first.reasons.length);
    const reasonTexts = await reasons.getByRole('listitem').allTextContents();
    for (const text of reasonTexts) {
      expect(text).toMatch(
        /^(Same category|Job type fits|Experience fits|Salary fits|Nearby|Remote job|Profile fits the job)$/,
      );
    }
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`Best fit: ${first.bestJob.title}`);
    expect(text).toMatch(/[1-9]\d* km away|In your city|20 KM\+|Remote/);
    expect(text).not.toMatch(/pick\.|candidates\./); // every label comes from the catalogue
  });

  it('scrolling to the bottom loads the second page of 20, without repeats', async () => {
    const page = recruiter.page;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await cards(page).nth(39).waitFor();
    const ids = await shownIds(page);
    expect(ids.length).toBeGreaterThanOrEqual(40);
    expect(new Set(ids).size).toBe(ids.length);
    // Still best first across the page boundary.
    const scores = await shownScores(page);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('tapping a card opens the candidate page with its cards', async () => {
    const page = recruiter.page;
    await page.evaluate(() => window.scrollTo(0, 0));
    await cards(page).first().getByRole('link').click();
    await page.waitForURL(`**/candidate_details/${first.userId}?job=${first.bestJob.id}`);
    await page.getByRole('heading', { name: first.fullName!, level: 1 }).waitFor();
    for (const title of [
      'Work Experience',
      'Education',
      'Languages',
      'About',
      'Additional Details',
    ])
      await page.getByRole('heading', { name: title, level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Start Chatting' }).waitFor();
  });

  it("a candidate without a resume: no 'Download Resume', 'No Resume uploaded', and the shared contact details", async () => {
    const page = recruiter.page;
    const { profile } = await get<{
      profile: { hasResume: boolean; contactShared: boolean; email: string; phone: string };
    }>(page, `/api/candidates/${first.userId}`);
    expect(profile.hasResume).toBe(false);
    // The demo recruiter is verified and demo seekers keep the default visibility.
    expect(profile.contactShared).toBe(true);
    await page.getByText('No Resume uploaded').waitFor();
    expect(await page.getByRole('button', { name: 'Download Resume' }).count()).toBe(0);
    const contact = page.locator('section', {
      has: page.getByRole('heading', { name: 'Contact details' }),
    });
    expect(await contact.getByRole('link', { name: profile.email }).getAttribute('href')).toBe(
      `mailto:${profile.email}`,
    );
    // Shown grouped (+91 80000 10158), dialled as stored.
    const grouped = profile.phone.replace(/^\+91(\d{5})(\d{5})$/, '+91 $1 $2');
    expect(grouped).not.toBe(profile.phone);
    expect(await contact.getByRole('link', { name: grouped }).getAttribute('href')).toBe(
      `tel:${profile.phone}`,
    );
  });

  it("'Start Chatting' opens the recruiter chat with the candidate, about the best-fitting job", async () => {
    const page = recruiter.page;
    await page.getByRole('button', { name: 'Start Chatting' }).click();
    await page.waitForURL(`**/recruiter-messages/chat/${first.userId}?job=${first.bestJob.id}`);
    await page.getByRole('heading', { name: first.fullName!, level: 1 }).waitFor();
    await page.getByText(`Position: ${first.bestJob.title}`).first().waitFor();
    // The room exists on the server now, so the Messages tab has it.
    const { rooms } = await get<{ rooms: { userId: string; jobTitle: string | null }[] }>(
      page,
      '/api/rooms',
    );
    expect(rooms.some((r) => r.userId === first.userId)).toBe(true);
  });

  it('an online candidate has the dot; with a resume, the download goes through a signed link and is logged', async () => {
    const { context, page, errors } = await newPage(h);
    await signInOnPage(h, page, SEEKER_PHONE, '**/jobseeker-dashboard');
    const { user } = await get<{ user: { id: string } }>(page, '/api/me');
    seeker = { context, page, errors, id: user.id };
    const upload = await page.request.post('/api/me/resume', {
      multipart: { file: { name: 'rahul.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(upload.status()).toBe(200);

    // Real presence: Rahul is online while his chat list is open; his card gets the dot, and
    // nobody else's (no other demo seeker is connected).
    const connected = page.waitForEvent('websocket');
    await page.goto('/job-chats');
    await connected;
    const r = recruiter.page;
    const rahulCard = cards(r).filter({
      has: r.locator(`a[href^="/candidate_details/${seeker.id}?"]`),
    });
    for (let attempt = 0; ; attempt++) {
      await r.goto('/recruiter-dashboard/Home');
      await rahulCard.waitFor();
      if ((await rahulCard.getByTestId('online-dot').count()) === 1) break;
      if (attempt === 5) throw new Error('Rahul never showed as online');
      await r.waitForTimeout(500);
    }
    expect(await list(r).getByTestId('online-dot').count()).toBe(1);

    await r.goto(`/candidate_details/${seeker.id}`);
    await r.getByRole('heading', { name: 'Rahul Verma', level: 1 }).waitFor();
    const download = r.waitForEvent('download');
    await r.getByRole('button', { name: 'Download Resume' }).click();
    expect((await download).url()).toContain('/api/files/resume?token=');

    const { downloads } = await get<{ downloads: { recruiterName: string | null }[] }>(
      page,
      '/api/me/resume-downloads',
    );
    expect(downloads.some((d) => d.recruiterName === 'Priya Sharma')).toBe(true);
    // A seeker sees no 'Start Chatting' (recruiters only), even on their own page.
    await page.goto(`/candidate_details/${seeker.id}`);
    await page.getByRole('heading', { name: 'Rahul Verma', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Chatting' }).count()).toBe(0);
    // Someone else's page is 'Candidate not found' for a seeker (the server answers 404).
    const other = firstPage.find((c) => c.userId !== seeker!.id)!;
    await page.goto(`/candidate_details/${other.userId}`);
    await page.getByText('Candidate not found').waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it("an unknown candidate is 'Candidate not found' with Go Back; signed out goes to / and, logged in as a recruiter, back to the candidate", async () => {
    const page = recruiter.page;
    await page.goto('/recruiter-dashboard/Home');
    await cards(page).first().waitFor();
    await page.goto('/candidate_details/00000000-0000-4000-8000-000000000000');
    await page.getByText('Candidate not found').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/recruiter-dashboard/Home');

    // Signed out: the start screen (the login), as every guarded screen does, and after logging
    // in there as a recruiter (another demo company: each phone logs in once), the candidate.
    const visitor = await newPage(h);
    await visitor.page.goto(`/candidate_details/${first.userId}?job=${first.bestJob.id}`);
    await visitor.page.waitForURL((url) => url.pathname === '/');
    await visitor.page.getByLabel('Phone number').fill('9000000013');
    await visitor.page.getByRole('button', { name: 'Send OTP' }).click();
    await visitor.page.getByPlaceholder('6-digit OTP').waitFor();
    await visitor.page.getByPlaceholder('6-digit OTP').fill(await codeFromOutbox(h, '9000000013'));
    await visitor.page.getByRole('button', { name: 'Verify & Continue' }).click();
    await visitor.page.waitForURL(
      (url) =>
        url.pathname === `/candidate_details/${first.userId}` &&
        url.searchParams.get('job') === first.bestJob.id,
    );
    await visitor.page
      .getByRole('heading', { name: first.fullName ?? 'Unknown User', level: 1 })
      .waitFor();
    await visitor.page.getByRole('button', { name: 'Start Chatting' }).waitFor();
    await visitor.context.close();
    expect(unexpected(recruiter.errors)).toEqual([]);
  });

  it('a failing server shows the error states', async () => {
    const page = recruiter.page;
    const fail = { status: 500, json: { error: { code: 'errors.internal', message: 'x' } } };
    await page.route('**/api/recruiter/candidates?**', (route) => route.fulfill(fail));
    await page.goto('/recruiter-dashboard/Home');
    await page.getByText('Failed to load candidates').waitFor();
    await page.unroute('**/api/recruiter/candidates?**');

    await page.route(`**/api/candidates/${first.userId}`, (route) => route.fulfill(fail));
    await page.goto(`/candidate_details/${first.userId}`);
    await page.getByText('Failed to load candidate details').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();
    expect(await page.getByRole('button', { name: 'Start Chatting' }).count()).toBe(0);
    await page.unroute(`**/api/candidates/${first.userId}`);
  });

  it("with every job closed: 'No candidates found' and a link to post a job", async () => {
    const page = recruiter.page;
    const jobs: { id: string; status: string }[] = [];
    let cursor: string | null = null;
    do {
      const answer: { jobs: typeof jobs; nextCursor: string | null } = await get(
        page,
        `/api/recruiter/jobs${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      jobs.push(...answer.jobs);
      cursor = answer.jobs.length > 0 ? answer.nextCursor : null;
    } while (cursor);
    for (const job of jobs.filter((j) => j.status === 'open')) {
      const res = await page.request.put(`/api/jobs/${job.id}/status`, {
        data: { status: 'closed' },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto('/recruiter-dashboard/Home');
    await page.getByText('No candidates found').waitFor();
    await page.getByText('Try posting more jobs to see relevant candidates').waitFor();
    await page.getByRole('link', { name: 'Post a Job' }).click();
    await page.waitForURL('**/post-job');
  });
});
