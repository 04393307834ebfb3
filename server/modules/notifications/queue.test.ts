import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS } from '#shared/limits.ts';
import type { BuiltApp } from '../../app.ts';
import { listeningTestApp, secondApp, type TestApp } from '../../test/app.ts';
import { chatPair } from '../../test/chat.ts';
import { testClock } from '../../test/clock.ts';
import type { TestUser } from '../../test/users.ts';
import {
  browserSubscription,
  created,
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../test/push-service.ts';
import { backoffMs, claim, complete, enqueue, pruneJobs, type Job } from './queue.ts';
import { createNotifications } from './worker.ts';

// The queue itself: enqueued with the message in one statement, claimed once across workers, a
// dead worker's job taken again after its lease, backoff. On PGlite by default; with DATABASE_URL
// the two-worker test runs two app instances (two connection pools) on one PostgreSQL database.
const clock = testClock();
let t: TestApp;
let base: string;
let push: PushService;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({}, { notifications: { clock, poll: false } }));
  push = await startPushService();
});
afterEach(() => {
  push.answer = created;
  push.received.length = 0;
  clock.set(new Date());
});
afterAll(async () => {
  await t.close();
  await push.close();
});

async function subscribe(u: TestUser): Promise<BrowserSubscription> {
  const sub = browserSubscription(`${push.origin}/push/${randomUUID()}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: u.cookie },
    payload: { endpoint: sub.endpoint, keys: sub.keys },
  });
  expect(res.statusCode).toBe(204);
  return sub;
}

async function say(app: BuiltApp, u: TestUser, room: string, message: string): Promise<number> {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/rooms/${room}/messages`,
    headers: { cookie: u.cookie },
    payload: { clientId: randomUUID(), message },
  });
  expect(res.statusCode).toBe(201);
  return res.json().message.id as number;
}

const jobFor = async (messageId: number) =>
  (
    await t.ctx.db.query<{ id: number; state: string; attempts: number; locked_by: string | null }>(
      `SELECT id, state, attempts, locked_by FROM notification_jobs
        WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
      [messageId],
    )
  )[0];

describe('enqueued with the message', () => {
  it('every stored message has its job; a message rolled back has none', async () => {
    const { r, room } = await chatPair(t, base, 'Asha Rao');
    const id = await say(t, r, room, 'one');
    expect(await jobFor(id)).toMatchObject({ state: 'pending', attempts: 0 });
    // A retry of the same send stores nothing new and enqueues nothing new.
    const clientId = randomUUID();
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        method: 'POST',
        url: `/api/rooms/${room}/messages`,
        headers: { cookie: r.cookie },
        payload: { clientId, message: 'twice' },
      });
    const [counts] = await t.ctx.db.query<{ messages: number; jobs: number }>(
      `SELECT (SELECT count(*)::int FROM chat_messages WHERE room_id = $1) AS messages,
              (SELECT count(*)::int FROM notification_jobs j JOIN chat_messages m
                  ON m.id = (j.payload->>'messageId')::bigint WHERE m.room_id = $1) AS jobs`,
      [room],
    );
    expect(counts).toEqual({ messages: 2, jobs: 2 });

    const before = await t.ctx.db.query('SELECT id FROM notification_jobs');
    await expect(
      t.ctx.db.tx(async (q) => {
        await q.query(
          `INSERT INTO chat_messages (room_id, sender_id, client_id, message) VALUES ($1, $2, $3, 'lost')`,
          [room, r.id, randomUUID()],
        );
        throw new Error('crash before the commit');
      }),
    ).rejects.toThrow('crash');
    expect(await t.ctx.db.query('SELECT id FROM notification_jobs')).toHaveLength(before.length);
  });

  it('old rows (demo data, imports) and system messages enqueue nothing', async () => {
    const { r, room } = await chatPair(t, base, 'Asha Rao');
    const rows = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO chat_messages (room_id, sender_id, client_id, message, sent_at)
       VALUES ($1, $2, $3, 'from last week', now() - interval '7 days'),
              ($1, NULL, $4, 'the system speaking', now())
       RETURNING id`,
      [room, r.id, randomUUID(), randomUUID()],
    );
    for (const row of rows) expect(await jobFor(row.id)).toBeUndefined();
  });
});

