import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SocketSendReply } from '#shared/schemas/chat.ts';
import { english, type MessageKey } from '#shared/i18n/messages.ts';
import { pruneEvents } from '../../lib/rate-limit.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { markOnboarded, newUser, type TestUser } from '../../test/users.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';

// Issue 11: when the other member of a room deleted their account, a send into the room (whose
// members the server cached on the previous send) answers a 4xx with a message, never a 500.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});

const api = (u: TestUser, method: string, path: string, body?: unknown) =>
  fetchAs(base, u, method, path, body);
const say = (u: TestUser, room: string, message: string, clientId: string = randomUUID()) =>
  api(u, 'POST', `/api/rooms/${room}/messages`, { clientId, message });
const deleteAccount = async (u: TestUser) => {
  const res = await api(u, 'DELETE', '/api/me', { confirm: 'DELETE' });
  expect(res.status).toBe(204);
};
const roomExists = async (room: string) =>
  (await t.ctx.db.query('SELECT 1 FROM chat_rooms WHERE id = $1', [room])).length === 1;

/** A gone room answers its remaining member 410 chat.roomGone, with its message. */
function expectGone(status: number, error: { code: string; message: string }) {
  expect(status).toBe(410);
  expect(error.code).toBe('chat.roomGone');
  expect(error.message).toBe(english(error.code as MessageKey));
}

/** A new room of this recruiter with another (onboarded) seeker. */
async function anotherRoom(r: TestUser): Promise<string> {
  const s = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Still Here')`,
    [s.id],
  );
  await markOnboarded(t, s.id, 6);
  const res = await api(r, 'POST', '/api/rooms', { seekerId: s.id });
  expect(res.status).toBe(201);
  return ((await res.json()) as { room: { id: string } }).room.id;
}

let refs = 0;
async function wsSend(w: WsClient, roomId: string, message: string): Promise<SocketSendReply> {
  const ref = `g${++refs}`;
  w.socket.send(
    JSON.stringify({ type: 'message.send', ref, roomId, clientId: randomUUID(), message }),
  );
  return (await w.next(
    (e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === ref,
  )) as SocketSendReply;
}
async function open(u: TestUser): Promise<WsClient> {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
}

describe('sending into a room whose other member deleted their account', () => {
  it('over HTTP answers 410 with a message, every time, never 500', async () => {
    const { r, s, room } = await chatPair(t, base, 'Gone Soon');
    // Both members write: the server has the room's members cached.
    expect((await say(r, room, 'Hello')).status).toBe(201);
    expect((await say(s, room, 'Hi!')).status).toBe(201);
    await deleteAccount(s);
    expect(await roomExists(room)).toBe(false);

    const first = await say(r, room, 'Are you there?');
    expect(first.status).toBeLessThan(500);
    const body = (await first.json()) as { error: { code: string; message: string } };
    expect(first.status).toBe(410);
    expect(body.error).toEqual({
      code: 'chat.roomGone',
      key: 'chat.roomGone',
      message: english('chat.roomGone'),
    });
    // Asked again: still a 4xx with a message.
    const again = await say(r, room, 'Hello?');
    expectGone(again.status, ((await again.json()) as { error: never }).error);
    // Nothing was stored for the gone room, and the recruiter's other rooms still work.
    const stored = await t.ctx.db.query('SELECT 1 FROM chat_messages WHERE room_id = $1', [room]);
    expect(stored).toHaveLength(0);
    expect((await say(r, await anotherRoom(r), 'Hello')).status).toBe(201);
  });

  it('a retry (same client id) of a message sent before the deletion is also a 4xx', async () => {
    const { r, s, room } = await chatPair(t, base, 'Gone Too');
    const clientId = randomUUID();
    expect((await say(r, room, 'Hello', clientId)).status).toBe(201);
    await deleteAccount(s);
    const retry = await say(r, room, 'Hello', clientId);
    expect(retry.status).toBeGreaterThanOrEqual(400);
    expect(retry.status).toBeLessThan(500);
    expectGone(retry.status, ((await retry.json()) as { error: never }).error);
  });

  it('when the recruiter deleted theirs, the seeker gets the same answer', async () => {
    const { r, s, room } = await chatPair(t, base, 'Left Behind');
    expect((await say(s, room, 'Hello')).status).toBe(201);
    await deleteAccount(r);
    const res = await say(s, room, 'Hello?');
    expectGone(res.status, ((await res.json()) as { error: never }).error);
  });

  it('over the WebSocket answers a nack with 410 and a message, not a 500', async () => {
    const { r, s, room } = await chatPair(t, base, 'Socket Gone');
    const [wr, ws] = await Promise.all([open(r), open(s)]);
    expect((await wsSend(wr, room, 'Hello')).type).toBe('message.ack');
    expect((await wsSend(ws, room, 'Hi')).type).toBe('message.ack');
    await deleteAccount(s);
    // The seeker's sockets are closed by the deletion; the recruiter's stays.
    await ws.closed;

    const reply = await wsSend(wr, room, 'Are you there?');
    expect(reply.type).toBe('message.nack');
    if (reply.type !== 'message.nack') return;
    expect(reply.error).toEqual({
      status: 410,
      code: 'chat.roomGone',
      key: 'chat.roomGone',
      message: english('chat.roomGone'),
    });
    const again = await wsSend(wr, room, 'Hello?');
    expect(again.type).toBe('message.nack');
    if (again.type === 'message.nack') expectGone(again.error.status, again.error);
    // The socket stays open and works for the recruiter's other rooms.
    expect((await wsSend(wr, await anotherRoom(r), 'Hello')).type).toBe('message.ack');
    wr.close();
  });
});

describe('reading a room whose other member deleted their account', () => {
  it('answers its remaining member 410 with why on every read, a stranger 404, and forgets after 180 days', async () => {
    const { r, s, room } = await chatPair(t, base, 'Read Gone');
    expect((await say(s, room, 'Hello')).status).toBe(201);
    await deleteAccount(s);

    for (const [method, path, body] of [
      ['GET', `/api/rooms/${room}`],
      ['GET', `/api/rooms/${room}/messages`],
      ['POST', `/api/rooms/${room}/read`, { upTo: 1 }],
      ['PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' }],
    ] as const) {
      const res = await api(r, method, path, body);
      expectGone(res.status, ((await res.json()) as { error: never }).error);
    }

    // Someone who was never in it learns nothing: the same 404 as for any room not theirs.
    const stranger = await newUser(t, 'recruiter');
    const peek = await api(stranger, 'GET', `/api/rooms/${room}`);
    expect(peek.status).toBe(404);
    expect(((await peek.json()) as { error: { code: string } }).error.code).toBe('chat.notMember');

    // The tombstone is forgotten after half a year.
    await t.ctx.db.query(
      `UPDATE gone_rooms SET gone_at = now() - interval '181 days' WHERE room_id = $1`,
      [room],
    );
    await pruneEvents(t.ctx.db);
    const later = await api(r, 'GET', `/api/rooms/${room}`);
    expect(later.status).toBe(404);
  });
});
