import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { signInOnPage, newPage, startHarness, type Harness } from './harness.ts';

// A recruiter with more conversations than one page of the chat list (30) scrolls down to the
// older ones (issue 13, point 7). The demo recruiter (Priya Sharma) gets 40 conversations in the
// Shortlisted tab, written straight into the database: 'Paging Seeker 01' the newest, '40' the
// oldest, all older than the demo's own conversations.
const RECRUITER_PHONE = '9000000001';
const SEEDED = 40;
const name = (n: number) => `Paging Seeker ${String(n).padStart(2, '0')}`;

let h: Harness;
let context: BrowserContext;
let page: Page;
let errors: string[];
/** Room id by seeker number. */
const rooms = new Map<number, string>();

beforeAll(async () => {
  h = await startHarness();
  const db = h.server.ctx.db;
  const [priya] = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE phone_no = '+91${RECRUITER_PHONE}'`,
  );
  const seeded = await db.query<{ id: string; n: number }>(
    `WITH s AS (
       INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
       SELECT '+9165550000' || lpad(g::text, 2, '0'), 'user', true, 6 FROM generate_series(1, $2::int) g
       RETURNING id, right(phone_no, 2)::int AS n),
     p AS (INSERT INTO seeker_profiles (user_id, full_name)
           SELECT id, 'Paging Seeker ' || lpad(n::text, 2, '0') FROM s),
     r AS (INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status, created_at, updated_at)
           SELECT $1, s.id, $1, 'shortlisted', now() - interval '60 days',
                  now() - interval '8 days' - s.n * interval '3 hours' FROM s
           RETURNING id, seeker_id, updated_at),
     m AS (INSERT INTO chat_messages (room_id, sender_id, client_id, message, is_read, sent_at)
           SELECT r.id, $1, gen_random_uuid(), 'Thanks for applying, ' || lpad(s.n::text, 2, '0'), true, r.updated_at
             FROM r JOIN s ON s.id = r.seeker_id)
     SELECT r.id, s.n FROM r JOIN s ON s.id = r.seeker_id`,
    [priya!.id, SEEDED],
  );
  for (const row of seeded) rooms.set(row.n, row.id);
  ({ context, page, errors } = await newPage(h));
  await signInOnPage(h, page, RECRUITER_PHONE, '**/recruiter-dashboard/**');
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

const panel = (p: Page) => p.getByRole('tabpanel');
const rowOf = (p: Page, n: number): Locator =>
  panel(p)
    .getByRole('link')
    .filter({ hasText: name(n) });
/** The seeded conversations on screen, top to bottom. */
const seededShown = (p: Page) =>
  panel(p)
    .getByRole('link')
    .filter({ hasText: 'Paging Seeker' })
    .evaluateAll((els) =>
      els.map((e) => Number(/Paging Seeker (\d{2})/.exec(e.textContent ?? '')?.[1] ?? 0)),
    );
const unexpected = (list: string[]) =>
  list.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

describe('chat list paging', () => {
  it('shows the newest 30 first, keeps live updates, and loads the older conversations on scroll', async () => {
    await page.goto('/recruiter-dashboard/Messages?tab=shortlisted');
    await rowOf(page, 1).waitFor();
    // The demo's own shortlisted conversations are newer: the page of 30 ends before ours do.
    const firstPage = await seededShown(page);
    expect(firstPage.length).toBeGreaterThan(0);
    expect(firstPage.length).toBeLessThan(SEEDED);
    expect(firstPage).toEqual(firstPage.map((_, i) => i + 1));
    expect(await rowOf(page, SEEDED).count()).toBe(0);

    // A message in a conversation not loaded yet (sent from another tab of hers): it comes to the
    // top of the list at once.
    const sent = await page.request.post(`/api/rooms/${rooms.get(38)}/messages`, {
      data: { clientId: randomUUID(), message: 'Can you join the final round on Monday?' },
    });
    expect(sent.status()).toBe(201);
    const top = panel(page).getByRole('link').first();
    await expect.poll(() => top.textContent()).toContain(name(38));
    await expect.poll(() => top.textContent()).toContain('Can you join the final round on Monday?');

    // Scrolling to the bottom loads the rest, each conversation once, oldest last, then the end.
    for (let i = 0; i < 5 && (await rowOf(page, SEEDED).count()) === 0; i++) {
      await panel(page).getByRole('link').last().scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 4000);
      await page.waitForTimeout(300);
    }
    await rowOf(page, SEEDED).waitFor();
    await page.getByText('No more conversations').waitFor();
    const all = await seededShown(page);
    expect(all).toEqual([
      38,
      ...Array.from({ length: SEEDED }, (_, i) => i + 1).filter((n) => n !== 38),
    ]);
    expect(await panel(page).getByText('Loading more chats...').count()).toBe(0);

    // An older conversation opens like any other.
    await rowOf(page, SEEDED).click();
    await page.waitForURL('**/recruiter-messages/chat/**');
    await page.getByText(`Thanks for applying, ${SEEDED}`).waitFor();
    expect(unexpected(errors)).toEqual([]);
  });

  it("a list that cannot be loaded says 'Failed to load chats' with Try again, which loads it", async () => {
    // The network fails for the list (the query's one retry too); nothing answers in its place.
    const list = (url: URL) => url.pathname === '/api/rooms';
    await page.route(list, (route) =>
      route.request().method() === 'GET' ? route.abort('failed') : route.fallback(),
    );
    await page.goto('/recruiter-dashboard/Messages?tab=shortlisted');
    await panel(page).getByText('Failed to load chats').waitFor();
    expect(await rowOf(page, 1).count()).toBe(0);
    await page.unroute(list);
    await panel(page).getByRole('button', { name: 'Try again' }).click();
    await rowOf(page, 1).waitFor();
    expect(await panel(page).getByText('Failed to load chats').count()).toBe(0);
  });
});
