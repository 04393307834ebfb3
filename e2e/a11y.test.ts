import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { en } from '#shared/i18n/en.ts';
import {
  expectAccessible,
  expectTouchTargets,
  getJson,
  loginThroughUi,
  newPage,
  signIn,
  startHarness,
  type Harness,
  type Person,
} from './harness.ts';

// Issue 15 point 3 (docs/decisions/022-accessibility.md): every screen, as the role that sees it,
// on the 390x844 phone viewport, has no serious or critical axe violation, touch targets of at
// least 44 px and exactly one h1; focus lands on the new screen's h1 after a navigation; a refused
// form names the problem under the field as well as in a toast.
// Demo logins: Priya (recruiter 9000000001), Rahul (seeker 9000000002); phones 95300000xx are this
// file's own (new accounts for the onboarding steps and the moderator).
const RECRUITER_PHONE = '9000000001';
const SEEKER_PHONE = '9000000002';

let h: Harness;
let seeker: Person;
let recruiter: Person;
const closeLater: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  h = await startHarness();
  seeker = await signIn(h, SEEKER_PHONE, '**/jobseeker-dashboard');
  recruiter = await signIn(h, RECRUITER_PHONE, '**/recruiter-dashboard/Home');
  closeLater.push(seeker.context, recruiter.context);
});
afterAll(async () => {
  for (const c of closeLater) await c.close();
  await h?.close();
});

const h1 = (page: Page) => page.locator('h1');

/** Waits for the screen to settle (its one h1 shown, no loading spinner) and checks it. */
async function check(page: Page, label: string): Promise<void> {
  await h1(page).first().waitFor();
  await page
    .getByRole('status')
    .filter({ hasText: en.common.loading })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  expect.soft(await h1(page).count(), `${label}: exactly one h1`).toBe(1);
  await softly(() => expectAccessible(page, label));
  await softly(() => expectTouchTargets(page, label));
}

/** Records a failed check and goes on, so one run lists every screen's problems. */
async function softly(check: () => Promise<void>): Promise<void> {
  const problem = await check().then(
    () => null,
    (err: Error) => err.message,
  );
  expect.soft(problem).toBeNull();
}

/** Checks an open dialog (the screen behind it is aria-hidden), then closes it with Escape. */
async function checkDialog(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await softly(() => expectAccessible(page, `dialog ${name}`));
  await softly(() => expectTouchTargets(page, `dialog ${name}`));
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function visit(page: Page, path: string, label = path): Promise<void> {
  await page.goto(path);
  await check(page, label);
}

/** Asserts the focused element is the screen's h1 (after a client-side navigation). */
async function expectFocusOnHeading(page: Page, label: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80)), {
      message: `${label}: the focused element`,
      timeout: 5000,
    })
    .toMatch(/^<h1/);
  expect(await h1(page).count(), label).toBe(1);
  expect(await page.evaluate(() => document.activeElement === document.querySelector('h1'))).toBe(
    true,
  );
}

describe('public screens', () => {
  it('landing, login (both steps), register, about, companies, not found', async () => {
    const { context, page } = await newPage(h);
    closeLater.push(context);
    await visit(page, '/', 'landing');
    await visit(page, '/login', 'login');
    await page.getByLabel('Phone number').fill('9530000009');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByPlaceholder('6-digit OTP').waitFor();
    await check(page, 'login, code step');
    await visit(page, '/register', 'register');
    await visit(page, '/about', 'about');
    await visit(page, '/companies', 'companies');
    await visit(page, '/no-such-screen', 'not found');
  });
});

describe('onboarding', () => {
  /** A new account at the role choice, then in one role's steps, all of them reachable. */
  async function newAccount(phone: string, role: 'Job Seeker' | 'Boss', steps: number) {
    const { context, page } = await newPage(h);
    closeLater.push(context);
    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding');
    await check(page, 'role choice');
    await page.getByRole('button', { name: new RegExp(role) }).click();
    await page.waitForURL(/\/onboarding\/(job-seeker|recruiter)\/1$/);
    await h.server.ctx.db.query(`UPDATE users SET onboarding_step = $1 WHERE phone_no = $2`, [
      steps,
      `+91${phone}`,
    ]);
    return page;
  }

  it('the role choice and every job seeker step', async () => {
    const page = await newAccount('9530000001', 'Job Seeker', 6);
    for (let step = 1; step <= 6; step++) {
      await visit(page, `/onboarding/job-seeker/${step}`, `seeker onboarding step ${step}`);
    }
  });

  it('every recruiter step', async () => {
    const page = await newAccount('9530000002', 'Boss', 4);
    for (let step = 1; step <= 4; step++) {
      await visit(page, `/onboarding/recruiter/${step}`, `recruiter onboarding step ${step}`);
    }
  });
});

