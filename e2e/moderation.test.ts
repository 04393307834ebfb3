import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { en } from '#shared/i18n/en.ts';
import {
  loginOverApi,
  loginThroughUi,
  newPage,
  startHarness,
  type Harness,
  getJson as get,
} from './harness.ts';

// Trust II (issue 12) in the browser: report and block, the scam shield's warning, and a
// moderator who suspends a recruiter. Demo recruiters other than Priya (so other journeys keep
// theirs): Lakshmi Narayanan (Kaveri Logistics, 9000000012), Aditya Mehta (Meridian Finserv,
// 9000000014), Sandeep Reddy (Nimbus Retail, 9000000015); one generated demo seeker; a moderator
// made from a fresh phone. Each phone logs in once (a second code would wait out the cooldown).
const KAVERI = { phone: '9000000012', name: 'Lakshmi Narayanan', company: 'Kaveri Logistics' };
const MERIDIAN = { phone: '9000000014', name: 'Aditya Mehta', company: 'Meridian Finserv' };
const NIMBUS = { phone: '9000000015', name: 'Sandeep Reddy', company: 'Nimbus Retail' };
const ADMIN_PHONE = '9000000099';
const SCAM = 'Please pay Rs 1500 registration fee to confirm your interview';

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
  id: string;
  name: string;
}
interface Job {
  id: string;
  title: string;
  company: string;
  status: string;
}

let h: Harness;
let seeker: Person;
const people: Person[] = [];
/** The Kaveri job the seeker reports from its page. */
let kaveriJob: Job;

beforeAll(async () => {
  h = await startHarness();
  // A generated demo seeker, onboarded.
  const [row] = await h.server.ctx.db.query<{ phone_no: string }>(
    `SELECT phone_no FROM users WHERE phone_no LIKE '+918000010%' AND user_role = 'user'
        AND is_onboarded ORDER BY phone_no LIMIT 1`,
  );
  if (!row) throw new Error('no generated demo seeker');
  seeker = await signIn(row.phone_no.replace(/^\+91/, ''), '**/jobseeker-dashboard');
});
afterAll(async () => {
  for (const p of people) await p.context.close();
  await h?.close();
});

async function signIn(phone: string, home: string): Promise<Person> {
  const { context, page, errors } = await newPage(h);
  await loginOverApi(h, page, phone);
  // Signed in, the login screen sends them home.
  await page.goto('/login');
  await page.waitForURL(home);
  const { user } = await get<{ user: { id: string; fullName: string | null } }>(page, '/api/me');
  const person = { context, page, errors, id: user.id, name: user.fullName ?? '' };
  people.push(person);
  return person;
}

/** The open jobs of a demo company, as the seeker's feed search finds them. */
async function jobsOf(company: string): Promise<Job[]> {
  // The search shows them in the main list or, outside the seeker's preferences, the wider one.
  const { jobs, wider } = await get<{ jobs: Job[]; wider: Job[] }>(
    seeker.page,
    `/api/jobs/feed?q=${encodeURIComponent(company)}`,
  );
  return [...jobs, ...wider].filter((j) => j.company === company && j.status === 'open');
}

const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();
const composer = (page: Page) => page.getByRole('textbox', { name: 'Type a message' });
const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const dialog = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: title, exact: true });
// Refusals the journeys provoke (403, 404, 409) and sockets closed on suspension are expected;
// so is the not-found page's own console line.
const unexpected = (errors: string[]) =>
  errors.filter(
    (e) =>
      !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e) && !e.startsWith('404'),
  );

/** Opens a ⋮ menu and picks an entry. */
async function menu(page: Page, label: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: label, exact: true }).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Fills the report dialog (reason, details) and sends it. */
async function report(page: Page, title: string, reason: string, details: string) {
  const d = dialog(page, title);
  await d.waitFor();
  // No reason picked: the shared schema's message, nothing sent.
  await d.getByRole('button', { name: en.moderation.send }).click();
  await d.getByText(en.moderation.pickReason).waitFor();
  await d.getByRole('group', { name: en.moderation.reportWhy }).getByLabel(reason).check();
  await d.getByLabel(en.moderation.details).fill(details);
  await d.getByRole('button', { name: en.moderation.send }).click();
  await d.waitFor({ state: 'detached' });
}

/** The seeker opens a job and starts (or reopens) its chat. */
async function chatAbout(job: Job, recruiterId: string): Promise<void> {
  const s = seeker.page;
  await s.goto(`/job-detail/${job.id}`);
  await s.getByRole('heading', { name: job.title, level: 1 }).waitFor();
  await s.getByRole('button', { name: 'Chat with Recruiter' }).click();
  await s.waitForURL(`**/jobseeker-chat/${recruiterId}?job=${job.id}`);
  await composer(s).waitFor();
}

