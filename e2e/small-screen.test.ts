import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  expectAccessible,
  getJson as get,
  signIn,
  startHarness,
  type Harness,
  type Person,
} from './harness.ts';

// Issue 15 point 4, layouts for a small screen: the demo recruiter (Priya Sharma) on a 390 px
// wide phone: 844 px tall, and 430 px tall, which is what that phone has left with the keyboard
// up. The demo data gives her conversations in several hiring statuses.
const RECRUITER_PHONE = '9000000001';
const PHONE = { width: 390, height: 844 };
const KEYBOARD_UP = { width: 390, height: 430 };

interface ListItem {
  userId: string;
  userName: string | null;
  jobId: string | null;
}
interface Room {
  candidate: { hasResume: boolean; contactShared: boolean } | null;
}

let h: Harness;
let recruiter: Person;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await recruiter?.context.close();
  await h?.close();
});

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Type a message' });
const height = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().height);
const box = async (l: Locator) => (await l.boundingBox()) ?? { width: 0, height: 0 };

/** Whether an element lies inside its scroller's visible area, sideways. */
async function inView(scroller: Locator, item: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([box(item), box(scroller)]);
  if (!('x' in a) || !('x' in b)) return false;
  return a.x >= b.x - 1 && a.x + a.width <= b.x + b.width + 1;
}

describe('small screens', () => {
  it("the recruiter's chat: the card and the three actions fold into the header; the messages keep at least 60% of the screen, keyboard up or not", async () => {
    recruiter = await signIn(h, RECRUITER_PHONE, '**/recruiter-dashboard/**');
    const page = recruiter.page;
    const { rooms } = await get<{ rooms: ListItem[] }>(page, '/api/rooms');
    const item = rooms.find((r) => r.userName && r.jobId)!;
    expect(item).toBeDefined();
    const name = item.userName!;
    const { room } = await get<{ room: Room }>(
      page,
      `/api/rooms/with/${item.userId}?job=${item.jobId}`,
    );

    await page.setViewportSize(PHONE);
    await page.goto(`/recruiter-messages/chat/${item.userId}?job=${item.jobId}`);
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const header = page.getByRole('banner');

    // The actions are icons in the header, named, and at least 44 px to touch.
    for (const label of ['Schedule Interview', 'Mark as']) {
      const button = header.getByRole('button', { name: label, exact: true });
      const size = await box(button);
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.height).toBeGreaterThanOrEqual(44);
    }
    // Tall enough: the candidate card is open under the header, its avatar says so.
    const toggle = header.getByRole('button', { name: 'Candidate details' });
    const card = page.getByRole('region', { name: 'Candidate' });
    await card.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await box(toggle)).height).toBeGreaterThanOrEqual(44);
    await composer(page).focus();
    expect(await height(log(page))).toBeGreaterThanOrEqual(0.6 * PHONE.height);

    // The keyboard comes up: the card folds into the header and the messages keep their share.
    await page.setViewportSize(KEYBOARD_UP);
    await composer(page).focus();
    await expect
      .poll(() => height(log(page)), { timeout: 5000 })
      .toBeGreaterThanOrEqual(0.6 * KEYBOARD_UP.height);
    await card.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The header is one row: its buttons sit side by side.
    expect((await box(header)).height).toBeLessThanOrEqual(80);
    await expectAccessible(page, 'recruiter chat, keyboard up');

    // Every action stays one tap away: Mark as, Schedule Interview...
    await header.getByRole('button', { name: 'Mark as', exact: true }).click();
    const status = page.getByRole('dialog', { name: 'Change candidate status' });
    await status.waitFor();
    await page.keyboard.press('Escape');
    await status.waitFor({ state: 'hidden' });
    await header.getByRole('button', { name: 'Schedule Interview', exact: true }).click();
    const interview = page.getByRole('dialog', { name: 'Schedule Interview' });
    await interview.waitFor();
    await page.keyboard.press('Escape');
    await interview.waitFor({ state: 'hidden' });

    // ...the resume (when shared; never 'Download Resume' without one) and Share in the ⋮ menu.
    await header.getByRole('button', { name: `More actions for ${name}` }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Share' }).waitFor();
    const c = room.candidate!;
    const resume = c.hasResume ? 'Download Resume' : 'Request Resume';
    expect(await menu.getByRole('menuitem', { name: resume }).count()).toBe(
      c.contactShared ? 1 : 0,
    );
    if (!c.hasResume)
      expect(await menu.getByRole('menuitem', { name: 'Download Resume' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // ...and the avatar opens the full card (and folds it again).
    await toggle.click();
    await card.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await card.getByRole('link', { name }).waitFor();
    await expectAccessible(page, 'recruiter chat, card open');
    await toggle.click();
    await card.waitFor({ state: 'hidden' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('the status tabs show that they scroll, and the selected tab is in view', async () => {
    const page = recruiter.page;
    await page.setViewportSize(PHONE);
    await page.goto('/recruiter-dashboard/Messages');
    const tabs = page.getByRole('tablist', { name: 'Chat categories' });
    await tabs.getByRole('tab', { name: /^Initiated/ }).waitFor();
    const sizes = await tabs.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    // More tabs to the right: the right edge fades; nothing hides on the left yet.
    await page.getByTestId('tabs-fade-end').waitFor();
    expect(await page.getByTestId('tabs-fade-start').count()).toBe(0);

    // Opened on the last tab: it is scrolled into view, and now the left edge fades.
    await page.goto('/recruiter-dashboard/Messages?tab=hired');
    const hired = tabs.getByRole('tab', { name: /^Hired/ });
    await hired.waitFor();
    expect(await hired.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => inView(tabs, hired)).toBe(true);
    await page.getByTestId('tabs-fade-start').waitFor();
    await page.getByTestId('tabs-fade-end').waitFor({ state: 'detached' });
    await expectAccessible(page, 'messages tabs scrolled');

    // Home (the keyboard) selects the first tab and brings it back into view.
    await hired.focus();
    await page.keyboard.press('Home');
    const all = tabs.getByRole('tab', { name: /^All/ });
    await expect.poll(() => all.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => inView(tabs, all)).toBe(true);
    await page.getByTestId('tabs-fade-start').waitFor({ state: 'detached' });
    await page.getByTestId('tabs-fade-end').waitFor();
  });
});
