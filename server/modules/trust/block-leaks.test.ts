import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listenOnFreePort, type TestApp } from '../../test/app.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';
import { markOnboarded, newUser, type TestUser } from '../../test/users.ts';
import { createFilesTestApp, pdf, upload } from '../files/files.test-helpers.ts';

// Decision 028 (session 21, privacy audit): once one member of a room blocked the other, nothing
// live of either crosses it: presence, read receipts, the seeker's current details and contact
// consent, the news of a first resume. The room stays readable as history.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t } = await createFilesTestApp());
  base = await listenOnFreePort(t);
});
afterAll(async () => {
  await t.close();
});

const api = (u: TestUser, method: string, path: string, body?: unknown) =>
  fetchAs(base, u, method, path, body);
async function live(u: TestUser): Promise<WsClient> {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
}
type Room = {
  other: { isOnline: boolean; subtitle: string | null };
  candidate: { contactShared: boolean } | null;
};
const roomOf = async (u: TestUser, room: string) =>
  ((await (await api(u, 'GET', `/api/rooms/${room}`)).json()) as { room: Room }).room;

describe('across a block', () => {
  it('no presence, read receipts, candidate details or resume news reach the other side', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    await t.ctx.db.query(
      `UPDATE seeker_profiles SET job_title = 'Accountant', company_name = 'Tally House' WHERE user_id = $1`,
      [s.id],
    );
    expect(
      (
        await api(r, 'POST', `/api/rooms/${room}/messages`, {
          clientId: randomUUID(),
          message: 'Hello',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api(s, 'POST', `/api/rooms/${room}/messages`, {
          clientId: randomUUID(),
          message: 'Hi sir',
        })
      ).status,
    ).toBe(201);
    const [wr, ws] = await Promise.all([live(r), live(s)]);
    // Before: the recruiter sees her online, her current title and the candidate panel.
    const before = await roomOf(r, room);
    expect(before.other.isOnline).toBe(true);
    expect(before.other.subtitle).toBe('Accountant at Tally House');
    expect(before.candidate).not.toBeNull();

    expect((await api(s, 'POST', '/api/blocks', { userId: r.id })).status).toBeLessThan(300);
    const after = await roomOf(r, room);
    expect(after.other.isOnline).toBe(false);
    expect(after.other.subtitle).toBeNull();
    expect(after.candidate).toBeNull();

    // She reads the recruiter's message: her own tabs hear it, the recruiter does not.
    expect((await api(s, 'POST', `/api/rooms/${room}/read`, { upTo: 1_000_000 })).status).toBe(204);
    await ws.next((e) => e.type === 'room.read');
    const messages = (
      (await (await api(r, 'GET', `/api/rooms/${room}/messages`)).json()) as {
        messages: { senderId: string; isRead: boolean }[];
      }
    ).messages;
    expect(messages.filter((m) => m.senderId === r.id).every((m) => !m.isRead)).toBe(true);

    // Her first resume: no news for the blocked recruiter.
    const res = await upload(t, '/api/me/resume', s, {
      bytes: pdf(),
      name: 'cv.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode).toBe(200);
    // A later event of the recruiter's own arrives after anything the read or the upload sent:
    // his message in a room with another seeker.
    const other = await newUser(t, 'user');
    await t.ctx.db.query(`INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Other')`, [
      other.id,
    ]);
    await markOnboarded(t, other.id, 6);
    const started = await api(r, 'POST', '/api/rooms', { seekerId: other.id });
    const otherRoom = ((await started.json()) as { room: { id: string } }).room.id;
    await api(r, 'POST', `/api/rooms/${otherRoom}/messages`, {
      clientId: randomUUID(),
      message: 'x',
    });
    await wr.next((e) => e.type === 'message.created' && e.roomId === otherRoom);
    expect(wr.events.some((e) => e.type === 'room.read' || e.type === 'candidate.resume')).toBe(
      false,
    );
    wr.close();
    ws.close();
  });
});
