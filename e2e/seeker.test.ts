import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  holdRequests,
  loginCooldownPassed,
  loginThroughUi,
  newPage,
  startHarness,
  type Harness,
} from './harness.ts';
import { makePng, pdf } from './uploads.ts';

// Phones 97200000xx belong to this file only.
let h: Harness;
let png: Buffer;

beforeAll(async () => {
  h = await startHarness();
  png = await makePng();
});
afterAll(async () => {
  await h?.close();
});

const path = (page: Page) => new URL(page.url()).pathname;
// Answers like 404 before step 1 is saved are expected; anything else logged is a bug.
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource'));

/** Logs a new user in and picks Job Seeker: they land on onboarding step 1. */
async function newSeeker(page: Page, phone: string) {
  await loginThroughUi(h, page, phone);
  await page.waitForURL('**/onboarding');
  await page.getByRole('button', { name: /Job Seeker/ }).click();
  await page.waitForURL('**/onboarding/job-seeker/1');
}

async function basicStep(
  page: Page,
  v: { name: string; education: string; experience: string; email: string },
) {
  await page.locator('input[type=file]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await page.getByRole('img', { name: 'Profile photo' }).waitFor();
  await page.getByLabel('Full name').fill(v.name);
  await page.getByLabel('Education level').selectOption({ label: v.education });
  await page.getByLabel('Email').fill(v.email);
  await page.getByLabel('Work experience').selectOption({ label: v.experience });
  await page.getByLabel('Notice period').selectOption({ label: '1 Month' });
  await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
}

async function preferencesStep(page: Page) {
  // Job type is pre-set to Full-time.
  expect(await page.getByLabel('Job type').inputValue()).toBe('full_time');
  await page.getByLabel('Industry').selectOption({ label: 'Technology' });
  await page.getByLabel('Expected salary').selectOption({ label: '6-10 LPA' });
  await page.getByLabel('Experience').selectOption({ label: '1-3 Years' });
  await page.getByLabel('Preferred location').fill('Bengal');
  await page.getByRole('option', { name: 'Bengaluru, Karnataka' }).click();
  await page.getByLabel('Job category').selectOption({ label: 'Software Development' });
  await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
}

/** Onboards a seeker through the API (for the profile tests), as the browser's session. */
async function onboardViaApi(page: Page, phone: string, name: string): Promise<string> {
  await newSeeker(page, phone);
  const r = page.request;
  const image = await r.post('/api/uploads/image?purpose=avatar', {
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: png } },
  });
  expect(image.status()).toBe(201);
  const { key } = (await image.json()) as { key: string };
  const cities = (await (await r.get('/api/cities?q=Pune&limit=1')).json()) as {
    cities: { id: number }[];
  };
  const steps: [number, Record<string, unknown>][] = [
    [
      1,
      {
        profileImage: key,
        fullName: name,
        educationLevel: 'bachelors',
        email: `${phone}@example.in`,
        workExperience: '3_5',
        noticePeriod: '15_days',
      },
    ],
    [
      2,
      {
        jobTitle: 'Accountant',
        companyName: 'Tata Steel',
        industry: 'finance',
        startYear: 2019,
        endYear: 2024,
        isCurrent: false,
      },
    ],
    [
      3,
      {
        collegeName: 'Fergusson College',
        degree: 'bcom',
        fieldOfStudy: 'Accounting',
        collegeStartYear: 2015,
        collegeEndYear: 2018,
        cgpa: '7.9',
      },
    ],
    [
      5,
      {
        jobType: 'full_time',
        industry: 'finance',
        salaryRange: '3_6',
        experienceRange: '3_5',
        cityId: cities.cities[0]!.id,
        jobCategory: 'finance_accounting',
      },
    ],
    [6, { introduction: 'Chartered accountant in training.', languages: ['Marathi'] }],
  ];
  for (const [step, body] of steps) {
    const res = await r.put(`/api/onboarding/seeker/${step}`, { data: body });
    expect(res.status(), `step ${step}: ${await res.text()}`).toBe(200);
  }
  const me = (await (await r.get('/api/me')).json()) as { user: { id: string } };
  return me.user.id;
}

