import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CHAT_LIST_PAGE } from '#shared/limits.ts';
import { hi } from '#shared/i18n/hi.ts';
import { encodeCursor } from '../../lib/cursor.ts';
import { insertMessage } from './messages.repo.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';

// Keyset paging of GET /api/rooms (issue 13, point 7): members with more rooms than a page, made
// with SQL so that 250 rooms take a moment.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Item {
  roomId: string;
  userId: string;
  lastMessage: string | null;
  status: string;
}
interface Page {
  rooms: Item[];
  nextCursor: string | null;
}

const get = (u: TestUser, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: u.cookie } });

const listUrl = (status: string | null, cursor: string | null) => {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  return `/api/rooms${q.size ? `?${q}` : ''}`;
};

async function page(u: TestUser, status: string | null, cursor: string | null): Promise<Page> {
  const res = await get(u, listUrl(status, cursor));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every page of a list from a cursor (null: from the top), each page's room ids. */
async function walk(u: TestUser, status: string | null, from: string | null = null) {
  const pages: string[][] = [];
  let cursor = from;
  do {
    const p = await page(u, status, cursor);
    pages.push(p.rooms.map((r) => r.roomId));
    cursor = p.nextCursor;
    expect(pages.length).toBeLessThan(50);
  } while (cursor);
  return pages;
}

let block = 0;
const STATUSES = ['initiated', 'interested', 'shortlisted', 'interviewing', 'rejected', 'hired'];

/**
 * `n` seekers with a room each with the recruiter: statuses in turn, last activity spread over
 * about four days (two rooms share each moment, so the id breaks ties), one message per room sent
 * at that moment, as the message touch leaves it.
 */
async function seedRooms(recruiterId: string, n: number): Promise<void> {
  block += 1;
  const prefix = `6${String(block).padStart(2, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
  await t.ctx.db.query(
    `WITH s AS (
       INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
       SELECT '+91' || $2 || lpad(g::text, 3, '0'), 'user', true, 6 FROM generate_series(1, $3::int) g
       RETURNING id, right(phone_no, 3)::int AS g),
     p AS (INSERT INTO seeker_profiles (user_id, full_name) SELECT id, 'Seeker ' || g FROM s),
     r AS (
       INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status, created_at, updated_at)
       SELECT $1, s.id, $1, ($4::text[])[1 + s.g % 6], now() - interval '30 days',
              now() - (s.g / 2) * interval '25 minutes' - interval '1 minute'
         FROM s
       RETURNING id, seeker_id, updated_at)
     INSERT INTO chat_messages (room_id, sender_id, client_id, message, is_read, sent_at)
     SELECT r.id, $1, gen_random_uuid(), 'Hello ' || s.g, true, r.updated_at
       FROM r JOIN s ON s.id = r.seeker_id`,
    [recruiterId, prefix, n, STATUSES],
  );
}

/** The order the list must follow: newest activity first, then the larger id. */
async function expectedOrder(
  recruiterId: string,
  where = 'true',
  params: unknown[] = [],
): Promise<string[]> {
  const rows = await t.ctx.db.query<{ id: string }>(
    `SELECT id FROM chat_rooms r WHERE recruiter_id = $1 AND ${where}
      ORDER BY updated_at DESC, id DESC`,
    [recruiterId, ...params],
  );
  return rows.map((r) => r.id);
}

describe('chat list paging', () => {
  it('pages through 250 rooms once each, in order, 30 at a time, with and without a status', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 250);

    const all = await walk(r, null);
    expect(all.map((p) => p.length)).toEqual([...Array(8).fill(CHAT_LIST_PAGE), 10]);
    expect(all.flat()).toEqual(await expectedOrder(r.id));

    for (const status of ['shortlisted', 'initiated']) {
      const pages = await walk(r, status);
      const expected = await expectedOrder(r.id, 'status = $2', [status]);
      expect(expected.length).toBeGreaterThan(CHAT_LIST_PAGE);
      expect(pages.length).toBe(Math.ceil(expected.length / CHAT_LIST_PAGE));
      expect(pages.flat()).toEqual(expected);
    }

    // The last full page says there is no more (no empty page after it).
    const first = await page(r, null, null);
    expect(first.rooms).toHaveLength(CHAT_LIST_PAGE);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('leaves out people blocked either way, on every page', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 250);
    const seekers = await t.ctx.db.query<{ seeker_id: string }>(
      `SELECT seeker_id FROM chat_rooms WHERE recruiter_id = $1 ORDER BY updated_at DESC, id DESC`,
      [r.id],
    );
    // Blocked by the recruiter: every 20th; blocking the recruiter: every 25th from the 7th.
    const byMe = seekers.filter((_, i) => i % 20 === 0).map((s) => s.seeker_id);
    const byThem = seekers.filter((_, i) => i % 25 === 7).map((s) => s.seeker_id);
    await t.ctx.db.query(
      `INSERT INTO blocks (blocker_id, blocked_id) SELECT $1, unnest($2::uuid[])`,
      [r.id, byMe],
    );
    await t.ctx.db.query(
      `INSERT INTO blocks (blocker_id, blocked_id) SELECT unnest($2::uuid[]), $1`,
      [r.id, byThem],
    );
    const hidden = 'NOT (seeker_id = ANY($2::uuid[]))';
    const pages = await walk(r, null);
    expect(pages.flat()).toEqual(await expectedOrder(r.id, hidden, [[...byMe, ...byThem]]));
    expect(pages.flat()).toHaveLength(250 - byMe.length - byThem.length);
    expect(pages.slice(0, -1).every((p) => p.length === CHAT_LIST_PAGE)).toBe(true);

    const tab = await walk(r, 'interested');
    expect(tab.flat()).toEqual(
      await expectedOrder(r.id, `${hidden} AND status = $3`, [[...byMe, ...byThem], 'interested']),
    );
  });

  it('a scroll stays in the order of its first page while rooms get new messages: each room once, none skipped', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 250);
    const before = await expectedOrder(r.id);

    const p1 = await page(r, null, null);
    const p2 = await page(r, null, p1.nextCursor);
    expect([...p1.rooms, ...p2.rooms].map((x) => x.roomId)).toEqual(before.slice(0, 60));

    // Between pages: a room the scroll has not reached moves to the top, so does one it showed
    // already, and a new room starts.
    const ahead = before[150]!;
    const shown = before[5]!;
    const s = await newUser(t, 'user');
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'New Seeker')`,
      [s.id],
    );
    await markOnboarded(t, s.id, 6);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      payload: { seekerId: s.id },
      headers: { cookie: r.cookie },
    });
    expect(started.statusCode).toBe(201);
    const fresh = started.json().room.id as string;
    for (const [room, text] of [
      [ahead, 'Are you free tomorrow?'],
      [shown, 'Following up'],
    ] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/rooms/${room}/messages`,
        payload: { clientId: randomUUID(), message: text },
        headers: { cookie: r.cookie },
      });
      expect(sent.statusCode).toBe(201);
    }

    // The rest of that scroll: the rooms after page 2 in the first page's order, the room that
    // moved still at its old place (with its new last message), the shown one not again, the
    // new one not at all.
    const rest: Item[] = [];
    let cursor = p2.nextCursor;
    while (cursor) {
      const p = await page(r, null, cursor);
      rest.push(...p.rooms);
      cursor = p.nextCursor;
    }
    expect(rest.map((x) => x.roomId)).toEqual(before.slice(60));
    expect(rest.find((x) => x.roomId === ahead)?.lastMessage).toBe('Are you free tomorrow?');

    // A new scroll (a refresh) has them on top, newest first, and everything once.
    const again = (await walk(r, null)).flat();
    expect(again.slice(0, 3)).toEqual([shown, ahead, fresh]);
    expect(again).toHaveLength(251);
    expect(new Set(again).size).toBe(251);
    expect(again).toEqual(await expectedOrder(r.id));
  });

  it('a status change between pages: the room leaves that tab and is not shown twice in the new one', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 250);
    const tab = await expectedOrder(r.id, `status = 'interested'`);
    const p1 = await page(r, 'interested', null);
    const moved = tab[40]!; // on page 2, not shown yet
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/rooms/${moved}/status`,
      payload: { status: 'shortlisted' },
      headers: { cookie: r.cookie },
    });
    expect(res.statusCode).toBe(200);
    const rest = (await walk(r, 'interested', p1.nextCursor)).flat();
    expect(rest).toEqual(tab.slice(CHAT_LIST_PAGE).filter((id) => id !== moved));
    const shortlisted = (await walk(r, 'shortlisted')).flat();
    expect(shortlisted[0]).toBe(moved);
    expect(shortlisted.filter((id) => id === moved)).toHaveLength(1);
  });

  it("pages a seeker's list too", async () => {
    const s = await newUser(t, 'user');
    await t.ctx.db.query(`INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Many')`, [
      s.id,
    ]);
    await markOnboarded(t, s.id, 6);
    block += 1;
    const prefix = `7${String(block).padStart(2, '0')}${String(Date.now() % 10_000).padStart(4, '0')}`;
    await t.ctx.db.query(
      `WITH u AS (
         INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
         SELECT '+91' || $2 || lpad(g::text, 3, '0'), 'recruiter', true, 4 FROM generate_series(1, 45) g
         RETURNING id, right(phone_no, 3)::int AS g),
       p AS (INSERT INTO recruiter_profiles (user_id, full_name, company_name)
             SELECT id, 'Recruiter ' || g, 'Co ' || g FROM u)
       INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status, created_at, updated_at)
       SELECT id, $1, $1, 'initiated', now() - interval '9 days', now() - g * interval '3 hours' FROM u`,
      [s.id, prefix],
    );
    const pages = await walk(s, null);
    expect(pages.map((p) => p.length)).toEqual([CHAT_LIST_PAGE, 15]);
    const expected = await t.ctx.db.query<{ id: string }>(
      `SELECT id FROM chat_rooms WHERE seeker_id = $1 ORDER BY updated_at DESC, id DESC`,
      [s.id],
    );
    expect(pages.flat()).toEqual(expected.map((x) => x.id));
  });

  it('is one statement per page, the first or a later one', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 100);
    const cost = async (cursor: string | null) => {
      const before = t.ctx.db.queryCount;
      const p = await page(r, 'interested', cursor);
      return { queries: t.ctx.db.queryCount - before, next: p.nextCursor };
    };
    const first = await cost(null);
    const second = await cost(first.next);
    expect(second.queries).toBe(first.queries);
    const none = await newRecruiter(t);
    const before = t.ctx.db.queryCount;
    await page(none, 'interested', null);
    expect(t.ctx.db.queryCount - before).toBe(first.queries);
  });

  it("keeps updated_at out of chat_rooms' indexes: a message's room touch is HOT but for the room's first of the day", async () => {
    const indexed = await t.ctx.db.query<{ def: string }>(
      `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'chat_rooms'::regclass`,
    );
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.filter((i) => i.def.includes('updated_at'))).toEqual([]);

    const r = await newRecruiter(t);
    await seedRooms(r.id, 1);
    const [room] = await t.ctx.db.query<{ id: string }>(
      `UPDATE chat_rooms SET updated_at = now() - interval '2 days' WHERE recruiter_id = $1 RETURNING id`,
      [r.id],
    );
    // This transaction's own counts of updates to chat_rooms, and how many of them were HOT.
    const counts = await t.ctx.db.tx(async (q) => {
      const stats = async () =>
        (
          await q.query<{ upd: number; hot: number }>(
            `SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot
               FROM pg_stat_xact_user_tables WHERE relname = 'chat_rooms'`,
          )
        )[0] ?? { upd: 0, hot: 0 };
      const out = [await stats()];
      for (const text of ['First today', 'Second today', 'Third today']) {
        await insertMessage(q, {
          roomId: room!.id,
          senderId: r.id,
          clientId: randomUUID(),
          kind: 'text',
          message: text,
        });
        out.push(await stats());
      }
      return out;
    });
    const steps = counts.slice(1).map((c, i) => ({
      updates: c.upd - counts[i]!.upd,
      hot: c.hot - counts[i]!.hot,
    }));
    expect(steps).toEqual([
      { updates: 1, hot: 0 },
      { updates: 1, hot: 1 },
      { updates: 1, hot: 1 },
    ]);
  });

  it('a bad cursor is a 400 with a message, never a 500', async () => {
    const r = await newRecruiter(t);
    const id = randomUUID();
    const at = '2026-01-02T03:04:05.123456Z';
    const bad = [
      'garbage',
      '\u0000',
      encodeCursor([at, at]),
      encodeCursor([at, at, 'not-a-uuid']),
      encodeCursor([at, '2026-02-31T03:04:05.123456Z', id]),
      encodeCursor(['0000-01-01T00:00:00.000000Z', '0000-01-01T00:00:00.000000Z', id]),
      encodeCursor([at, '2026-01-02 03:04:05', id]),
      encodeCursor([at, '2026-01-03T03:04:05.123456Z', id]), // after the scroll's own time
      encodeCursor([1, 2, 3] as unknown as string[]),
      'x'.repeat(301),
    ];
    for (const cursor of bad) {
      const res = await get(r, `/api/rooms?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    // A well-formed cursor of nobody's scroll is just an empty page.
    const empty = await get(r, `/api/rooms?cursor=${encodeCursor([at, at, id])}`);
    expect(empty.json()).toEqual({ rooms: [], nextCursor: null });
  });
});

describe("an automatic message in the list, in the reader's language (decision 026)", () => {
  it('previews a status change and an interview in Hindi for a Hindi reader, in English else', async () => {
    const r = await newRecruiter(t);
    await seedRooms(r.id, 2);
    const [first, second] = await t.ctx.db.query<{ id: string }>(
      'SELECT id FROM chat_rooms WHERE recruiter_id = $1 ORDER BY id',
      [r.id],
    );
    await t.ctx.db.tx(async (q) => {
      await insertMessage(q, {
        roomId: first!.id,
        senderId: r.id,
        clientId: randomUUID(),
        kind: 'status',
        message: 'Your application status has been updated to: Shortlisted',
        meta: { status: 'shortlisted' },
      });
      await insertMessage(q, {
        roomId: second!.id,
        senderId: r.id,
        clientId: randomUUID(),
        kind: 'interview',
        message: 'stored English text',
        meta: { date: '2026-12-01', time: '10:30', place: 'Office' },
      });
    });
    const preview = async (roomId: string) =>
      (await page(r, null, null)).rooms.find((x) => x.roomId === roomId)?.lastMessage;

    expect(await preview(first!.id)).toBe(
      'Your application status has been updated to: Shortlisted',
    );
    expect(await preview(second!.id)).toContain('1 Dec 2026');

    await t.ctx.db.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [r.id]);
    expect(await preview(first!.id)).toBe(
      `आपके आवेदन की स्थिति अपडेट हो गई है: ${hi.pick.roomStatus.shortlisted}`,
    );
    const interview = await preview(second!.id);
    expect(interview).toMatch(/[\u0900-\u097F]/);
    expect(interview).toContain('10:30');
    expect(interview).toContain('Office');
  });
});
