import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { getJson, type DemoPair, type Harness, startHarnessWithDemoPair } from './harness.ts';

// Decision 022 ("Focus on a switch between view and edit"): a screen that turns into its edit form
// in place moves focus to the form's heading; back in view (saved or cancelled), to the Edit
// button. Without it the pressed button (Edit, Cancel, Save) is gone and focus falls to <body>,
// so a keyboard or screen-reader user starts again from the top of the page. Keyboard only here.

let h: Harness;
let pair: DemoPair;
beforeAll(async () => {
  ({ h, pair } = await startHarnessWithDemoPair());
});
afterAll(async () => {
  await h?.close();
});

/** What has focus: its tag, its text (a heading's or a button's) and whether it is in a form. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase(),
      text: el?.textContent?.trim(),
      inForm: Boolean(el?.closest('form')),
    };
  });

/** Presses a button with the keyboard, as its users do. */
async function press(button: Locator) {
  await button.focus();
  await button.press('Enter');
}

describe('focus when a screen switches between view and edit', () => {
  it("the seeker's profile: to the form's heading, then back to Edit (Cancel and Save)", async () => {
    const { page } = pair.seeker;
    await page.goto('/candidate-profile');
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.waitFor();

    await press(edit);
    await expect
      .poll(() => focused(page))
      .toEqual({ tag: 'h2', text: 'Personal details', inForm: true });

    await press(page.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });

    await press(edit);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h2', inForm: true });
    await page.getByLabel('Full name').fill('Rahul Verma');
    await press(page.getByRole('button', { name: 'Save', exact: true }));
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });
  });

  it("the recruiter's job: to the job's title over the form, then back to Edit", async () => {
    const { page } = pair.recruiter;
    const { job } = await getJson<{ job: { title: string } }>(page, `/api/jobs/${pair.room.jobId}`);
    await page.goto(`/job-detail/${pair.room.jobId}`);
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.waitFor();

    await press(edit);
    await expect.poll(() => focused(page)).toEqual({ tag: 'h1', text: job.title, inForm: false });
    await page.getByRole('button', { name: 'Cancel' }).waitFor();

    await press(page.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });

    await press(edit);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: job.title });
    await press(page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Job details updated successfully').waitFor();
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });
  });

  it("Profile Settings: to the form's first heading, then back to Edit from the form's buttons", async () => {
    const { page } = pair.recruiter;
    await page.goto('/recruiter-settings');
    const header = page.locator('header');
    const edit = header.getByRole('button', { name: 'Edit', exact: true });
    await edit.waitFor();

    await press(edit);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h2', inForm: true });

    // Cancel and Save Changes at the form's end go away with the form.
    await press(page.getByRole('button', { name: 'Cancel' }));
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });

    await press(edit);
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h2', inForm: true });
    await press(page.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => focused(page)).toEqual({ tag: 'button', text: 'Edit', inForm: false });
  });
});