describe('claims', () => {
  it('a job claimed by a worker that dies is sent once by another after the lease', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    await subscribe(s);
    const id = await say(t, r, room, 'survives a crash');
    // Worker "dead" claims it and is never heard of again.
    const lease = t.ctx.config.notify.leaseSeconds * 1000;
    const start = clock.now();
    const claimed = await claim(t.ctx.db, 'dead', start, 100, lease);
    expect(claimed.map((j) => j.payload.messageId)).toContain(id);

    clock.set(new Date(start.getTime() + lease - 1000));
    await t.ctx.notifications.drain();
    expect(push.received).toHaveLength(0);
    expect(await jobFor(id)).toMatchObject({ state: 'pending', locked_by: 'dead' });

    clock.set(new Date(start.getTime() + lease));
    await t.ctx.notifications.drain();
    await t.ctx.notifications.drain();
    expect(push.received).toHaveLength(1);
    expect(await jobFor(id)).toMatchObject({
      state: 'done',
      attempts: 2,
      locked_by: t.ctx.notifications.workerId,
    });
  });

  it('a worker whose lease ran out cannot finish the job another took over', async () => {
    await enqueue(t.ctx.db, { kind: 'sms', payload: { probe: 1 }, dedupeKey: 'probe-lease' });
    const start = clock.now();
    const [late] = (await claim(t.ctx.db, 'slow', start, 100, 1000)).filter(
      (j) => j.payload.probe === 1,
    );
    const later = new Date(start.getTime() + 2000);
    const [taken] = (await claim(t.ctx.db, 'other', later, 100, 1000)).filter(
      (j) => j.payload.probe === 1,
    );
    expect(taken).toMatchObject({ id: late!.id, attempts: 2 });
    expect(await complete(t.ctx.db, late as Job, later)).toBe(false);
    expect(await complete(t.ctx.db, taken as Job, later)).toBe(true);
    const [row] = await t.ctx.db.query<{ state: string; locked_by: string }>(
      'SELECT state, locked_by FROM notification_jobs WHERE id = $1',
      [late!.id],
    );
    expect(row).toEqual({ state: 'done', locked_by: 'other' });
  });

  it('dedupe: one pending job per key; a new one once it is done', async () => {
    const key = `probe-${randomUUID()}`;
    expect(await enqueue(t.ctx.db, { kind: 'sms', payload: {}, dedupeKey: key })).toBe(true);
    expect(await enqueue(t.ctx.db, { kind: 'sms', payload: {}, dedupeKey: key })).toBe(false);
    await t.ctx.db.query(
      `UPDATE notification_jobs SET state = 'done', finished_at = now() WHERE dedupe_key = $1`,
      [key],
    );
    expect(await enqueue(t.ctx.db, { kind: 'sms', payload: {}, dedupeKey: key })).toBe(true);
  });

  it('backoff doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffMs(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3600,
    ]);
    expect(NOTIFICATIONS.maxAttempts).toBe(8);
  });

  it('finished jobs are pruned: done after 2 days, failed after 14', async () => {
    const rows = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO notification_jobs (kind, state, finished_at) VALUES
         ('sms', 'done', now() - interval '3 days'), ('sms', 'done', now() - interval '1 day'),
         ('sms', 'failed', now() - interval '3 days'), ('sms', 'failed', now() - interval '15 days')
       RETURNING id`,
    );
    await pruneJobs(t.ctx.db, new Date());
    const left = await t.ctx.db.query<{ id: number }>(
      'SELECT id FROM notification_jobs WHERE id = ANY($1::bigint[]) ORDER BY id',
      [rows.map((r) => r.id)],
    );
    expect(left.map((r) => r.id)).toEqual([rows[1]!.id, rows[2]!.id]);
  });
});

describe('two workers on one database', () => {
  it('every message is pushed exactly once', async () => {
    // With PostgreSQL: another app instance (its own pool, its worker running on its own) on the
    // same database, and four more workers here, each claiming 2 jobs at a time on its own pooled
    // connection: claims race for real. PGlite is one process's one connection: the workers take
    // turns on it.
    const other: BuiltApp | null = t.ctx.db.kind === 'postgres' ? await secondApp(t) : null;
    const extra = Array.from({ length: 4 }, () =>
      createNotifications(t.ctx, { clock, poll: false, batch: 2 }),
    );
    const workers = [t.ctx.notifications, ...extra];
    const drainAll = () => Promise.all(workers.map((w) => w.drain()));
    try {
      // Our workers see nothing due until every message is in: then they all start at once.
      clock.advance(-3600_000);
      // 8 conversations of 5 messages (a user may send 10 at once), each seeker with a browser.
      const pairs: (Awaited<ReturnType<typeof chatPair>> & { sub: BrowserSubscription })[] = [];
      for (let i = 0; i < 8; i++) {
        const pair = await chatPair(t, base, `Seeker ${i}`);
        pairs.push({ ...pair, sub: await subscribe(pair.s) });
      }
      const texts: string[] = [];
      // Sent through both instances, drained by both at once, several times over.
      for (let k = 0; k < 5; k++)
        for (const [i, p] of pairs.entries()) {
          const text = `burst ${i}.${k}`;
          texts.push(text);
          await say((i + k) % 2 && other ? other : t, p.r, p.room, text);
        }
      clock.set(new Date());
      await drainAll();
      await push.waitFor(40);
      await other?.ctx.notifications.drain();
      await drainAll();
      expect(push.received).toHaveLength(40);
      const bodies = push.received.map((got) => {
        const { sub } = pairs.find((p) => new URL(p.sub.endpoint).pathname === got.path)!;
        return (JSON.parse(sub.decrypt(got.body)) as { body: string }).body;
      });
      expect(bodies.sort()).toEqual([...texts].sort());
      const [done] = await t.ctx.db.query<{ n: number; once: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE attempts = 1)::int AS once
           FROM notification_jobs j JOIN chat_messages m ON m.id = (j.payload->>'messageId')::bigint
          WHERE m.room_id = ANY($1::uuid[]) AND j.state = 'done'`,
        [pairs.map((p) => p.room)],
      );
      expect(done).toEqual({ n: 40, once: 40 });
    } finally {
      await other?.app.close();
      for (const w of extra) await w.close();
    }
  });
});
