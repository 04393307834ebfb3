import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import pg from 'pg';
import type { ChildProcess } from 'node:child_process';
import {
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import { generateVapidKeys } from '../../config.ts';
import {
  browserSubscription,
  created,
  startPushService,
  type BrowserSubscription,
  type PushService,
} from '../../test/push-service.ts';

// Two real server processes on one PostgreSQL database and one Redis, each running its own
// notification worker. A worker is killed (SIGKILL) while the push service holds its request: the
// job it claimed is sent by the other instance once its lease (3 s here) has run out. Then a burst
// through both instances: every message pushed exactly once. Runs in CI's PostgreSQL + Redis pass.
const ADMIN = process.env.DATABASE_URL!;
const REDIS = process.env.REDIS_URL!;
const LEASE_SECONDS = 3;
const dbName = `nearhire_notify_${randomUUID().slice(0, 8)}`;
const vapid = generateVapidKeys();
let dbUrl: string;
let db: pg.Client;
let push: PushService;
const procs: ChildProcess[] = [];

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    databaseUrl: dbUrl,
    redisUrl: REDIS,
    secretKey: 'notify-secret-key-notify-secret-key-0123456',
    dataDirPrefix: 'nearhire-notify-',
    env: {
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@nearhire.invalid',
      NOTIFY_LEASE_SECONDS: String(LEASE_SECONDS),
      LOG_LEVEL: 'error',
    },
  });
  procs.push(server.proc);
  return server;
}

const login = loginOverHttp;

const post = (base: string, cookie: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

interface Pair {
  recruiter: string;
  room: string;
  sub: BrowserSubscription;
}

/** A recruiter and a seeker (no socket: offline) in a room, the seeker's browser subscribed. */
async function pair(base: string, n: number): Promise<Pair> {
  const rPhone = `94555${String(n).padStart(5, '0')}`;
  const sPhone = `94666${String(n).padStart(5, '0')}`;
  const recruiter = await login(base, rPhone);
  const seeker = await login(base, sPhone);
  await db.query(
    `UPDATE users SET user_role = 'recruiter', is_onboarded = true WHERE phone_no = $1`,
    [`+91${rPhone}`],
  );
  await db.query(`UPDATE users SET user_role = 'user', is_onboarded = true WHERE phone_no = $1`, [
    `+91${sPhone}`,
  ]);
  const seekerId = (await db.query(`SELECT id FROM users WHERE phone_no = $1`, [`+91${sPhone}`]))
    .rows[0].id as string;
  const room = (
    (await (await post(base, recruiter, '/api/rooms', { seekerId })).json()) as {
      room: { id: string };
    }
  ).room.id;
  const sub = browserSubscription(`${push.origin}/push/${n}`);
  const res = await post(base, seeker, '/api/push/subscriptions', {
    endpoint: sub.endpoint,
    keys: sub.keys,
  });
  expect(res.status).toBe(204);
  return { recruiter, room, sub };
}

async function say(base: string, p: Pair, text: string): Promise<number> {
  const res = await post(base, p.recruiter, `/api/rooms/${p.room}/messages`, {
    clientId: randomUUID(),
    message: text,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { message: { id: number } }).message.id;
}

const bodyOf = (p: Pair, body: Buffer) =>
  (JSON.parse(p.sub.decrypt(body)) as { body: string }).body;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  push = await startPushService();
}, 90_000);

afterAll(async () => {
  for (const p of procs) p.kill('SIGKILL');
  await db?.end();
  await push?.close();
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('two servers, one queue', () => {
  it('a job whose worker was killed mid-send is sent once by the other after the lease; a burst through both is pushed exactly once', async () => {
    const a = await startServer();
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    const victim = await pair(a.base, 1);

    // The push service takes A's request and never answers it; A is killed meanwhile.
    let held: ServerResponse | null = null;
    push.answer = (res) => {
      held = res;
    };
    const id = await say(a.base, victim, 'sent while the worker dies');
    await push.waitFor(1);
    const firstAt = Date.now();
    a.proc.kill('SIGKILL');
    await new Promise((resolve) => a.proc.once('exit', resolve));
    (held as ServerResponse | null)?.destroy();
    const [claimed] = (
      await db.query(
        `SELECT state, attempts, locked_by FROM notification_jobs
          WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
        [id],
      )
    ).rows;
    expect(claimed).toMatchObject({ state: 'pending', attempts: 1 });

    push.answer = created;
    const b = await startServer();
    await push.waitFor(2, 20_000);
    // Not before the dead worker's lease ran out.
    expect(Date.now() - firstAt).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 200);
    expect(push.received.map((r) => bodyOf(victim, r.body))).toEqual([
      'sent while the worker dies',
      'sent while the worker dies',
    ]);
    // The push service has answered; the worker records it right after.
    let taken: { state: string; attempts: number; locked_by: string } | undefined;
    for (let i = 0; i < 100 && taken?.state !== 'done'; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 50));
      [taken] = (
        await db.query(
          `SELECT state, attempts, locked_by FROM notification_jobs
            WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
          [id],
        )
      ).rows;
    }
    expect(taken).toMatchObject({ state: 'done', attempts: 2 });
    expect(taken!.locked_by).not.toBe(claimed.locked_by);

    // A new instance next to B; a burst through both: each message pushed once.
    const a2 = await startServer();
    push.received.length = 0;
    const pairs: Pair[] = [];
    for (let i = 0; i < 4; i++) pairs.push(await pair(i % 2 ? a2.base : b.base, 10 + i));
    const sent: string[] = [];
    for (let k = 0; k < 8; k++)
      for (const [i, p] of pairs.entries()) {
        const text = `burst ${i}.${k}`;
        sent.push(text);
        await say((i + k) % 2 ? a2.base : b.base, p, text);
      }
    await push.waitFor(sent.length, 20_000);
    // Whatever else might come has a chance to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2 * LEASE_SECONDS * 1000));
    const got = push.received.map((r) => {
      const p = pairs.find((x) => new URL(x.sub.endpoint).pathname === r.path)!;
      return bodyOf(p, r.body);
    });
    expect(got.sort()).toEqual([...sent].sort());
    const workers = (
      await db.query<{ locked_by: string; attempts: number; n: number }>(
        `SELECT locked_by, attempts, count(*)::int AS n FROM notification_jobs
          WHERE kind = 'message' AND state = 'done' AND (payload->>'messageId')::bigint > $1
          GROUP BY 1, 2`,
        [id],
      )
    ).rows;
    expect(workers.every((w) => w.attempts === 1)).toBe(true);
    expect(workers.reduce((sum, w) => sum + w.n, 0)).toBe(sent.length);
  }, 120_000);
});
