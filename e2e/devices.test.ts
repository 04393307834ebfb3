// Settings, "Signed-in devices" (decision 028, session 21; docs/security.md): a seeker signed in
// on two devices sees both on their profile (/candidate-profile) and signs out of the other one; that device is out at
// its next request, and its open app leaves for the start screen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, signIn, startHarness, type Harness, type Person } from './harness.ts';

let h: Harness;
let phone: Person;
let laptop: Person;
beforeAll(async () => {
  h = await startHarness();
  // The demo seeker, on a phone and on a laptop.
  phone = await signIn(h, '9000000002', '**/jobseeker-dashboard');
  // The phone's code asked for half a minute ago: the next one may be sent (the resend cooldown).
  await h.server.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
    ['+919000000002'],
  );
  laptop = await signIn(h, '9000000002', '**/jobseeker-dashboard');
});
afterAll(async () => {
  await phone?.context.close();
  await laptop?.context.close();
  await h?.close();
});

describe('signed-in devices', () => {
  it('lists both devices and signs out of the other one, whose open app is signed out at once', async () => {
    const { page } = phone;
    await page.goto('/candidate-profile');
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Signed-in devices' }) });
    await card.getByText('This device').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(2);
    await expectAccessible(page, 'profile with signed-in devices');

    await card.getByRole('button', { name: 'Sign out of other devices' }).click();
    await page.getByText('Signed out of 1 other device').waitFor();
    await card.getByText('You are signed in on this device only.').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(1);

    // The laptop's open app (its feed) is signed out at once, its socket closed: it leaves for the
    // start screen without being touched, and its session answers 401.
    await laptop.page.waitForURL((url) => url.pathname === '/');
    expect((await laptop.page.request.get('/api/me')).status()).toBe(401);
    await laptop.page.goto('/candidate-profile');
    await laptop.page.waitForURL((url) => url.pathname === '/');
    // This device stays signed in.
    expect((await page.request.get('/api/me')).status()).toBe(200);
  });
});