describe('report a job', () => {
  it('from the job page: a reason and details; a second report is a friendly note', async () => {
    const s = seeker.page;
    const [job] = await jobsOf(KAVERI.company);
    expect(job).toBeDefined();
    kaveriJob = job!;
    await s.goto(`/job-detail/${job!.id}`);
    await s.getByRole('heading', { name: job!.title, level: 1 }).waitFor();
    // The recruiter card has its own menu to report or block the person.
    await s.getByRole('button', { name: `More actions for ${KAVERI.name}`, exact: true }).waitFor();

    await menu(s, en.moderation.moreActions, en.moderation.reportJob);
    await report(
      s,
      en.moderation.reportJobTitle,
      en.moderation.reasons.fake_job,
      'The address does not exist.',
    );
    await toast(s, en.moderation.reported);

    await menu(s, en.moderation.moreActions, en.moderation.reportJob);
    await report(s, en.moderation.reportJobTitle, en.moderation.reasons.spam, 'Again.');
    await toast(s, en.moderation.alreadyReported);
    // Focus is back on the page, the job still there.
    await s.getByRole('heading', { name: job!.title, level: 1 }).waitFor();
  });
});

describe('block and unblock', () => {
  it('blocking from the chat menu stops messages both ways; settings undo it', async () => {
    const s = seeker.page;
    const [job] = await jobsOf(NIMBUS.company);
    expect(job).toBeDefined();
    const recruiter = await signIn(NIMBUS.phone, '**/recruiter-dashboard/**');
    await chatAbout(job!, recruiter.id);
    await composer(s).fill('Hello, is this role still open?');
    await composer(s).press('Enter');
    await log(s).getByText('Hello, is this role still open?').waitFor();

    // The recruiter has the room open.
    const r = recruiter.page;
    await r.goto(`/recruiter-messages/chat/${seeker.id}?job=${job!.id}`);
    await log(r).getByText('Hello, is this role still open?').waitFor();

    // The seeker blocks the recruiter: asked first, then the composer says so.
    await menu(s, `More actions for ${NIMBUS.name}`, en.moderation.block);
    const confirm = dialog(s, `Block ${NIMBUS.name}?`);
    await confirm.getByText(/Neither of you can send messages/).waitFor();
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await toast(s, `${NIMBUS.name} is blocked`);
    await s.getByText(en.chat.blocked).waitFor();
    await expect.poll(() => composer(s).isDisabled()).toBe(true);

    // The recruiter's send is refused with the same words (not who blocked whom).
    await composer(r).fill('Are you available tomorrow?');
    await composer(r).press('Enter');
    await toast(r, en.chat.blocked);
    await log(r).getByRole('button', { name: 'Not sent. Tap to retry' }).waitFor();
    await expect.poll(() => composer(r).isDisabled()).toBe(true);

    // Settings: the blocked list, Unblock, then the empty state.
    await s.goto('/candidate-profile');
    const card = s.locator('section', {
      has: s.getByRole('heading', { name: en.moderation.blockedTitle }),
    });
    await card.getByText(NIMBUS.name).waitFor();
    await card.getByRole('button', { name: `Unblock ${NIMBUS.name}` }).click();
    await toast(s, `${NIMBUS.name} is unblocked`);
    await card.getByText(en.moderation.noBlocked).waitFor();

    // The chat takes messages again.
    await s.goto(`/jobseeker-chat/${recruiter.id}?job=${job!.id}`);
    await composer(s).fill('Thanks, talk soon.');
    await composer(s).press('Enter');
    await log(r).getByText('Thanks, talk soon.').waitFor();
    expect(unexpected(recruiter.errors)).toEqual([]);
  });

  it('the recruiter settings list the people a recruiter blocked, or say there are none', async () => {
    const r = people.find((p) => p.name === NIMBUS.name)!.page;
    await r.goto('/recruiter-settings');
    const card = r.locator('section', {
      has: r.getByRole('heading', { name: en.moderation.blockedTitle }),
    });
    await card.getByText(en.moderation.noBlocked).waitFor();
  });
});

