import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { type Harness, type Person, getJson as get, startHarnessWithDemoPair } from './harness.ts';

// Unread badges (issue 14, point 5): the bottom navigation's Messages item for both roles, the
// recruiter's Messages tabs with a first 'All' tab, and the tab title; live from the other party's
// messages and from reading, and fetched again after a reconnect. The demo recruiter (Priya
// Sharma) and the demo seeker (Rahul Verma), whose shortlisted conversation starts with one
// unread message from Priya. A badge counts conversations with unread messages.

let h: Harness;
let recruiter: Person;
let seeker: Person;
/** The demo conversation between them (shortlisted) and its job. */
let demoRoom: { roomId: string; jobId: string };

beforeAll(async () => {
  ({
    h,
    pair: { recruiter, seeker, room: demoRoom },
  } = await startHarnessWithDemoPair());
});
afterAll(async () => {
  await h?.close();
});

/** A message from this person, sent through the API (the other party's screen must show it). */
async function sendAs(p: Person, roomId: string, message: string): Promise<void> {
  const res = await p.page.request.post(`/api/rooms/${roomId}/messages`, {
    data: { clientId: randomUUID(), message },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Bottom navigation' });
/** The Messages item by its full name: 'Messages' alone when nothing is unread. */
const messagesLink = (page: Page, unread: number) =>
  nav(page).getByRole('link', {
    name:
      unread === 0 ? 'Messages' : `Messages, ${unread} unread ${unread === 1 ? 'chat' : 'chats'}`,
    exact: true,
  });
const titleIs = (page: Page, title: string) =>
  expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
const tab = (page: Page, label: string, unread: number): Locator =>
  page.getByRole('tablist', { name: 'Chat categories' }).getByRole('tab', {
    name: unread === 0 ? label : `${label}, ${unread} unread ${unread === 1 ? 'chat' : 'chats'}`,
    exact: true,
  });
const unexpected = (errors: string[]) =>
  errors.filter((e) => !e.startsWith('Failed to load resource') && !/WebSocket/i.test(e));

/** Opens the seeker's chat with the recruiter in another page of the same browser (reads it). */
async function readDemoChat(): Promise<void> {
  const chat = await seeker.context.newPage();
  await chat.goto(`/jobseeker-chat/${recruiter.id}?job=${demoRoom.jobId}`);
  await messagesLink(seeker.page, 0).waitFor();
  await chat.close();
}

describe('unread badges', () => {
  it("the seeker's Messages badge and the title follow the recruiter's messages and the seeker's reading, live and after a reconnect", async () => {
    const s = seeker.page;
    // The demo's unread message from Priya.
    await messagesLink(s, 1).waitFor();
    expect(await nav(s).getByTestId('unread-count').textContent()).toBe('1');
    await titleIs(s, '(1) NearHire');

    // Reading the conversation in another page of the browser clears it here, without a reload.
    await readDemoChat();
    expect(await nav(s).getByTestId('unread-count').count()).toBe(0);
    await titleIs(s, 'NearHire');

    // A new message from Priya shows at once.
    await sendAs(recruiter, demoRoom.roomId, 'Are you free for a call today?');
    await messagesLink(s, 1).waitFor();
    await titleIs(s, '(1) NearHire');
    await readDemoChat();
    await titleIs(s, 'NearHire');

    // A message that came while the connection was down is counted once it is back.
    await seeker.context.setOffline(true);
    await s.waitForFunction(() => !navigator.onLine);
    await sendAs(recruiter, demoRoom.roomId, 'Sent while you were away');
    expect(await messagesLink(s, 0).count()).toBe(1);
    await seeker.context.setOffline(false);
    await messagesLink(s, 1).waitFor();
    await titleIs(s, '(1) NearHire');
    expect(unexpected(seeker.errors)).toEqual([]);
  });

  it("the recruiter's badge, the tab counts and the All tab, live", async () => {
    const r = recruiter.page;
    await r.goto('/recruiter-dashboard/Messages');
    await r.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    const tabs = r.getByRole('tablist', { name: 'Chat categories' });
    // 'All' first; the spec's default tab is still Initiated. Nothing unread: names alone.
    await messagesLink(r, 0).waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'All',
      'Initiated',
      'Interested',
      'Shortlisted',
      'Interviewing',
      'Rejected',
      'Hired',
    ]);
    expect(await tab(r, 'Initiated', 0).getAttribute('aria-selected')).toBe('true');
    await titleIs(r, 'NearHire');

    // Rahul writes in the shortlisted conversation.
    await sendAs(seeker, demoRoom.roomId, 'Here is my GitHub: github.com/rahul');
    await messagesLink(r, 1).waitFor();
    await tab(r, 'All', 1).waitFor();
    await tab(r, 'Shortlisted', 1).waitFor();
    expect(await tab(r, 'Initiated', 0).count()).toBe(1);
    await titleIs(r, '(1) NearHire');

    // He starts a conversation about another of Priya's jobs: a second one, in Initiated.
    const { jobs } = await get<{ jobs: { id: string; status: string }[] }>(
      r,
      '/api/recruiter/jobs',
    );
    const { rooms: his } = await get<{ rooms: { jobId: string | null }[] }>(
      seeker.page,
      '/api/rooms',
    );
    const other = jobs.find((j) => j.status === 'open' && !his.some((x) => x.jobId === j.id))!;
    const started = await seeker.page.request.post('/api/rooms', { data: { jobId: other.id } });
    expect(started.status()).toBe(201);
    const newRoom = ((await started.json()) as { room: { id: string } }).room.id;
    await sendAs(seeker, newRoom, 'Is the second role still open?');
    await messagesLink(r, 2).waitFor();
    await tab(r, 'All', 2).waitFor();
    await tab(r, 'Initiated', 1).waitFor();
    await tab(r, 'Shortlisted', 1).waitFor();
    await titleIs(r, '(2) NearHire');

    // The All tab lists every conversation, whatever its status.
    await tab(r, 'All', 2).click();
    await r.waitForURL('**/recruiter-dashboard/Messages?tab=all');
    const panel = r.getByRole('tabpanel');
    const { rooms: all } = await get<{ rooms: { status: string }[] }>(r, '/api/rooms');
    expect(new Set(all.map((x) => x.status)).size).toBeGreaterThan(2);
    await expect.poll(() => panel.getByRole('link').count()).toBe(all.length);
    // Each row says its status there.
    await panel
      .getByRole('link')
      .filter({ hasText: 'Is the second role still open?' })
      .getByText('Initiated', { exact: true })
      .waitFor();
    await panel
      .getByRole('link')
      .filter({ hasText: 'Here is my GitHub' })
      .getByText('Shortlisted', { exact: true })
      .waitFor();

    // Priya reads the new conversation in another page: the counts drop here at once.
    const chat = await recruiter.context.newPage();
    await chat.goto(`/recruiter-messages/chat/${seeker.id}?job=${other.id}`);
    await chat
      .getByRole('log', { name: 'Conversation' })
      .getByText('Is the second role still open?')
      .waitFor();
    await tab(r, 'All', 1).waitFor();
    await tab(r, 'Initiated', 0).waitFor();
    await tab(r, 'Shortlisted', 1).waitFor();
    await messagesLink(r, 1).waitFor();
    await titleIs(r, '(1) NearHire');
    // The chat screen has no navigation, but its title counts too.
    await titleIs(chat, '(1) NearHire');
    await chat.close();
    expect(unexpected(recruiter.errors)).toEqual([]);
  });
});
