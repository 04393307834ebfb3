import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnFreePort, type TestApp } from '../../test/app.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';
import type { TestUser } from '../../test/users.ts';
import { createFilesTestApp, pdf, upload } from './files.test-helpers.ts';

// Decision 028 (session 21): the recruiter's open chat learns that the seeker uploaded the
// resume it asked for, without a reload: 'Request Resume' becomes 'Download Resume'.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t } = await createFilesTestApp());
  base = await listenOnFreePort(t);
});
afterAll(async () => {
  await t.close();
});

async function open(u: TestUser): Promise<WsClient> {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
}
const uploadResume = (who: TestUser) =>
  upload(t, '/api/me/resume', who, { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' });
const isResumeEvent = (seekerId: string) => (e: { type: string; seekerId?: string }) =>
  e.type === 'candidate.resume' && e.seekerId === seekerId;

describe("a seeker's first resume", () => {
  it('tells the recruiters they chat with, live, and no one else', async () => {
    const { r, s, room } = await chatPair(t, base, 'Resume Soon');
    const other = await chatPair(t, base, 'Someone Else');
    const [wr, wOther] = await Promise.all([open(r), open(other.r)]);

    const before = await fetchAs(base, r, 'GET', `/api/rooms/${room}`);
    expect(
      ((await before.json()) as { room: { candidate: { hasResume: boolean } } }).room.candidate
        .hasResume,
    ).toBe(false);

    expect((await uploadResume(s)).statusCode).toBe(200);
    await wr.next(isResumeEvent(s.id));
    const after = await fetchAs(base, r, 'GET', `/api/rooms/${room}`);
    expect(
      ((await after.json()) as { room: { candidate: { hasResume: boolean } } }).room.candidate
        .hasResume,
    ).toBe(true);

    // A recruiter with no chat with her hears nothing: a later event of their own arrives first.
    const said = await fetchAs(base, other.s, 'POST', `/api/rooms/${other.room}/messages`, {
      clientId: crypto.randomUUID(),
      message: 'Hello',
    });
    expect(said.status).toBe(201);
    await wOther.next((e) => e.type === 'message.created');
    expect(wOther.events.some(isResumeEvent(s.id))).toBe(false);

    // A replaced resume changes nothing the recruiter sees: no second event.
    expect((await uploadResume(s)).statusCode).toBe(200);
    const again = await fetchAs(base, s, 'POST', `/api/rooms/${room}/messages`, {
      clientId: crypto.randomUUID(),
      message: 'Sent it',
    });
    expect(again.status).toBe(201);
    await wr.next((e) => e.type === 'message.created' && e.message.message === 'Sent it');
    expect(wr.events.filter(isResumeEvent(s.id))).toHaveLength(1);
    wr.close();
    wOther.close();
  });
});
