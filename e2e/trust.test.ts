import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { en } from '#shared/i18n/en.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import {
  signInOnPage,
  newPage,
  signIn,
  startHarness,
  type Harness,
  type Person,
  getJson as get,
} from './harness.ts';
import { pdf } from './uploads.ts';

// Trust I (issue 11) in the browser: the verified mark names its domain, a GSTIN is checked and
// shown, a seeker's contact data and resume reach a recruiter only by consent, and a recruiter
// can sign out from their own screens. The demo recruiter (Priya Sharma, Zenith Softworks,
// verified for zenithsoftworks.in) and one generated demo seeker without a chat with her, picked
// at run time. Each phone logs in once (a second code would wait out the 30 s cooldown).
const RECRUITER_PHONE = '9000000001';
const DOMAIN = 'zenithsoftworks.in';
const VERIFIED = `Verified · ${DOMAIN}`;

let h: Harness;
let recruiter: Person;
let seeker: Person | undefined;
/** The generated seeker's best-fitting job among the recruiter's (the chat is about it). */
let seekerJobId = '';

beforeAll(async () => {
  h = await startHarness();
  recruiter = await signIn(h, RECRUITER_PHONE, '**/recruiter-dashboard/Home');
});
afterAll(async () => {
  for (const p of [recruiter, seeker]) await p?.context.close();
  await h?.close();
});

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
// Refusals the journeys provoke (403, 400) and a socket closed on sign out are expected.
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));
/** A titled card of the profile screens (a <section> with its heading). */
const card = (page: Page, title: string) =>
  page.locator('section', { has: page.getByRole('heading', { name: title }) });

/** The message under a field (its aria-describedby error line), once the field is marked. */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const line = page.locator(`[id="${await field.getAttribute('aria-describedby')}"]`);
  await line.waitFor();
  return (await line.textContent()) ?? '';
}

/** Picks a visibility on the seeker's own profile and waits for the server to hold it. */
async function setVisibility(page: Page, label: string): Promise<void> {
  const group = page.getByRole('group', { name: 'Profile visibility' });
  const saved = page.waitForResponse(
    (r: Response) => r.url().endsWith('/api/seeker/profile') && r.request().method() === 'PATCH',
  );
  await group.getByRole('radio', { name: label }).check();
  expect((await saved).status()).toBe(200);
  expect(await group.getByRole('radio', { name: label }).isChecked()).toBe(true);
}

/** The candidate page as the recruiter sees it after a fresh load. */
async function openCandidate(r: Page, id: string, name: string): Promise<void> {
  await r.goto(`/candidate_details/${id}`);
  await r.getByRole('heading', { name, level: 1 }).waitFor();
  await r.getByRole('heading', { name: 'Work Experience', level: 2 }).waitFor();
}

describe('the verified mark and GST registration', () => {
  it('a GSTIN is checked on save (check digit, state) and then shown as "GST registered"', async () => {
    const page = recruiter.page;
    await page.goto('/recruiter-settings');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByText(VERIFIED, { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const gstin = page.getByLabel(en.gst.label, { exact: true });

    // A typing mistake: the server's message under the field and in a toast.
    await gstin.fill('29ABCDE1234F1ZX');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await fieldError(page, en.gst.label)).toBe(en.gst.checkDigit);
    await toast(page, en.gst.checkDigit);

    // A valid GSTIN of another state than the headquarters' (Karnataka).
    await gstin.fill('27AAPFU0939F1ZV');
    // Editing the field makes the old message stale.
    expect(await gstin.getAttribute('aria-invalid')).toBe('false');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await fieldError(page, en.gst.label)).toMatch(/^This GSTIN is registered in another/);

    await gstin.fill('29abcde1234f1zw');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByText('29ABCDE1234F1ZW').waitFor();
    await page.getByText('GST registered', { exact: true }).waitFor();
    // A GSTIN is not what verification proved: the mark stays.
    await page.getByText(VERIFIED, { exact: true }).first().waitFor();

    // Headquarters moved to Mumbai, in the same save as the Maharashtra GSTIN: checked against
    // the new city's state, and both shown.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel(en.onboarding.headquartersCity).fill('Mumb');
    await page
      .getByRole('option', { name: /Mumbai/ })
      .first()
      .click();
    await gstin.fill('27AAPFU0939F1ZV');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile updated successfully');
    await page.getByText('Mumbai, Maharashtra').waitFor();
    await page.getByText('27AAPFU0939F1ZV').waitFor();

    // The Profile tab header shows both.
    await page.getByRole('link', { name: 'Back to profile' }).click();
    await page.waitForURL('**/recruiter-dashboard/Profile');
    const header = page.getByRole('region', { name: 'Priya Sharma' });
    await header.getByText(VERIFIED, { exact: true }).waitFor();
    await header.getByText('GST registered', { exact: true }).waitFor();
  });

  it('the job page names the verified domain, next to the company and on the recruiter card', async () => {
    const page = recruiter.page;
    const { jobs } = await get<{ jobs: { id: string; title: string }[] }>(
      page,
      '/api/recruiter/jobs',
    );
    const job = jobs[0]!;
    await page.goto(`/job-detail/${job.id}`);
    await page.getByRole('heading', { name: job.title, level: 1 }).waitFor();
    const marks = page.getByText(VERIFIED, { exact: true });
    await expect.poll(() => marks.count()).toBe(2);
    const postedBy = card(page, 'Posted by');
    await postedBy.getByText(VERIFIED, { exact: true }).waitFor();
    await postedBy.getByText('GST registered', { exact: true }).waitFor();
    // Every text comes from the catalogue.
    expect(await page.locator('main').textContent()).not.toMatch(/trust\.|gst\./);
  });
});

