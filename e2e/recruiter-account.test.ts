// A recruiter's data (DPDP Act applies to them too; decision 028, "A privacy audit"): Profile
// Settings has the same "Your data" card as the seeker's profile. A fresh Boss downloads a JSON
// copy of their data and deletes the account; the app lands on the start screen signed out, the
// device keeps nothing of them, and the same phone then starts a new account at the role choice.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginThroughUi, newPage, startHarness, type Harness } from './harness.ts';
import { onboardRecruiterThroughApi, startAsBoss } from './recruiter-onboarding.ts';
import { makePng } from './uploads.ts';

let h: Harness;
let png: Buffer;
beforeAll(async () => {
  h = await startHarness();
  png = await makePng();
});
afterAll(async () => {
  await h?.close();
});

/** The texts the outbox keeps in this browser's IndexedDB (the app's store, created if missing). */
const outboxStore = (page: Page, put?: Record<string, unknown>) =>
  page.evaluate(
    (value) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('nearhire-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('messages');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('messages', 'readwrite').objectStore('messages');
          if (value) store.put(value, value.clientId as string);
          const all = store.getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as { text: string }[]).map((r) => r.text));
          };
          all.onerror = () => reject(all.error);
        };
      }),
    put,
  );

const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

describe("a recruiter's data", () => {
  it('a new recruiter downloads their data and deletes the account from Profile Settings', async () => {
    const { page, context, errors } = await newPage(h);
    const phone = '9640000001';
    await startAsBoss(h, page, phone);
    // Onboarding through the API (e2e/recruiter.test.ts goes through its screens).
    await onboardRecruiterThroughApi(page, {
      logo: png,
      profile: { fullName: 'Devika Menon', companyName: 'Periyar Foods', designation: 'Founder' },
      headquartersAddress: '3 Marine Drive, Kochi',
      firstJob: {
        title: 'Store Supervisor',
        type: 'full_time',
        description: 'Run our Kochi store.',
      },
    });
    const { user } = (await (await page.request.get('/api/me')).json()) as {
      user: { id: string };
    };

    await page.goto('/recruiter-settings');
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Your data' }) });
    await card.waitFor();

    // The export: a JSON file with their account and profile.
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('nearhire-my-data.json');
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      user: { id: string };
      recruiterProfile: Record<string, unknown> | null;
      jobs: unknown[];
    };
    expect(data.user.id).toBe(user.id);
    expect(JSON.stringify(data.recruiterProfile)).toContain('Devika Menon');
    expect(JSON.stringify(data.recruiterProfile)).toContain('Periyar Foods');
    expect(data.jobs.length).toBe(1);

    // A message of theirs waits in this browser's outbox: deleting the account forgets it.
    await outboxStore(page, {
      clientId: 'c-unsent',
      userId: user.id,
      roomId: 'r1',
      text: 'UNSENT BY DEVIKA',
      state: 'waiting',
      createdAt: new Date().toISOString(),
      seq: 1,
    });

    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // A recruiter is told about jobs and company details, not a resume they do not have.
    await dialog.getByText(/company details and logo, your job posts/).waitFor();
    expect(await dialog.getByText(/resume/).count()).toBe(0);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await page.request.get('/api/me')).status()).toBe(401);
    expect(await page.evaluate(() => localStorage.getItem('nearhire.me'))).toBeNull();
    await expect.poll(() => outboxStore(page)).toEqual([]);

    // The same phone starts a new account, at the role choice.
    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: /Boss/ }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);
});
