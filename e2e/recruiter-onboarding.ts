import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loginThroughUi, type Harness } from './harness.ts';

/** Logs a new phone in and picks Boss: the page is at recruiter onboarding step 1. */
export async function startAsBoss(h: Harness, page: Page, phone: string): Promise<void> {
  await loginThroughUi(h, page, phone);
  await page.waitForURL('**/onboarding');
  await page.getByRole('button', { name: /Boss/ }).click();
  await page.waitForURL('**/onboarding/recruiter/1');
}

/** API call from the page's session (cookies shared with the browser context); fails loudly. */
async function call(page: Page, method: 'PUT' | 'POST', path: string, data?: unknown) {
  const res = await page.request.fetch(path, { method, data });
  if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * The rest of recruiter onboarding through the API, for journeys about what comes after it
 * (e2e/recruiter.test.ts goes through its screens): profile, company with `logo` uploaded, skip
 * verification, and a first job without a city (which completes onboarding).
 */
export async function onboardRecruiterThroughApi(
  page: Page,
  o: {
    logo: Buffer;
    profile: { fullName: string; companyName: string; designation: string; gender?: string };
    headquartersAddress: string;
    firstJob: { title: string; type: string; description: string };
  },
): Promise<void> {
  const upload = await page.request.post('/api/uploads/image?purpose=logo', {
    multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: o.logo } },
  });
  expect(upload.status()).toBe(201);
  const { key } = (await upload.json()) as { key: string };
  await call(page, 'PUT', '/api/onboarding/recruiter/1', o.profile);
  await call(page, 'PUT', '/api/onboarding/recruiter/2', {
    companyName: o.profile.companyName,
    companyLogo: key,
    employeeSize: '11_50',
    financingStatus: 'seed',
    annualRevenue: 'under_1cr',
    headquartersAddress: o.headquartersAddress,
  });
  await call(page, 'POST', '/api/onboarding/recruiter/skip-verification');
  await call(page, 'POST', '/api/jobs', {
    ...o.firstJob,
    cityId: null,
    level: 'entry',
    jobCategory: 'operations_admin',
  });
}
