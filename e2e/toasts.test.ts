import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPage, type DemoPair, type Harness, startHarnessWithDemoPair } from './harness.ts';

// Decision 028, session 21: a toast never covers a control of the screen's frame, nor the submit
// button that raised it. Toasts sit at top-centre (the spec), below the screen's sticky header and
// the rows stacked under it (at the very top they covered Save on the profile's action row), and
// below a submit button in the screen's upper half. Checked by the boxes the browser lays out, on
// a small phone (360x640) and a desktop window.

type Box = { x: number; y: number; width: number; height: number };

const VIEWPORTS = [
  { width: 360, height: 640 },
  { width: 1280, height: 800 },
];

let h: Harness;
let pair: DemoPair;
beforeAll(async () => {
  ({ h, pair } = await startHarnessWithDemoPair());
});
afterAll(async () => {
  await h?.close();
});

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`not shown: ${String(locator)}`);
  return b;
}

/** The front toast saying `text`, once it has slid in and stopped moving. */
async function settledToast(page: Page, text: string | RegExp): Promise<Box> {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text });
  await toast.first().waitFor();
  // Its slide in (a CSS transition) has ended: two equal boxes alone can be read between the
  // frames of a busy page.
  await toast
    .first()
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  let last = await box(toast.first());
  await expect
    .poll(
      async () => {
        const now = await box(toast.first());
        const same = JSON.stringify(now) === JSON.stringify(last);
        last = now;
        return same;
      },
      { timeout: 3000, interval: 100 },
    )
    .toBe(true);
  return last;
}

/** The toast is on screen and covers none of `controls`. */
async function expectClear(page: Page, toast: Box, controls: Record<string, Locator>) {
  const viewport = page.viewportSize()!;
  expect(toast.y).toBeGreaterThanOrEqual(0);
  expect(toast.y + toast.height).toBeLessThanOrEqual(viewport.height);
  for (const [name, control] of Object.entries(controls)) {
    const covered = overlap(toast, await box(control));
    expect(covered, `the toast covers ${name} at ${viewport.width}x${viewport.height}`).toBe(false);
  }
}

/**
 * Opens `path` afresh (a new document: no toast of the last check is left, without waiting out
 * their 4 s) and checks that none is shown; the mouse off where toasts come (sonner keeps and
 * spreads toasts under a hovering mouse).
 */
async function openWithoutToasts(page: Page, path: string) {
  await page.mouse.move(0, 0);
  await page.goto(path);
  expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
}