describe('the job seeker', () => {
  it('feed, job detail with the report dialog, chats, a chat, profile screens', async () => {
    const s = seeker.page;
    await visit(s, '/jobseeker-dashboard', 'seeker feed');
    const feed = await getJson<{ jobs: { id: string }[] }>(s, '/api/jobs/feed');
    const job = feed.jobs[0]!;
    await visit(s, `/job-detail/${job.id}`, 'job detail');
    await s.getByRole('button', { name: en.moderation.moreActions, exact: true }).click();
    const report = s.getByRole('menuitem', { name: en.moderation.reportJob, exact: true });
    await report.waitFor();
    await softly(() => expectAccessible(s, 'the job menu'));
    await softly(() => expectTouchTargets(s, 'the job menu'));
    await report.click();
    await checkDialog(s, en.moderation.reportJobTitle);

    await visit(s, '/job-chats', 'seeker chat list');
    await visit(s, `/jobseeker-chat/${recruiter.id}`, 'chat as seeker');
    // The message list is reachable by keyboard and named.
    const log = s.getByRole('log', { name: en.chat.conversation });
    expect(await log.getAttribute('tabindex')).toBe('0');
    await visit(s, '/candidate-profile', 'candidate profile');
    await visit(s, '/update_job_preferences', 'job preferences');
    await visit(s, '/profile', 'seeker profile');
    await s.getByRole('button', { name: 'Edit Profile' }).click();
    await checkDialog(s, 'Edit Profile');
    await visit(s, '/candidate-profile', 'candidate profile');
    await s.getByRole('button', { name: 'Delete my account' }).click();
    await checkDialog(s, 'Delete your account?');
  });
});

describe('the recruiter', () => {
  it('home, candidate details, messages, a chat, a profile, post job, profile tab, own job, settings', async () => {
    const r = recruiter.page;
    await visit(r, '/recruiter-dashboard/Home', 'recruiter home');
    const { candidates } = await getJson<{ candidates: { userId: string }[] }>(
      r,
      '/api/recruiter/candidates?limit=5&offset=0',
    );
    await visit(r, `/candidate_details/${candidates[0]!.userId}`, 'candidate details');
    await visit(r, '/recruiter-dashboard/Messages', 'recruiter messages');
    await visit(r, `/recruiter-messages/chat/${seeker.id}`, 'chat as recruiter');
    await visit(r, `/candidate/${seeker.id}`, "a candidate's full profile");
    await visit(r, '/post-job', 'post job');
    await visit(r, '/recruiter-dashboard/Profile', 'recruiter profile tab');
    const { jobs } = await getJson<{ jobs: { id: string }[] }>(r, '/api/recruiter/jobs');
    await visit(r, `/job-detail/${jobs[0]!.id}`, 'own job, as its recruiter');
    await visit(r, '/recruiter-settings', 'recruiter settings');
  });
});

describe('the moderator', () => {
  it('the admin queue', async () => {
    const phone = '9530000003';
    const { context, page } = await newPage(h);
    closeLater.push(context);
    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding');
    await h.server.ctx.db.query(
      `UPDATE users SET user_role = 'admin', is_onboarded = true WHERE phone_no = $1`,
      [`+91${phone}`],
    );
    await visit(page, '/admin', 'admin');
  });
});

describe('focus after navigation', () => {
  it("moves to the new screen's h1, not on the first load", async () => {
    const s = seeker.page;
    await s.goto('/jobseeker-dashboard');
    await h1(s).waitFor();
    // First load: focus is left where the browser puts it.
    expect(await s.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    // The bottom navigation to the chats.
    await s.getByRole('link', { name: en.nav.messages }).click();
    await s.waitForURL('**/job-chats');
    await expectFocusOnHeading(s, 'chat list after the bottom navigation');
    // A conversation row to its chat.
    await s.getByRole('link').filter({ hasText: 'Priya' }).first().click();
    await s.waitForURL('**/jobseeker-chat/**');
    await expectFocusOnHeading(s, 'chat after the chat list');
    expect(await s.evaluate(() => document.activeElement?.textContent)).toContain('Priya');
  });
});

describe('validation errors under the field and in the toast', () => {
  it('post job with the minimum salary over the maximum', async () => {
    const r = recruiter.page;
    await r.goto('/post-job');
    await r.getByLabel(en.jobs.title, { exact: true }).fill('Store Manager');
    await r.getByLabel(en.jobs.type).selectOption({ index: 1 });
    await r.getByLabel(en.jobs.level).selectOption({ index: 1 });
    await r.getByLabel(en.jobs.category).selectOption({ index: 1 });
    await r.getByLabel(en.jobs.minSalary).fill('12');
    await r.getByLabel(en.jobs.maxSalary).fill('5');
    await r.getByLabel(en.jobs.description).fill('Run our store in Indiranagar.');
    await r.getByRole('button', { name: en.jobs.post }).click();

    const field = r.getByLabel(en.jobs.minSalary);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).not.toBe('');
    const under = r.locator(`[id="${describedBy.split(' ')[0]}"]`);
    expect(await under.textContent()).toBe(en.jobs.salaryOrder);
    // And the toast says it too (sonner's list of toasts).
    await r
      .locator('[data-sonner-toast]')
      .filter({ hasText: en.jobs.salaryOrder })
      .waitFor({ timeout: 5000 });
    await expectAccessible(r, 'post job with an error');
  });
});
