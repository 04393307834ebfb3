// A session that ends on this device takes what the app kept for its user with it, however it
// ends (decision 018, decision 028 "A privacy audit"): a message written offline (the outbox in
// IndexedDB) and the kept user are gone once the account signs out of other devices, whether the
// app learns it on its next start (a 401) or at once (its socket closed as signed out); another
// user's kept messages, and a visitor's page, are left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getJson, newPage, startHarness, type Harness, signInAgain } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

interface Kept {
  clientId: string;
  userId: string;
  roomId: string;
  text: string;
}

/** What the outbox keeps in this browser's IndexedDB (the app's store, created if missing). */
const keptRecords = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Kept[]>((resolve, reject) => {
        const open = indexedDB.open('nearhire-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('messages');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('messages').objectStore('messages').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as Kept[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** Puts a kept message in the outbox's store, as the app keeps one written offline. */
const keep = (page: Page, record: Kept) =>
  page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('nearhire-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('messages');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('messages', 'readwrite');
          tx.objectStore('messages').put(
            { ...value, state: 'waiting', createdAt: new Date().toISOString(), seq: 1 },
            value.clientId,
          );
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    record,
  );

const keptUser = (page: Page) => page.evaluate(() => localStorage.getItem('nearhire.me'));
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

describe('a session ending on this device', () => {
  it('a message written offline is forgotten when the session turns out ended on the next start', async () => {
    const phone = await signInAgain(h, '9000000002', '**/jobseeker-dashboard');
    const { rooms } = await getJson<{ rooms: { roomId: string; jobId: string; userId: string }[] }>(
      phone.page,
      '/api/rooms',
    );
    const room = rooms[0]!;
    let page = phone.page;
    await page.goto(`/jobseeker-chat/${room.userId}?job=${room.jobId}`);
    const composer = page.getByRole('textbox', { name: 'Type a message' });
    await composer.waitFor();
    await page.getByText('Reconnecting...').waitFor({ state: 'hidden' });

    await phone.context.setOffline(true);
    await page.getByText('Reconnecting...').waitFor();
    const secret = 'OFFLINE SECRET 4471';
    await composer.fill(secret);
    await composer.press('Enter');
    await expect
      .poll(async () => (await keptRecords(page)).map((r) => [r.text, r.userId, r.roomId]))
      .toEqual([[secret, phone.id, room.roomId]]);

    // Meanwhile, on a laptop, the account signs out of its other devices.
    const laptop = await signInAgain(h, '9000000002', '**/jobseeker-dashboard');
    expect((await laptop.page.request.post('/api/auth/logout-others')).status()).toBe(200);

    // The app is closed while offline and opened again online: the session is found ended.
    await page.close();
    await phone.context.setOffline(false);
    page = phone.page = await phone.context.newPage();
    await page.goto(`/jobseeker-chat/${room.userId}?job=${room.jobId}`);
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => keptRecords(page)).toEqual([]);
    expect(await keptUser(page)).toBeNull();
    expect(unexpected(phone.errors)).toEqual([]);
  });

  it("a socket closed as signed out forgets the user's kept messages, not another user's", async () => {
    const phone = await signInAgain(h, '9000000001', '**/recruiter-dashboard/**');
    const mine = { clientId: 'c-mine', userId: phone.id, roomId: 'r1', text: 'KEPT FOR PRIYA' };
    const other = {
      clientId: 'c-other',
      userId: 'another-user',
      roomId: 'r2',
      text: 'KEPT FOR RAHUL',
    };
    await keep(phone.page, mine);
    await keep(phone.page, other);
    expect(await keptUser(phone.page)).not.toBeNull();

    const laptop = await signInAgain(h, '9000000001', '**/recruiter-dashboard/**');
    expect((await laptop.page.request.post('/api/auth/logout-others')).status()).toBe(200);

    // The open app is signed out at once, without being touched.
    await phone.page.waitForURL((url) => url.pathname === '/');
    await expect
      .poll(async () => (await keptRecords(phone.page)).map((r) => r.text))
      .toEqual([other.text]);
    expect(await keptUser(phone.page)).toBeNull();
    expect(unexpected(phone.errors)).toEqual([]);
  });

  it("a visitor's page (a 401 with nobody signed in) leaves what is kept alone", async () => {
    const visitor = await newPage(h);
    await visitor.page.goto('/');
    const record = { clientId: 'c-kept', userId: 'someone', roomId: 'r3', text: 'KEPT' };
    await keep(visitor.page, record);
    const me = visitor.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
    await visitor.page.reload();
    expect((await me).status()).toBe(401);
    await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await keptRecords(visitor.page)).map((r) => r.text)).toEqual(['KEPT']);
    expect(unexpected(visitor.errors)).toEqual([]);
  });
});