describe('toasts: top-centre, 4 s, at most 3 (spec sections 2 and 9)', () => {
  it('a refusal toast shows at top-centre for 4 s; of four at once, three show', async () => {
    const { page, context } = await newPage(h);
    // A desktop window: on a phone sonner spans the toast across the screen, centred whatever
    // its position.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/login');
    await page.getByLabel('Phone number').fill('12345');
    // When each toast enters and leaves the page, by the page's own clock.
    await page.evaluate(() => {
      const times: { added: number; removed?: number }[] = [];
      const seen = new Map<Element, { added: number; removed?: number }>();
      // A toast comes alone or inside the toaster's list mounted with the first one.
      const toastsIn = (n: Node) =>
        n instanceof Element
          ? [
              ...(n.matches('[data-sonner-toast]') ? [n] : []),
              ...n.querySelectorAll('[data-sonner-toast]'),
            ]
          : [];
      new MutationObserver((records) => {
        const now = performance.now();
        for (const r of records) {
          for (const el of [...r.addedNodes].flatMap(toastsIn))
            if (!seen.has(el)) {
              const t = { added: now };
              seen.set(el, t);
              times.push(t);
            }
          for (const el of [...r.removedNodes].flatMap(toastsIn)) {
            const t = seen.get(el);
            if (t) t.removed = now;
          }
        }
      }).observe(document.body, { childList: true, subtree: true });
      (window as unknown as { toastTimes: typeof times }).toastTimes = times;
    });
    const send = page.getByRole('button', { name: 'Send OTP' });
    await send.click();
    // Off the toast: sonner keeps a toast under the pointer.
    await page.mouse.move(0, 0);
    const shown = await settledToast(page, 'Please enter a valid 10-digit phone number');
    const viewport = page.viewportSize()!;
    expect(Math.abs(shown.x + shown.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(shown.y + shown.height).toBeLessThan(viewport.height / 2);
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 10_000 });
    const [lived] = await page.evaluate(() =>
      (window as unknown as { toastTimes: { added: number; removed?: number }[] }).toastTimes.map(
        (t) => (t.removed ?? Infinity) - t.added,
      ),
    );
    // 4 s, then sonner's 200 ms exit; a busy machine may add a little.
    expect(lived).toBeGreaterThanOrEqual(4000);
    expect(lived).toBeLessThan(4900);

    // Four refusals in a row: four toasts, three of them shown.
    for (let i = 0; i < 4; i++) await send.click();
    await page.mouse.move(0, 0);
    const toasts = page.locator('[data-sonner-toast]');
    await expect.poll(() => toasts.count()).toBe(4);
    // Counted once every toast has slid into place (the fourth fades in or out as it settles).
    await expect
      .poll(() =>
        toasts.evaluateAll((els) =>
          els.every(
            (e) => e.getAttribute('data-mounted') === 'true' && e.getAnimations().length === 0,
          ),
        ),
      )
      .toBe(true);
    const visible = await toasts.evaluateAll(
      (els) => els.filter((e) => Number(getComputedStyle(e).opacity) > 0).length,
    );
    expect(visible).toBe(3);
    await context.close();
  });
});

describe('toasts never cover a control of the screen', () => {
  it("the profile's Save and Cancel under the header, and the bottom navigation", async () => {
    const { page } = pair.seeker;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await openWithoutToasts(page, '/candidate-profile');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel('Full name').fill('');
      const save = page.getByRole('button', { name: 'Save', exact: true });
      await save.click();
      // Refused: the form stays open with its action row, and the toast says why.
      const toast = await settledToast(page, /name/i);
      await expectClear(page, toast, {
        Save: save,
        Cancel: page.getByRole('button', { name: 'Cancel' }),
        'the bottom navigation': page.getByRole('navigation', { name: 'Bottom navigation' }),
      });
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  it("a form's submit button at the end of the form, scrolled into view", async () => {
    const { page } = pair.recruiter;
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await openWithoutToasts(page, '/recruiter-settings');
      await page.locator('header').getByRole('button', { name: 'Edit', exact: true }).click();
      await page.getByLabel('Full Name').fill('');
      const save = page.getByRole('button', { name: 'Save Changes' });
      // At the end of the form: at the screen's bottom once scrolled to.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await save.click();
      const toast = await settledToast(page, /name/i);
      await expectClear(page, toast, {
        'Save Changes': save,
        Cancel: page.getByRole('button', { name: 'Cancel' }),
      });
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
  });

  it("the chat's composer and the recruiter's tools", async () => {
    const { page } = pair.recruiter;
    const statuses = ['Interested', 'Shortlisted'];
    for (const [i, viewport] of VIEWPORTS.entries()) {
      await page.setViewportSize(viewport);
      await openWithoutToasts(
        page,
        `/recruiter-messages/chat/${pair.seeker.id}?job=${pair.room.jobId}`,
      );
      const markAs = page.getByRole('button', { name: 'Mark as' });
      await markAs.click();
      const status = statuses[i]!;
      await page
        .getByRole('dialog', { name: 'Change candidate status' })
        .getByRole('button', { name: status })
        .click();
      const toast = await settledToast(page, `Candidate marked as ${status}`);
      const composer = page
        .locator('form')
        .filter({ has: page.getByPlaceholder('Type a message') });
      await expectClear(page, toast, {
        'the composer': composer,
        'Mark as': markAs,
        Back: page.getByRole('button', { name: /back/i }).first(),
      });
    }
  });
});