describe('job seeker onboarding', () => {
  it("a non-Fresher with a Bachelor's goes 1 → 2 → 3 → 5 → 6, resumes where they left, and lands on the job feed", async () => {
    const { page, context, errors } = await newPage(h);
    const phone = '9720000001';
    await newSeeker(page, phone);
    await page.getByRole('heading', { name: 'Basic details' }).waitFor();

    await basicStep(page, {
      name: 'Anita Desai',
      education: "Bachelor's",
      experience: '1-3 Years',
      email: 'anita.desai@example.in',
    });
    await page.waitForURL('**/onboarding/job-seeker/2');
    await page.getByRole('heading', { name: 'Work experience' }).waitFor();

    // Work experience: Other industry needs the industry in words; a current job has no end year.
    await page.getByLabel('Job title').fill('Sales Executive');
    await page.getByLabel('Company name').fill('Reliance Retail');
    await page.getByLabel('Industry').selectOption({ label: 'Other' });
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    // The toast names the field, away from it at the top of the screen.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Please choose the start year' })
      .waitFor();
    // The industry in words is asked for in the same round, not after the rest is filled in.
    expect(await page.getByLabel('Your industry').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Start year').selectOption('2020');
    await page.getByLabel('I currently work here').check();
    expect(await page.getByLabel('End year').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    await page.getByText('Please enter your industry').first().waitFor();
    await page.getByLabel('Your industry').fill('Logistics');
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    await page.waitForURL('**/onboarding/job-seeker/3');

    // A reload of a middle step stays there; Back shows the saved values.
    await page.reload();
    await page.getByRole('heading', { name: 'College education' }).waitFor();
    expect(path(page)).toBe('/onboarding/job-seeker/3');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/onboarding/job-seeker/2');
    expect(await page.getByLabel('Job title').inputValue()).toBe('Sales Executive');
    expect(await page.getByLabel('Your industry').inputValue()).toBe('Logistics');
    expect(await page.getByLabel('I currently work here').isChecked()).toBe(true);

    // Sign out and in again: back at the step they reached.
    await page.goto('/about');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('Signed out successfully').waitFor();
    // A new code for the same phone needs the 30-second resend cooldown to have passed: the first
    // code is made older (the cooldown itself is e2e/login.test.ts's, and the server suite's).
    await loginCooldownPassed(h, phone);
    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding/job-seeker/3');

    await page.getByLabel('College name').fill('St. Xavier’s College');
    await page.getByLabel('Degree').selectOption({ label: 'BCom' });
    await page.getByLabel('Field of study').fill('Commerce');
    await page.getByLabel('Start year').selectOption('2016');
    await page.getByLabel('End year').selectOption('2015');
    await page.getByLabel('CGPA / percentage').fill('8.2');
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    await page.getByText('End year cannot be before start year').first().waitFor();
    await page.getByLabel('End year').selectOption('2019');
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    // A non-Fresher skips school.
    await page.waitForURL('**/onboarding/job-seeker/5');
    await page.getByRole('heading', { name: 'Job preferences' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/onboarding/job-seeker/3',
    );
    await preferencesStep(page);
    await page.waitForURL('**/onboarding/job-seeker/6');

    await page.getByRole('heading', { name: 'Introduce yourself to your next BOSS' }).waitFor();
    // An empty introduction is refused with the spec's message.
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.getByText('Please introduce yourself').first().waitFor();
    const intro = page.getByLabel('Your introduction');
    expect(await intro.getAttribute('maxlength')).toBe('500');
    await intro.fill('Five years of retail sales across Mumbai.');
    await page.getByText('41/500').waitFor();
    const languages = page.getByLabel('Languages you speak');
    await languages.fill('Hindi');
    await languages.press('Enter');
    await languages.fill(' hindi ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await languages.fill('Marathi');
    await languages.press('Enter');
    await languages.fill('Tamil');
    await languages.press('Enter');
    await page.getByRole('button', { name: 'Remove Tamil' }).click();
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(2);
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.waitForURL('**/jobseeker-dashboard');

    // The profile shows what onboarding saved.
    await page.goto('/candidate-profile');
    await page.getByRole('heading', { name: 'Anita Desai' }).waitFor();
    expect(await page.getByText('Sales Executive at Reliance Retail').first().isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Five years of retail sales across Mumbai.').isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Marathi').isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 120_000);

  it('a Fresher with High School goes 1 → 4 → 5 → 6', async () => {
    const { page, context, errors } = await newPage(h);
    await newSeeker(page, '9720000002');
    // Nothing filled: the photo is required first.
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    await page.getByText('Please upload your photo').first().waitFor();

    await basicStep(page, {
      name: 'Ravi Kumar',
      education: 'High School',
      experience: 'Fresher',
      email: 'ravi.kumar@example.in',
    });
    await page.waitForURL('**/onboarding/job-seeker/4');
    await page.getByRole('heading', { name: 'School education' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/onboarding/job-seeker/1',
    );
    await page.getByLabel('School name').fill('Kendriya Vidyalaya');
    const marks = page.getByLabel('Marks (%)');
    expect(await marks.getAttribute('step')).toBe('0.1');
    await marks.fill('87.5');
    await page.getByLabel('Start year').selectOption('2012');
    await page.getByLabel('End year').selectOption('2024');
    await page.getByRole('button', { name: 'SAVE & NEXT' }).click();
    await page.waitForURL('**/onboarding/job-seeker/5');
    // The URL changes before the next step renders: wait for its form, then read its Back link.
    await page.getByRole('heading', { name: 'Job preferences' }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Back' }).getAttribute('href'))
      .toBe('/onboarding/job-seeker/4');
    await preferencesStep(page);
    await page.waitForURL('**/onboarding/job-seeker/6');
    await page.getByLabel('Your introduction').fill('Fresh out of school and keen to learn.');
    await page.getByRole('button', { name: 'Save & Continue' }).click();
    await page.waitForURL('**/jobseeker-dashboard');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('seeker profile', () => {
  it('uploads a resume and edits the name inline; both are there after a reload', async () => {
    const { page, context, errors } = await newPage(h);
    await onboardViaApi(page, '9720000003', 'Meera Iyer');
    await page.goto('/candidate-profile');
    await page.getByRole('heading', { name: 'Meera Iyer' }).waitFor();
    expect(await page.getByText('No resume uploaded yet').isVisible()).toBe(true);

    // 'Uploading resume...' while the file is on its way, then 'Resume uploaded' (spec: Profile).
    const uploaded = await holdRequests(page, 'POST', (url) => url.pathname === '/api/me/resume');
    await page.locator('input[type=file][accept="application/pdf"]').setInputFiles({
      name: 'resume.pdf',
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByText('Uploading resume...').waitFor();
    await uploaded();
    await page.getByText('Resume uploaded', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'View resume' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'View resume' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    // The upload's toast goes first: where it overlaps the form's Save, the pointer resting on it
    // pauses it (sonner keeps a hovered toast), and a click there would land on the toast.
    await page.getByText('Resume uploaded', { exact: true }).waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Full name').fill('Meera S. Iyer');
    await page.getByLabel('Your introduction').fill('Accountant with five years of GST work.');
    await page.getByText('39/500').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await page.getByRole('heading', { name: 'Meera S. Iyer' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Meera S. Iyer' }).waitFor();
    expect(await page.getByText('Accountant with five years of GST work.').isVisible()).toBe(true);
    expect(await page.getByText(/^Uploaded on /).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  it('a recruiter opens the candidate read-only and downloads the resume; the seeker sees who did', async () => {
    const { page, context, errors } = await newPage(h);
    const seekerId = await onboardViaApi(page, '9720000004', 'Kabir Singh');
    const upload = await page.request.post('/api/me/resume', {
      multipart: { file: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(upload.status()).toBe(200);

    // The seeker's own id on /candidate/:id is their editable profile.
    await page.goto(`/candidate/${seekerId}`);
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    // Someone else's id is 'Candidate not found' for a seeker.
    await page.goto('/candidate/00000000-0000-4000-8000-000000000000');
    await page.getByText('Candidate not found').waitFor();
    await page.getByRole('button', { name: 'Go Back' }).waitFor();

    const recruiter = await newPage(h);
    await loginThroughUi(h, recruiter.page, '9000000001');
    await recruiter.page.waitForURL('**/recruiter-dashboard/Home');
    await recruiter.page.goto(`/candidate/${seekerId}`);
    await recruiter.page.getByRole('heading', { name: 'Kabir Singh' }).waitFor();
    expect(await recruiter.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    const download = recruiter.page.waitForEvent('download');
    await recruiter.page.getByRole('button', { name: 'View resume' }).click();
    await download;
    await recruiter.context.close();

    // The seeker sees who viewed the profile and who downloaded the resume.
    await page.goto('/candidate-profile');
    for (const title of ['Who downloaded your resume', 'Who viewed your profile']) {
      const card = page.locator('section', { has: page.getByRole('heading', { name: title }) });
      await card.getByText('Priya Sharma at Zenith Softworks').first().waitFor();
      await card.getByText('Verified · zenithsoftworks.in').first().waitFor();
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  it('job preferences are pre-filled, saved with a toast, and the seeker goes back to the profile', async () => {
    const { page, context, errors } = await newPage(h);
    await onboardViaApi(page, '9720000005', 'Sunita Rao');
    await page.goto('/candidate-profile');
    await page.getByRole('link', { name: 'Job preferences' }).click();
    await page.waitForURL('**/update_job_preferences');
    await page.getByRole('heading', { name: 'Job Preferences' }).waitFor();
    expect(await page.getByText("Tell us what you're looking for").isVisible()).toBe(true);
    expect(await page.getByLabel('Industry').inputValue()).toBe('finance');
    expect(await page.getByLabel('Preferred location').inputValue()).toMatch(/^Pune/);

    // Every field is required.
    await page.getByLabel('Job category').selectOption('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please choose a job category').first().waitFor();

    await page.getByLabel('Job category').selectOption({ label: 'Finance & Accounting' });
    await page.getByLabel('Expected salary').selectOption({ label: '10+ LPA' });
    await page.getByLabel('Job type').selectOption({ label: 'Contract' });
    // 'Saving...' on the button while the save is on its way (spec: Job preferences).
    const saved = await holdRequests(
      page,
      'PUT',
      (url) => url.pathname === '/api/seeker/preferences',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    await saved();
    await page.getByText('Job Preferences saved successfully!').waitFor();
    await page.waitForURL('**/candidate-profile');

    await page.goto('/update_job_preferences');
    await page.getByRole('heading', { name: 'Job Preferences' }).waitFor();
    expect(await page.getByLabel('Expected salary').inputValue()).toBe('10_plus');
    expect(await page.getByLabel('Job type').inputValue()).toBe('contract');
    // A way back to the profile without saving (the screen is not one of the bottom tabs).
    await page.getByRole('link', { name: 'Back to profile' }).click();
    await page.waitForURL('**/candidate-profile');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  it('at ten languages the field says it is full and keeps what was typed', async () => {
    const { page, context, errors } = await newPage(h);
    await onboardViaApi(page, '9720000008', 'Neha Joshi');
    await page.goto('/candidate-profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const languages = page.getByLabel('Languages you speak');
    // Marathi is there from onboarding: nine more make ten.
    for (const l of [
      'Hindi',
      'English',
      'Tamil',
      'Telugu',
      'Kannada',
      'Bengali',
      'Gujarati',
      'Urdu',
      'Odia',
    ]) {
      await languages.fill(l);
      await languages.press('Enter');
    }
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(10);
    await page.getByText('You can add at most 10 languages').waitFor();
    await languages.fill('Punjabi');
    await languages.press('Enter');
    expect(await languages.inputValue()).toBe('Punjabi');
    expect(await page.getByRole('button', { name: /^Remove / }).count()).toBe(10);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  it('/profile edits bio and skills in the Edit Profile dialog', async () => {
    const { page, context, errors } = await newPage(h);
    await onboardViaApi(page, '9720000006', 'Arjun Nair');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.waitFor();
    await dialog.getByLabel('Bio').fill('Numbers person.');
    const skills = dialog.getByLabel('Skills');
    await skills.fill('  Tally  ');
    await skills.press('Enter');
    await skills.fill('tally');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await skills.fill('GST');
    await skills.press('Enter');
    expect(await dialog.getByRole('button', { name: /^Remove / }).count()).toBe(2);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Profile updated successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('Numbers person.').waitFor();
    expect(await page.getByText('Tally', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('GST', { exact: true }).isVisible()).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);

  it('deletes the account after typing DELETE; the same phone then starts fresh', async () => {
    const { page, context, errors } = await newPage(h);
    const phone = '9720000007';
    await onboardViaApi(page, phone, 'Farah Khan');
    await page.goto('/candidate-profile');
    await page.getByRole('heading', { name: 'Farah Khan' }).waitFor();

    const opener = page.getByRole('button', { name: 'Delete my account' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await dialog.getByText(/your profile, resume, photos/).waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // Focus is moved into the dialog, onto the confirmation box.
    expect(
      await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]'))),
    ).toBe(true);
    expect(
      await dialog
        .getByLabel('Type DELETE to confirm')
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await opener.click();
    await dialog.waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await dialog.getByRole('alert').getByText('Type DELETE to confirm').waitFor();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByText('Your account has been deleted').waitFor();
    await page.waitForURL((url) => url.pathname === '/');

    await loginThroughUi(h, page, phone);
    await page.waitForURL('**/onboarding');
    await page.getByRole('button', { name: /Job Seeker/ }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  }, 90_000);
});