describe("a seeker's contact data and resume reach a recruiter only by consent", () => {
  let name = '';

  it('a seeker changes visibility and a recruiter sees the resume button change', async () => {
    const r = recruiter.page;
    // A generated demo seeker the recruiter is recommended but has no chat with.
    const { candidates } = await get<{
      candidates: { userId: string; fullName: string; bestJob: { id: string } }[];
    }>(r, '/api/recruiter/candidates?limit=20&offset=0');
    const { rooms } = await get<{ rooms: { userId: string }[] }>(r, '/api/rooms');
    const chatted = new Set(rooms.map((room) => room.userId));
    const phones = await h.server.ctx.db.query<{ id: string; phone_no: string }>(
      `SELECT id, phone_no FROM users WHERE id = ANY($1) AND phone_no LIKE '+918000010%'`,
      [candidates.map((c) => c.userId)],
    );
    const phoneOf = new Map(phones.map((p) => [p.id, p.phone_no]));
    const pick = candidates.find((c) => phoneOf.has(c.userId) && !chatted.has(c.userId));
    if (!pick) throw new Error('no generated seeker without a chat among the recommendations');
    name = pick.fullName;
    seekerJobId = pick.bestJob.id;

    // The seeker logs in, uploads a resume and finds the default: verified recruiters see it.
    const s = await newPage(h);
    const seekerPhone = phoneOf.get(pick.userId)!.replace(/^\+91/, '');
    await signInOnPage(h, s.page, seekerPhone, '**/jobseeker-dashboard');
    seeker = { ...s, id: pick.userId };
    const upload = await s.page.request.post('/api/me/resume', {
      multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(upload.status()).toBe(200);
    await s.page.goto('/candidate-profile');
    const group = s.page.getByRole('group', { name: 'Profile visibility' });
    await group.waitFor();
    expect(
      await group.getByRole('radio', { name: 'Verified recruiters can see my resume' }).isChecked(),
    ).toBe(true);

    // Only recruiters they chat with: the recruiter sees the profile, not the contact data.
    await setVisibility(s.page, 'Only recruiters I chat with');
    await toast(s.page, 'Profile visibility saved');
    await openCandidate(r, pick.userId, name);
    await r.getByText(en.trust.sharedOnceTheyChat).waitFor();
    expect(await r.getByRole('button', { name: 'Download Resume' }).count()).toBe(0);
    expect(await r.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
    // The resume link itself is refused, with a message.
    const refused = await r.request.get(`/api/seekers/${pick.userId}/resume-link`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBeTruthy();

    // Back to the default: a reload shows e-mail, phone and the Download Resume button.
    await setVisibility(s.page, 'Verified recruiters can see my resume');
    await openCandidate(r, pick.userId, name);
    const download = r.getByRole('button', { name: 'Download Resume' });
    await download.waitFor();
    expect(await r.getByText(en.trust.sharedOnceTheyChat).count()).toBe(0);
    const phone = card(r, 'Contact details').locator('a[href^="tel:"]');
    expect(await phone.getAttribute('href')).toContain(phoneOf.get(pick.userId)!.slice(-10));
    await card(r, 'Contact details').locator('a[href^="mailto:"]').waitFor();
    const file = r.waitForEvent('download');
    await download.click();
    expect((await file).url()).toContain('/api/files/resume?token=');

    // The seeker sees who viewed the profile and who downloaded the resume.
    await s.page.reload();
    for (const title of ['Who viewed your profile', 'Who downloaded your resume']) {
      const list = card(s.page, title);
      await list.getByText('Priya Sharma at Zenith Softworks').first().waitFor();
      await list.getByText(VERIFIED, { exact: true }).first().waitFor();
    }
    expect(unexpected(s.errors)).toEqual([]);
  });

  it("a seeker's reply in the chat shares the resume with that recruiter, live", async () => {
    const r = recruiter.page;
    const s = seeker!.page;
    await s.goto('/candidate-profile');
    await setVisibility(s, 'Only recruiters I chat with');

    // The recruiter starts the chat: the tools say the resume comes once the candidate replies.
    await r.goto(`/candidate_details/${seeker!.id}?job=${seekerJobId}`);
    await r.getByRole('heading', { name, level: 1 }).waitFor();
    await r.getByRole('button', { name: 'Start Chatting' }).click();
    await r.waitForURL(`**/recruiter-messages/chat/${seeker!.id}?job=${seekerJobId}`);
    const tools = r.getByRole('region', { name: 'Candidate' });
    await tools.getByText(en.trust.sharedOnceTheyChat).waitFor();
    expect(await tools.getByRole('button', { name: 'Download Resume' }).count()).toBe(0);

    // The seeker replies; the recruiter's tools offer the resume without a reload.
    await s.goto(`/jobseeker-chat/${recruiter.id}?job=${seekerJobId}`);
    const composer = s.getByRole('textbox', { name: 'Type a message' });
    await composer.fill('Hello, happy to talk.');
    await composer.press('Enter');
    await r.getByText('Hello, happy to talk.').first().waitFor();
    await tools.getByRole('button', { name: 'Download Resume' }).waitFor();
    expect(await tools.getByText(en.trust.sharedOnceTheyChat).count()).toBe(0);
    expect(unexpected(seeker!.errors)).toEqual([]);
  });

  it("a message over the chat limit says so and stays 'Not sent. Tap to retry'", async () => {
    const s = seeker!.page;
    const log = s.getByRole('log', { name: 'Conversation' });
    const composer = s.getByRole('textbox', { name: 'Type a message' });
    const failed = log.getByRole('button', { name: 'Not sent. Tap to retry' });
    // A burst of messages: the server refuses the one over the limit (a 429 on the socket).
    for (let i = 1; i <= 15 && (await failed.count()) === 0; i++) {
      await composer.fill(`Quick note ${i}`);
      await composer.press('Enter');
      await expect.poll(() => log.getByText('Sending...').count()).toBe(0);
    }
    // The refill is timed by the server's clock: one or two sends may be refused in the burst.
    await failed.first().waitFor();
    await toast(s, 'You are sending messages too fast.');
    // Not retried behind the person's back: each waits for their tap.
    expect(await failed.count()).toBeGreaterThanOrEqual(1);
    expect(await log.getByText('Sending...').count()).toBe(0);
  });
});

describe('the recruiter account', () => {
  it('changing the website removes the verified mark, and the screen says why', async () => {
    const page = recruiter.page;
    await page.goto('/recruiter-settings');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByText(en.trust.verificationHint).first().waitFor();
    await page.getByLabel('Website', { exact: true }).fill('https://zenith-careers.in');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, en.trust.markRemoved);
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByText(/^Verified ·/).count()).toBe(0);
    // And the settings offer to verify the new website.
    await page.getByRole('link', { name: en.settings.verifyNow }).waitFor();
  });

  it("a daily limit refuses with the server's message, and the screen says what to do", async () => {
    const page = recruiter.page;
    // The real limiter, with today's allowance already spent: the recruiter's window is made full
    // in the database (as that many other profiles opened today would leave it).
    const [me] = await h.server.ctx.db.query<{ id: string }>(
      'SELECT id FROM users WHERE phone_no = $1',
      [`+91${RECRUITER_PHONE}`],
    );
    const [other] = await h.server.ctx.db.query<{ id: string }>(
      `SELECT u.id FROM users u WHERE u.phone_no LIKE '+918000010%' AND u.id <> $1
          AND NOT EXISTS (SELECT 1 FROM profile_views v WHERE v.seeker_id = u.id AND v.recruiter_id = $2)
        ORDER BY u.phone_no DESC LIMIT 1`,
      [seeker!.id, me!.id],
    );
    await h.server.ctx.db.query(
      `INSERT INTO rate_events (bucket, key) SELECT 'candidate-view', $1 FROM generate_series(1, $2)`,
      [me!.id, TRUST_LIMITS.candidateViews.verified],
    );
    try {
      await page.goto(`/candidate_details/${other!.id}`);
      await page
        .getByText(/You have reached today's limit for opening candidate profiles/)
        .waitFor();
      await page.getByRole('button', { name: 'Go Back' }).waitFor();
    } finally {
      await h.server.ctx.db.query(
        `DELETE FROM rate_events WHERE bucket = 'candidate-view' AND key = $1`,
        [me!.id],
      );
    }
  });

  it('the Profile tab has Sign Out, and it signs out', async () => {
    const page = recruiter.page;
    await page.goto('/recruiter-dashboard/Profile');
    await page.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out successfully');
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
    // The recruiter's screens are closed now.
    await page.goto('/recruiter-dashboard/Profile');
    await page.waitForURL((url) => url.pathname === '/');
    expect(unexpected(recruiter.errors)).toEqual([]);
  });
});
