import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { type Harness, type Person, getJson as get, startHarnessWithDemoPair } from './harness.ts';

// The offline outbox (issue 14, point 6): messages written offline wait ('Waiting for
// network...'), are kept across closing the app, and go by themselves once the network is back,
// once each and in order; a message the server refuses shows why and waits for a tap. The demo
// seeker (Rahul Verma) writes to the demo recruiter (Priya Sharma); what arrived is checked on
// Priya's side, through the API.

interface Message {
  id: number;
  clientId: string;
  message: string;
}

let h: Harness;
let recruiter: Person;
let seeker: Person;
let room: { roomId: string; jobId: string };

beforeAll(async () => {
  ({
    h,
    pair: { recruiter, seeker, room },
  } = await startHarnessWithDemoPair());
});
afterAll(async () => {
  await h?.close();
});

/** The conversation as the server holds it, read by the recruiter. */
const stored = async () =>
  (await get<{ messages: Message[] }>(recruiter.page, `/api/rooms/${room.roomId}/messages`))
    .messages;
const storedWith = async (texts: string[]) =>
  (await stored()).filter((m) => texts.includes(m.message));

const log = (page: Page) => page.getByRole('log', { name: 'Conversation' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Type a message' });
const chatPath = () => `/jobseeker-chat/${recruiter.id}?job=${room.jobId}`;
/** Unsent messages kept in this browser's IndexedDB. */
const keptCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('nearhire-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('messages')) return resolve(0);
          const count = db.transaction('messages').objectStore('messages').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

async function write(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

describe('offline outbox', () => {
  it('messages written offline wait, survive closing the app, and arrive by themselves once each, in order', async () => {
    let s = seeker.page;
    await s.goto(chatPath());
    await s.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    await s.getByText('Reconnecting...').waitFor({ state: 'hidden' });

    await seeker.context.setOffline(true);
    await s.getByText('Reconnecting...').waitFor();
    const texts = ['Written offline, first', 'Written offline, second'];
    for (const text of texts) await write(s, text);
    // Shown as waiting, not as failed; no error toast.
    const waiting = log(s).locator('[data-state="waiting"]');
    await expect.poll(() => waiting.count()).toBe(2);
    expect(await waiting.allTextContents()).toEqual(texts.map((t) => `${t}Waiting for network...`));
    expect(await log(s).getByRole('button', { name: 'Not sent. Tap to retry' }).count()).toBe(0);
    expect(await s.getByText('Failed to send message').count()).toBe(0);
    await expect.poll(() => keptCount(s)).toBe(2);

    // The app is closed while offline: nothing reached the server.
    await s.close();
    expect(await storedWith(texts)).toEqual([]);

    // Back online, the app opens on another screen: the kept messages go by themselves.
    await seeker.context.setOffline(false);
    s = seeker.page = await seeker.context.newPage();
    await s.goto('/jobseeker-dashboard');
    await expect.poll(async () => (await storedWith(texts)).length, { timeout: 15_000 }).toBe(2);
    const arrived = await storedWith(texts);
    // Once each, in the order written.
    expect(arrived.map((m) => m.message)).toEqual(texts);
    expect(arrived[0]!.id).toBeLessThan(arrived[1]!.id);
    await expect.poll(() => keptCount(s)).toBe(0);

    // The conversation shows each once, nothing left pending; a reload sends nothing again.
    await s.goto(chatPath());
    for (const text of texts) await log(s).getByText(text, { exact: true }).waitFor();
    expect(await log(s).locator('[data-client-id]').count()).toBe(0);
    await s.reload();
    await log(s).getByText(texts[1]!, { exact: true }).waitFor();
    expect(await storedWith(texts)).toEqual(arrived);
    expect(unexpected(seeker.errors)).toEqual([]);
  });

  it('a waiting message the server refuses when the network is back shows why, is kept, and goes on a tap', async () => {
    const s = seeker.page;
    await s.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    await seeker.context.setOffline(true);
    await s.getByText('Reconnecting...').waitFor();
    const text = 'Written offline, then blocked';
    await write(s, text);
    await log(s).locator('[data-state="waiting"]').waitFor();

    // Meanwhile Priya blocks Rahul.
    const blocked = await recruiter.page.request.post('/api/blocks', {
      data: { userId: seeker.id },
    });
    expect(blocked.status()).toBe(204);
    await seeker.context.setOffline(false);
    const failed = log(s).locator('[data-state="failed"]');
    await failed.getByText('You can no longer send messages in this conversation.').waitFor();
    await failed.getByRole('button', { name: 'Not sent. Tap to retry' }).waitFor();

    // Still there, with its reason, after a reload.
    await s.reload();
    await failed.getByText('You can no longer send messages in this conversation.').waitFor();
    expect(await keptCount(s)).toBe(1);
    expect(await storedWith([text])).toEqual([]);

    // Unblocked, one tap sends it (once).
    const unblocked = await recruiter.page.request.delete(`/api/blocks/${seeker.id}`);
    expect(unblocked.status()).toBe(204);
    await failed.getByRole('button', { name: 'Not sent. Tap to retry' }).click();
    await log(s).locator('[data-message-id]').filter({ hasText: text }).waitFor();
    expect((await storedWith([text])).length).toBe(1);
    await expect.poll(() => keptCount(s)).toBe(0);
    expect(await log(s).locator('[data-client-id]').count()).toBe(0);
  });

  it('a message a proxy or a busy server did not take (503) waits and goes by itself, before the ones written after it', async () => {
    const s = await seeker.context.newPage();
    // No socket on this page: its messages go over HTTP, where the 503 comes.
    await s.routeWebSocket('**/api/ws?*', (ws) => ws.close());
    let refusedOnce = false;
    await s.route('**/api/rooms/*/messages', async (route) => {
      if (route.request().method() !== 'POST' || refusedOnce) return route.continue();
      refusedOnce = true;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({
          error: { code: 'errors.internal', key: 'errors.internal', message: 'Busy' },
        }),
      });
    });
    await s.goto(chatPath());
    await s.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    const texts = ['Sent into a busy minute, first', 'Sent into a busy minute, second'];
    for (const text of texts) await write(s, text);
    await expect.poll(async () => (await storedWith(texts)).length, { timeout: 15_000 }).toBe(2);
    const arrived = await storedWith(texts);
    expect(refusedOnce).toBe(true);
    expect(arrived.map((m) => m.message)).toEqual(texts);
    expect(arrived[0]!.id).toBeLessThan(arrived[1]!.id);
    expect(await log(s).getByRole('button', { name: 'Not sent. Tap to retry' }).count()).toBe(0);
    await expect.poll(() => log(s).locator('[data-client-id]').count()).toBe(0);
    await s.close();
  });

  it('a busy answer with Retry-After: 0 is looked at again seconds later, not in a loop', async () => {
    const s = await seeker.context.newPage();
    await s.routeWebSocket('**/api/ws?*', (ws) => ws.close());
    let busy = true;
    let tries = 0;
    await s.route('**/api/rooms/*/messages', async (route) => {
      if (route.request().method() !== 'POST' || !busy) return route.continue();
      tries += 1;
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '0', 'content-type': 'application/json' },
        body: JSON.stringify({
          error: { code: 'errors.internal', key: 'errors.internal', message: 'Busy' },
        }),
      });
    });
    await s.goto(chatPath());
    await s.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
    const text = 'Sent into a server that says try now';
    await write(s, text);
    await expect.poll(() => tries, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const triesThen = tries;
    // A window to count the tries in: what is measured is how few come, so no condition ends it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // A few at most (a loop would be hundreds).
    expect(tries - triesThen).toBeLessThanOrEqual(4);
    busy = false;
    await expect.poll(async () => (await storedWith([text])).length, { timeout: 15_000 }).toBe(1);
    await s.close();
  });
});
