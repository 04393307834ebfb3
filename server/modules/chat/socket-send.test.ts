import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerFrame, SocketSendReply } from '#shared/schemas/chat.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { newUser, type TestUser } from '../../test/users.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';
import { MAX_IN_FLIGHT } from './socket-send.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const api = (u: TestUser, method: string, path: string, body?: unknown) =>
  fetchAs(base, u, method, path, body);
const pair = () => chatPair(t, base, 'Sock Et');

async function open(u: TestUser): Promise<WsClient> {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
}

let refs = 0;
/** Sends one frame and waits for the answer with its reference. */
async function send(w: WsClient, frame: Record<string, unknown>): Promise<SocketSendReply> {
  const ref = `r${++refs}`;
  w.socket.send(JSON.stringify({ type: 'message.send', ref, ...frame }));
  return (await w.next(
    (e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === ref,
  )) as SocketSendReply;
}

const stored = async (room: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1',
      [room],
    )
  )[0]!.n;

describe('sending messages over the WebSocket', () => {
  it("stores the message, answers the sender with it and delivers it to the other member and the sender's other tabs", async () => {
    const { r, s, room } = await pair();
    const [ws, otherTab, wr] = await Promise.all([open(s), open(s), open(r)]);
    const reply = await send(ws, { roomId: room, clientId: randomUUID(), message: '  Hello  ' });
    expect(reply.type).toBe('message.ack');
    if (reply.type !== 'message.ack') return;
    expect(reply.message).toMatchObject({ roomId: room, senderId: s.id, message: 'Hello' });
    for (const w of [wr, otherTab]) {
      const live = await w.next((e) => e.type === 'message.created');
      expect(live).toMatchObject({ type: 'message.created', message: { id: reply.message.id } });
    }
    // The sending socket has it in its ack: no second copy of the same message on the wire.
    await new Promise((done) => setTimeout(done, 100));
    expect(ws.events.filter((e) => e.type === 'message.created')).toHaveLength(0);
    expect(await stored(room)).toBe(1);
    for (const w of [ws, otherTab, wr]) w.close();
  });

  it('stores a message once whether it is retried over the socket or over HTTP', async () => {
    const { s, room } = await pair();
    const ws = await open(s);
    const clientId = randomUUID();
    const first = await send(ws, { roomId: room, clientId, message: 'once' });
    const again = await send(ws, { roomId: room, clientId, message: 'once' });
    const viaHttp = await api(s, 'POST', `/api/rooms/${room}/messages`, {
      clientId,
      message: 'once',
    });
    expect(viaHttp.status).toBe(200);
    const ids = [first, again].map((x) => (x.type === 'message.ack' ? x.message.id : null));
    expect(ids[0]).not.toBeNull();
    expect(ids[1]).toBe(ids[0]);
    expect((await viaHttp.json()).message.id).toBe(ids[0]);
    expect(await stored(room)).toBe(1);
    ws.close();
  });

  it('refuses an empty or too long message with the same messages as HTTP, storing nothing', async () => {
    const { s, room } = await pair();
    const ws = await open(s);
    const empty = await send(ws, { roomId: room, clientId: randomUUID(), message: '   ' });
    expect(empty).toMatchObject({
      type: 'message.nack',
      error: { status: 400, message: 'Message cannot be empty' },
    });
    const long = await send(ws, {
      roomId: room,
      clientId: randomUUID(),
      message: 'x'.repeat(2001),
    });
    expect(long).toMatchObject({ type: 'message.nack', error: { status: 400 } });
    if (long.type === 'message.nack') expect(long.error.message).toMatch(/too long|2,?000/i);
    const noId = await send(ws, { roomId: room, clientId: 'not-a-uuid', message: 'hi' });
    expect(noId).toMatchObject({ type: 'message.nack', error: { status: 400 } });
    // Refused as the HTTP send refuses them: a NUL (PostgreSQL would refuse it: a 500 before),
    // a bell, and a message of nothing but invisible characters.
    for (const message of ['bad\u0000nul', 'bell\u0007char'])
      expect(await send(ws, { roomId: room, clientId: randomUUID(), message })).toMatchObject({
        type: 'message.nack',
        error: { status: 400, code: 'errors.controlCharacter' },
      });
    const invisible = await send(ws, {
      roomId: room,
      clientId: randomUUID(),
      message: '\u200b\u200b\u202e',
    });
    expect(invisible).toMatchObject({
      type: 'message.nack',
      error: { status: 400, message: 'Message cannot be empty' },
    });
    expect(await stored(room)).toBe(0);
    ws.close();
  });

  it('a third user cannot write to a room over the socket, and its members hear nothing', async () => {
    const { r, s, room } = await pair();
    const stranger = await newUser(t, 'user');
    const [wx, wr, ws] = await Promise.all([open(stranger), open(r), open(s)]);
    const reply = await send(wx, { roomId: room, clientId: randomUUID(), message: 'let me in' });
    expect(reply).toMatchObject({ type: 'message.nack', error: { status: 404 } });
    const notUuid = await send(wx, { roomId: 'nope', clientId: randomUUID(), message: 'x' });
    expect(notUuid).toMatchObject({ type: 'message.nack', error: { status: 404 } });
    expect(await stored(room)).toBe(0);
    // A later message of a member is the first thing the other member receives.
    await send(ws, { roomId: room, clientId: randomUUID(), message: 'real' });
    const first = await wr.next((e) => e.type === 'message.created');
    expect(first).toMatchObject({ message: { message: 'real' } });
    for (const w of [wx, wr, ws]) w.close();
  });

  it('ignores frames it cannot answer and keeps the connection', async () => {
    const { s, room } = await pair();
    const ws = await open(s);
    ws.socket.send('{not json');
    ws.socket.send(JSON.stringify({ type: 'message.send', roomId: room, message: 'no ref' }));
    ws.socket.send(JSON.stringify({ ref: 'x'.repeat(65), type: 'message.send' }));
    const ok = await send(ws, { roomId: room, clientId: randomUUID(), message: 'still here' });
    expect(ok.type).toBe('message.ack');
    expect(ws.events.filter((e: ServerFrame) => e.type === 'message.nack')).toHaveLength(0);
    expect(await stored(room)).toBe(1);
    ws.close();
  });

  it(`answers a flood beyond ${MAX_IN_FLIGHT} unanswered sends with 429, and stores exactly what it acknowledged`, async () => {
    const { s, room } = await pair();
    const ws = await open(s);
    const count = MAX_IN_FLIGHT * 3;
    const refsSent = Array.from({ length: count }, (_, i) => `flood-${i}`);
    for (const ref of refsSent)
      ws.socket.send(
        JSON.stringify({
          type: 'message.send',
          ref,
          roomId: room,
          clientId: randomUUID(),
          message: ref,
        }),
      );
    const replies = (await Promise.all(
      refsSent.map((ref) =>
        ws.next(
          (e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === ref,
          10_000,
        ),
      ),
    )) as SocketSendReply[];
    const acks = replies.filter((x) => x.type === 'message.ack');
    const limited = replies.filter((x) => x.type === 'message.nack' && x.error.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(acks.length + limited.length).toBe(count);
    expect(await stored(room)).toBe(acks.length);
    ws.close();
  });

  it('a session revoked elsewhere is refused at the next send after the re-check interval, and the socket closes', async () => {
    const { s, room } = await pair();
    const ws = await open(s);
    expect((await send(ws, { roomId: room, clientId: randomUUID(), message: 'a' })).type).toBe(
      'message.ack',
    );
    // Another instance signed this session out: only the database knows.
    await t.ctx.db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1', [s.id]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const refused = await send(ws, { roomId: room, clientId: randomUUID(), message: 'b' });
    expect(refused).toMatchObject({ type: 'message.nack', error: { status: 401 } });
    expect(await ws.closed).toBe(4401);
    expect(await stored(room)).toBe(1);
  });
});