describe('a job post the scam shield holds', () => {
  it('is saved but held: its owner sees why after posting, on its page and in their list', async () => {
    const r = people.find((p) => p.name === NIMBUS.name)!.page;
    const title = 'Store Helper (Work From Home)';
    await r.goto('/post-job');
    await r.getByLabel('Job title').fill(title);
    await r.getByLabel('Job type').selectOption({ label: 'Full-time' });
    await r.getByLabel('Experience level').selectOption({ label: '1-3 years' });
    await r.getByLabel('Job category').selectOption({ label: 'Sales & BD' });
    await r
      .getByLabel('Description')
      .fill(
        'Pay a refundable registration fee of Rs 2000 by UPI to book your joining slot. Details on t.me/nimbusjobs',
      );
    await r.getByRole('button', { name: 'Post Job' }).click();

    // Not the usual success: the post is held, and the screen says why.
    await r.getByText(en.moderation.heldPosted).waitFor();
    const notice = r.getByRole('status').filter({ hasText: en.moderation.heldTitle });
    await notice.getByText(new RegExp(en.moderation.shield.payment_request)).waitFor();
    await r.getByRole('link', { name: en.moderation.viewJob }).click();
    await r.getByRole('heading', { name: title, level: 1 }).waitFor();
    await r.getByText(en.moderation.heldTitle).waitFor();

    await r.goto('/recruiter-dashboard/Profile');
    const card = r.getByRole('article').filter({ hasText: title });
    await card.getByText(en.moderation.heldTitle).waitFor();

    // Seekers do not see it.
    const listed = await jobsOf(NIMBUS.company);
    expect(listed.some((j) => j.title === title)).toBe(false);
  });
});

