import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ROOM_STATUSES } from '#shared/picklists.ts';
import { closeUnanswered } from '../reply-rate/reply-rate.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';

// GET /api/rooms/unread (issue 14, point 5): the badges' counts, from the partial unread index
// led by the recipient (migration 014).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const req = (
  u: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: u ? { cookie: u.cookie } : {},
  });
const send = async (u: TestUser, room: string, text: string) => {
  const res = await req(u, 'POST', `/api/rooms/${room}/messages`, {
    clientId: randomUUID(),
    message: text,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.id as number;
};
const counts = async (u: TestUser) => {
  const res = await req(u, 'GET', '/api/rooms/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    conversations: number;
    messages: number;
    byStatus: Record<string, number>;
  };
};
const zero = Object.fromEntries(ROOM_STATUSES.map((s) => [s, 0]));

async function seeker(name = 'Unread Seeker'): Promise<TestUser> {
  const u = await newUser(t, 'user');
  await t.ctx.db.query(`INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, $2)`, [
    u.id,
    name,
  ]);
  await markOnboarded(t, u.id, 6);
  return u;
}
async function jobOf(r: TestUser): Promise<string> {
  const [row] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, status)
     VALUES ($1, 'Store Manager', 'Acme', 'full_time', 'entry', 'operations_admin', 'Run it', 'open') RETURNING id`,
    [r.id],
  );
  return row!.id;
}
/** A room the seeker started from one of the recruiter's jobs (status initiated). */
async function seekerRoom(r: TestUser, s: TestUser): Promise<string> {
  const res = await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room.id as string;
}
/** A room the recruiter started with the seeker (status interested). */
async function recruiterRoom(r: TestUser, s: TestUser): Promise<string> {
  const res = await req(r, 'POST', '/api/rooms', { seekerId: s.id, jobId: await jobOf(r) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room.id as string;
}

describe('unread counts', () => {
  it('counts conversations with unread messages, in all and by status, for both roles', async () => {
    const r = await newRecruiter(t);
    const [a, b, c] = [await seeker('A'), await seeker('B'), await seeker('C')];
    const ra = await seekerRoom(r, a);
    const rb = await seekerRoom(r, b);
    const rc = await recruiterRoom(r, c);
    expect(await counts(r)).toEqual({ conversations: 0, messages: 0, byStatus: zero });

    await send(a, ra, 'one');
    await send(a, ra, 'two');
    await send(b, rb, 'three');
    await send(c, rc, 'four');
    // My own messages are never unread for me.
    await send(r, rb, 'a reply');
    expect(await counts(r)).toEqual({
      conversations: 3,
      messages: 4,
      byStatus: { ...zero, initiated: 2, interested: 1 },
    });
    // The seeker of room b has the recruiter's reply; seeker a has nothing.
    expect(await counts(b)).toEqual({
      conversations: 1,
      messages: 1,
      byStatus: { ...zero, initiated: 1 },
    });
    expect((await counts(a)).conversations).toBe(0);

    // The lists agree with the counts.
    const listed = (await req(r, 'GET', '/api/rooms')).json().rooms as {
      roomId: string;
      unreadCount: number;
    }[];
    expect(Object.fromEntries(listed.map((x) => [x.roomId, x.unreadCount]))).toEqual({
      [ra]: 2,
      [rb]: 1,
      [rc]: 1,
    });

    // A status change moves the room to its new tab's count.
    expect((await req(r, 'PUT', `/api/rooms/${ra}/status`, { status: 'hired' })).statusCode).toBe(
      200,
    );
    expect((await counts(r)).byStatus).toEqual({ ...zero, initiated: 1, interested: 1, hired: 1 });
    // The status message itself is unread for the seeker.
    expect(await counts(a)).toMatchObject({ conversations: 1, messages: 1 });

    // Reading part of a room leaves it counted; reading all of it takes it out.
    const [first] = await t.ctx.db.query<{ id: number }>(
      `SELECT min(id)::int AS id FROM chat_messages WHERE room_id = $1 AND sender_id = $2`,
      [ra, a.id],
    );
    expect((await req(r, 'POST', `/api/rooms/${ra}/read`, { upTo: first!.id })).statusCode).toBe(
      204,
    );
    expect(await counts(r)).toMatchObject({ conversations: 3, messages: 3 });
    expect((await req(r, 'POST', `/api/rooms/${ra}/read`, { upTo: 2 ** 31 })).statusCode).toBe(204);
    expect(await counts(r)).toEqual({
      conversations: 2,
      messages: 2,
      byStatus: { ...zero, initiated: 1, interested: 1 },
    });
    // Reading marks only what was for the reader: the seeker's unread status message stays.
    expect((await counts(a)).messages).toBe(1);
  });

  it('leaves out people blocked either way, as the lists do', async () => {
    const r = await newRecruiter(t);
    const [a, b] = [await seeker('A'), await seeker('B')];
    const ra = await seekerRoom(r, a);
    const rb = await seekerRoom(r, b);
    await send(a, ra, 'hello');
    await send(b, rb, 'hello');
    expect((await counts(r)).conversations).toBe(2);
    expect((await req(r, 'POST', '/api/blocks', { userId: a.id })).statusCode).toBe(204);
    expect(await counts(r)).toMatchObject({ conversations: 1, byStatus: { initiated: 1 } });
    expect((await req(b, 'POST', '/api/blocks', { userId: r.id })).statusCode).toBe(204);
    expect((await counts(r)).conversations).toBe(0);
    expect((await req(r, 'DELETE', `/api/blocks/${a.id}`)).statusCode).toBe(204);
    expect((await counts(r)).conversations).toBe(1);
  });

  it("the 7-day auto-close notice is unread for the seeker, not the recruiter; every writer sets who it's for", async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = await seekerRoom(r, s);
    await send(s, room, 'Anyone there?');
    await t.ctx.db.query(
      `UPDATE chat_rooms SET created_at = now() - interval '8 days' WHERE id = $1`,
      [room],
    );
    const closed = await closeUnanswered(t.ctx.db);
    expect(closed.map((c) => c.roomId)).toContain(room);
    expect(await counts(s)).toEqual({
      conversations: 1,
      messages: 1,
      byStatus: { ...zero, rejected: 1 },
    });
    expect(await counts(r)).toMatchObject({ conversations: 1, messages: 1 });
    // A message written straight into the table (demo data, an import) is for the other member.
    await t.ctx.db.query(
      `INSERT INTO chat_messages (room_id, sender_id, client_id, message) VALUES ($1, $2, $3, 'direct')`,
      [room, r.id, randomUUID()],
    );
    const rows = await t.ctx.db.query<{ message: string; recipient_id: string }>(
      `SELECT message, recipient_id FROM chat_messages WHERE room_id = $1 ORDER BY id`,
      [room],
    );
    expect(rows.map((x) => [x.message, x.recipient_id])).toEqual([
      ['Anyone there?', r.id],
      [expect.stringContaining('Closed'), s.id],
      ['direct', s.id],
    ]);
    expect((await counts(s)).messages).toBe(2);
  });

  it("counts nobody else's rooms, and is one statement however many rooms there are", async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const other = await newRecruiter(t);
    await send(other, await recruiterRoom(other, s), 'not for r');
    const cost = async () => {
      const before = t.ctx.db.queryCount;
      const answer = await counts(r);
      return { queries: t.ctx.db.queryCount - before, answer };
    };
    const empty = await cost();
    expect(empty.answer.conversations).toBe(0);
    for (let i = 0; i < 12; i++) {
      const x = await seeker(`S${i}`);
      await send(x, await seekerRoom(r, x), `hello ${i}`);
    }
    const full = await cost();
    expect(full.answer).toMatchObject({ conversations: 12, messages: 12 });
    expect(full.queries).toBe(empty.queries);
    expect((await counts(s)).conversations).toBe(1);
  });

  it('answers only people who use chats: 401 without a session, 403 for a moderator or a user without a role', async () => {
    const none = await req(null, 'GET', '/api/rooms/unread');
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toEqual(expect.any(String));
    const roleless = await newUser(t, null);
    expect((await req(roleless, 'GET', '/api/rooms/unread')).statusCode).toBe(403);
    const mod = await newUser(t, null);
    await t.ctx.db.query(
      `UPDATE users SET user_role = 'admin', is_onboarded = true WHERE id = $1`,
      [mod.id],
    );
    const denied = await req(mod, 'GET', '/api/rooms/unread');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('errors.forbidden');
  });
});
