// A recruiter's data (DPDP Act applies to them too; decision 028, "A privacy audit"): Profile
// Settings has the same "Your data" card as the seeker's profile. A fresh Boss downloads a JSON
// copy of their data and deletes the account; the app lands on the start screen signed out, the
// device keeps nothing of them, and the same phone then starts a new account at the role choice.
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginThroughUi, newPage, startHarness, type Harness } from './harness.ts';

let h: Harness;
let png: Buffer;
beforeAll(async () => {
  h = await startHarness();
  png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 15, g: 118, b: 110 } },
  })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await h?.close();
});

/** API call from the page's session (cookies shared with the browser context); fails loudly. */
async function call(page: Page, method: 'PUT' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

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
    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: /Boss/ }).click();
    await page.waitForURL('**/onboarding/recruiter/1');
    // Onboarding through the API (e2e/recruiter.test.ts goes through its screens).
    const upload = await page.request.post('/api/uploads/image?purpose=logo', {
      multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(201);
    const { key } = (await upload.json()) as { key: string };
    await call(page, 'PUT', '/api/onboarding/recruiter/1', {
      fullName: 'Devika Menon',
      companyName: 'Periyar Foods',
      designation: 'Founder',
    });
    await call(page, 'PUT', '/api/onboarding/recruiter/2', {
      companyName: 'Periyar Foods',
      companyLogo: key,
      employeeSize: '11_50',
      financingStatus: 'seed',
      annualRevenue: 'under_1cr',
      headquartersAddress: '3 Marine Drive, Kochi',
    });
    await call(page, 'POST', '/api/onboarding/recruiter/skip-verification');
    await call(page, 'POST', '/api/jobs', {
      title: 'Store Supervisor',
      cityId: null,
      type: 'full_time',
      level: 'entry',
      jobCategory: 'operations_admin',
      description: 'Run our Kochi store.',
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