describe('a seeker reports a recruiter who asked for money, and a moderator suspends them', () => {
  let recruiter: Person;
  let admin: Person;
  let jobs: Job[] = [];

  it('only moderators open /admin', async () => {
    // A moderator is made from the command line; here, in the database after a first login.
    const { context, page, errors } = await newPage(h);
    await loginThroughUi(h, page, ADMIN_PHONE);
    await page.waitForURL('**/onboarding');
    await h.server.ctx.db.query(
      `UPDATE users SET user_role = 'admin', is_onboarded = true WHERE phone_no = $1`,
      [`+91${ADMIN_PHONE}`],
    );
    await page.goto('/');
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: en.moderation.queueTitle, level: 1 }).waitFor();
    // Moderators have no seeker or recruiter screens.
    await page.goto('/jobseeker-dashboard');
    await page.waitForURL('**/admin');
    const { user } = await get<{ user: { id: string } }>(page, '/api/me');
    admin = { context, page, errors, id: user.id, name: '' };
    people.push(admin);

    // Anyone else finds nothing there.
    await seeker.page.goto('/admin');
    await seeker.page.getByText(en.notFound.text).waitFor();
    expect(await seeker.page.getByRole('heading', { name: en.moderation.queueTitle }).count()).toBe(
      0,
    );
  });

  it('a dismissed report is recorded, and shown with who and why on the next item about that account', async () => {
    const a = admin.page;
    const s = seeker.page;
    await a.reload();
    const first = a.getByRole('article').filter({ hasText: 'The address does not exist.' });
    await first.getByText(kaveriJob.title).first().waitFor();
    await first.getByRole('button', { name: en.moderation.actions.dismiss }).click();
    const d = dialog(a, en.moderation.actions.dismiss);
    await d.getByLabel(en.moderation.actionReason).fill('Checked: the address exists.');
    await d.getByRole('button', { name: en.moderation.actionConfirm }).click();
    await toast(a, `Done: ${en.moderation.actions.dismiss}`);
    await expect.poll(() => first.count()).toBe(0);

    // The seeker reports the recruiter from the card on the job page.
    await s.goto(`/job-detail/${kaveriJob.id}`);
    await s.getByRole('heading', { name: kaveriJob.title, level: 1 }).waitFor();
    await menu(s, `More actions for ${KAVERI.name}`, en.moderation.reportRecruiter);
    await report(
      s,
      `Report ${KAVERI.name}`,
      en.moderation.reasons.spam,
      'Sends the same job every day.',
    );
    await toast(s, en.moderation.reported);

    await a.reload();
    const next = a.getByRole('article').filter({ hasText: 'Sends the same job every day.' });
    await next.getByText(KAVERI.name).first().waitFor();
    await next.getByText(/^Dismiss by /).waitFor();
    await next.getByText('Why: Checked: the address exists.').waitFor();
  });

  it('the recruiter asks for a fee in the chat; the seeker is warned and reports the message', async () => {
    jobs = await jobsOf(MERIDIAN.company);
    expect(jobs.length).toBeGreaterThan(0);
    recruiter = await signIn(MERIDIAN.phone, '**/recruiter-dashboard/**');
    const s = seeker.page;
    const r = recruiter.page;
    await chatAbout(jobs[0]!, recruiter.id);
    await composer(s).fill('Hello, I would like to apply.');
    await composer(s).press('Enter');

    await r.goto(`/recruiter-messages/chat/${seeker.id}?job=${jobs[0]!.id}`);
    await log(r).getByText('Hello, I would like to apply.').waitFor();
    await composer(r).fill(SCAM);
    await composer(r).press('Enter');
    await log(r).locator('[data-message-id]', { hasText: SCAM }).waitFor();
    // The sender sees their message as sent, without a warning.
    expect(await r.getByRole('note', { name: en.moderation.warningLabel }).count()).toBe(0);

    // The seeker gets it live, with the warning and the reasons.
    const warning = s.getByRole('note', { name: en.moderation.warningLabel });
    await log(s).getByText(SCAM).waitFor();
    await warning.getByText(en.moderation.scamWarning).waitFor();
    await warning.getByText(new RegExp(en.moderation.shield.payment_request)).waitFor();
    await warning.getByRole('button', { name: en.moderation.reportMessage }).click();
    await report(
      s,
      en.moderation.reportMessageTitle,
      en.moderation.reasons.money,
      'Asked me to pay by UPI before the interview.',
    );
    await toast(s, en.moderation.reported);
  });

  it('the moderator sees the report with the message and suspends the recruiter', async () => {
    const a = admin.page;
    await a.reload();
    // The shield's own flag on the message says its reasons in words, not as codes.
    const flag = a
      .getByRole('article')
      .filter({ has: a.getByRole('heading', { name: en.moderation.kinds.shield }) })
      .filter({ hasText: SCAM });
    await flag.getByText(en.moderation.shield.payment_request, { exact: true }).first().waitFor();
    expect(await flag.getByText('payment_request').count()).toBe(0);
    const item = a
      .getByRole('article')
      .filter({ hasText: `Reported by ${seeker.name}` })
      .filter({ hasText: SCAM });
    await item.waitFor();
    await item.getByText(en.moderation.reasons.money).first().waitFor();
    await item.getByText('Asked me to pay by UPI before the interview.').waitFor();
    // The reported message is marked among the few before it.
    await item.locator('[data-reported="true"]', { hasText: SCAM }).waitFor();
    await item.getByText('Hello, I would like to apply.').waitFor();
    await item.getByText(MERIDIAN.name).first().waitFor();
    await item.getByText(en.moderation.noHistory).waitFor();

    await item.getByRole('button', { name: en.moderation.actions.suspend }).click();
    const d = dialog(a, en.moderation.actions.suspend);
    // The reason is required (it is recorded with the action).
    await d.getByRole('button', { name: en.moderation.actionConfirm }).click();
    await d.getByText(en.moderation.reasonRequired).waitFor();
    await d
      .getByLabel(en.moderation.actionReason)
      .fill('Asked a seeker for a registration fee in the chat.');
    await d.getByRole('button', { name: en.moderation.actionConfirm }).click();
    await toast(a, `Done: ${en.moderation.actions.suspend}`);
    // The report is settled: it leaves the queue.
    await expect.poll(() => item.count()).toBe(0);

    // The recruiter's session ended at once.
    await expect.poll(async () => (await recruiter.page.request.get('/api/me')).status()).toBe(401);
    expect(unexpected(admin.errors)).toEqual([]);
  });

  it("the recruiter's jobs leave the seeker's feed and the chat says the account was suspended", async () => {
    const s = seeker.page;
    await s.goto(`/jobseeker-dashboard?q=${encodeURIComponent(MERIDIAN.company)}`);
    await s.reload();
    await s.getByRole('search').waitFor();
    await expect
      .poll(async () => {
        const text = (await s.locator('main').textContent()) ?? '';
        return jobs.filter((j) => text.includes(j.title)).length;
      })
      .toBe(0);
    expect(await jobsOf(MERIDIAN.company)).toEqual([]);

    await s.goto(`/jobseeker-chat/${recruiter.id}?job=${jobs[0]!.id}`);
    await s.getByText(en.moderation.suspended).waitFor();
    await expect.poll(() => composer(s).isDisabled()).toBe(true);
    expect(unexpected(seeker.errors)).toEqual([]);
  });

  it('a held job the moderator hides tells its owner a moderator hid it, not that one will look', async () => {
    const a = admin.page;
    const title = 'Store Helper (Work From Home)';
    await a.reload();
    const item = a.getByRole('article').filter({ hasText: title });
    await item.getByRole('button', { name: en.moderation.actions.hide_job }).click();
    const d = dialog(a, en.moderation.actions.hide_job);
    await d.getByLabel(en.moderation.actionReason).fill('Registration fee: a scam.');
    await d.getByRole('button', { name: en.moderation.actionConfirm }).click();
    await toast(a, `Done: ${en.moderation.actions.hide_job}`);

    const r = people.find((p) => p.name === NIMBUS.name)!.page;
    await r.goto('/recruiter-dashboard/Profile');
    const card = r.getByRole('article').filter({ hasText: title });
    await card.getByText(en.moderation.hiddenTitle, { exact: true }).waitFor();
    expect(await card.getByText(en.moderation.heldTitle).count()).toBe(0);
    const said = await card.getByText(/^A moderator decided/).textContent();
    expect(said).toContain(en.moderation.shield.payment_request);
    expect(said).not.toContain(en.moderation.shield.moderator);
  });
});
