import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { codeFromOutbox, loginThroughUi, newPage, startHarness, type Harness } from './harness.ts';

/** A refusal shows in the toast and under its field, which names it as its description. */
async function shownTwice(page: Page, field: Locator, message: string): Promise<void> {
  await page.locator('[data-sonner-toast]').filter({ hasText: message }).waitFor();
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(message);
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('login and role choice', () => {
  it('a new user logs in with a code from the outbox, picks Job Seeker and lands on their onboarding', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9811100001');
    await page.waitForURL('**/onboarding');
    // waitFor, not isVisible: the URL changes before the screen has rendered.
    await page.getByText('You can change your user type later in settings').waitFor();
    await page.getByText('Looking for jobs nearby').waitFor();
    await page.getByRole('button', { name: /Job Seeker/ }).click();
    await page.getByText('Profile updated as Job Seeker').waitFor();
    await page.waitForURL('**/onboarding/job-seeker/1');
    await context.close();
  });

  it('a new user who picks Boss lands on recruiter onboarding step 1', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9811100002', '/register');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: /Boss/ }).click();
    await page.getByText('Profile updated as Boss').waitFor();
    await page.waitForURL('**/onboarding/recruiter/1');
    await context.close();
  });

  it("a bad phone and a bad code show the spec's messages; Change Number goes back", async () => {
    const { page, context } = await newPage(h);
    await page.goto('/login');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await shownTwice(
      page,
      page.getByLabel('Phone number'),
      'Please enter a valid 10-digit phone number',
    );

    await page.getByLabel('Phone number').fill('98111 00003');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const codeInput = page.getByPlaceholder('6-digit OTP');
    await codeInput.waitFor();
    // The input keeps at most six digits.
    await codeInput.fill('12345678');
    expect(await codeInput.inputValue()).toBe('123456');
    await codeInput.fill('123');
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await shownTwice(page, codeInput, 'Please enter a valid 6-digit OTP');

    const right = await codeFromOutbox(h, '9811100003');
    const wrong = right === '000000' ? '111111' : '000000';
    await codeInput.fill(wrong);
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await shownTwice(page, codeInput, 'Invalid OTP. Please try again.');

    await page.getByRole('button', { name: 'Change Number' }).click();
    await page.getByLabel('Phone number').waitFor();
    await context.close();
  });

  it('a code pasted as an SMS shows it ("123 456") keeps all six digits and logs in', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/login');
    await page.getByLabel('Phone number').fill('9811100006');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    const codeInput = page.getByPlaceholder('6-digit OTP');
    await codeInput.waitFor();
    const code = await codeFromOutbox(h, '9811100006');
    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await codeInput.inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.getByText('Login successful!').waitFor();
    await context.close();
  });

  it('asking again within 30 s (after a reload) opens the code entry for the code already sent', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/login');
    await page.getByLabel('Phone number').fill('9811100016');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByPlaceholder('6-digit OTP').waitFor();
    await page.reload();
    await page.getByLabel('Phone number').fill('9811100016');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /Please wait \d+ seconds before requesting another OTP/ })
      .waitFor();
    const codeInput = page.getByPlaceholder('6-digit OTP');
    await codeInput.waitFor();
    await codeInput.fill(await codeFromOutbox(h, '9811100016'));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.getByText('Login successful!').waitFor();
    await context.close();
  });

  it('a new user can sign out from the role choice and from an onboarding step', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9811100007');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByText('Signed out successfully').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/me')).status()).toBe(401);

    await loginThroughUi(h, page, '9811100008');
    await page.getByRole('button', { name: /Job Seeker/ }).click();
    await page.waitForURL('**/onboarding/job-seeker/1');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await context.close();
  });

  it('someone who picked the wrong role changes it on the first onboarding step', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9811100009');
    await page.getByRole('button', { name: /Job Seeker/ }).click();
    await page.waitForURL('**/onboarding/job-seeker/1');
    await page.getByRole('button', { name: 'Change user type to Boss' }).click();
    await page.getByText('Profile updated as Boss').waitFor();
    await page.waitForURL('**/onboarding/recruiter/1');
    const { user } = (await (await page.request.get('/api/me')).json()) as {
      user: { role: string };
    };
    expect(user.role).toBe('recruiter');
    await page.getByRole('button', { name: 'Change user type to Job Seeker' }).click();
    await page.waitForURL('**/onboarding/job-seeker/1');
    await context.close();
  });

  it('the demo recruiter logs in and is taken to the recruiter dashboard; a seeker-only path sends them Home', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9000000001');
    await page.waitForURL('**/recruiter-dashboard/Home');
    await page.goto('/candidate-profile');
    await page.waitForURL('**/recruiter-dashboard/Home');
    await page.goto('/update_job_preferences');
    await page.waitForURL('**/recruiter-dashboard/Home');
    // Bottom navigation targets are the recruiter's.
    await page
      .getByRole('navigation', { name: 'Bottom navigation' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await page.waitForURL('**/recruiter-dashboard/Messages');
    await page.goto('/create-job');
    await page.getByRole('heading', { name: 'Create New Job Listing' }).waitFor();
    await context.close();
  });

  it('a signed-out visitor opening a guarded page is sent to / and comes back there after login', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/job-chats');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByLabel('Phone number').fill('9000000002');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    // The code step shows once the server has sent the code.
    await page.getByPlaceholder('6-digit OTP').waitFor();
    await page.getByPlaceholder('6-digit OTP').fill(await codeFromOutbox(h, '9000000002'));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    await page.waitForURL('**/job-chats');
    // A seeker opening a recruiter path goes to the seeker dashboard.
    await page.goto('/recruiter-dashboard/Home');
    await page.waitForURL('**/jobseeker-dashboard');
    // /create-job is a post-job screen (spec section 6: recruiter-only), not a form to refuse.
    await page.goto('/create-job');
    await page.waitForURL('**/jobseeker-dashboard');
    await context.close();
  });

  it('every screen that needs a login sends a signed-out visitor to / with the page to come back to', async () => {
    const { page, context } = await newPage(h);
    const id = '8c1e7f0a-0000-4000-8000-000000000000';
    for (const path of [
      '/onboarding',
      '/onboarding/recruiter/1',
      '/onboarding/job-seeker/2',
      '/jobseeker-dashboard',
      `/job-detail/${id}`,
      '/job-chats',
      `/jobseeker-chat/${id}`,
      '/candidate-profile',
      `/candidate/${id}`,
      '/update_job_preferences',
      '/profile',
      '/messages',
      '/recruiter-dashboard',
      '/recruiter-dashboard/Home',
      '/recruiter-dashboard/Messages',
      '/recruiter-dashboard/Profile',
      '/recruiter-settings',
      '/recruiter-settings/verify',
      `/recruiter-messages/chat/${id}`,
      '/post-job',
      '/create-job',
      `/candidate_details/${id}?job=${id}`,
      '/admin',
    ]) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/');
      // The start screen holds the page (React Router keeps it in history.state.usr).
      const from = await page.evaluate(
        () => (window.history.state as { usr?: { from?: string } } | null)?.usr?.from,
      );
      expect(from, path).toBe(path);
    }
    await context.close();
  });

  it('sign out from the header ends the session', async () => {
    const { page, context } = await newPage(h);
    await loginThroughUi(h, page, '9811100004');
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: /Job Seeker/ }).click();
    await page.waitForURL('**/onboarding/job-seeker/1');
    await page.goto('/about');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Signed out successfully').waitFor();
    await page.goto('/jobseeker-dashboard');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('landing and not found', () => {
  it('shows the landing texts and links Get started now to /login', async () => {
    const { page, context } = await newPage(h);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Get Direct Jobs & Talents Nearby' }).waitFor();
    expect(await page.getByText('Direct hiring nearby').first().isVisible()).toBe(true);
    expect(await page.getByText('Chat with employers in your area').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Get started now' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('shows the hero fallback text when the image fails to load', async () => {
    const { page, context } = await newPage(h);
    await page.route('**/hero.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await page.getByText('Image not available').waitFor();
    await context.close();
  });

  it('an unknown path shows the 404 page and logs the path', async () => {
    const { page, context, errors } = await newPage(h);
    await page.goto('/no/such/page');
    await page.getByText('Oops! Page not found').waitFor();
    expect(await page.getByRole('heading', { name: '404' }).isVisible()).toBe(true);
    expect(errors.some((e) => e.includes('/no/such/page'))).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
