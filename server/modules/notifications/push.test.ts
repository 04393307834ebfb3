import { textIn } from '#shared/i18n/texts.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { english } from '#shared/i18n/messages.ts';
import { pushPayload, type PushPayload } from '#shared/schemas/notifications.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { chatPair } from '../../test/chat.ts';
import type { TestUser } from '../../test/users.ts';
import { testClock } from '../../test/clock.ts';
import { createSession } from '../auth/sessions.ts';
import { hashToken } from '../../lib/crypto.ts';
import { SESSION } from '#shared/limits.ts';
import { connectWs } from '../../test/ws.ts';
import {
  browserSubscription,
  created,
  startPushService,
  verifyVapid,
  type BrowserSubscription,
  type PushService,
} from '../../test/push-service.ts';

// Web Push end to end: the app's worker runs on its own (polling, and nudged by every stored
// message); `drain()` is only the test's barrier ("everything due has run"). The test plays the
// browser (its keys) and the push service (a local HTTP server that checks the VAPID signature
// and decrypts the payload).
const clock = testClock();
let t: TestApp;
let base: string;
let push: PushService;
let n = 0;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({}, { notifications: { clock, poll: true, pollMs: 200 } }));
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

const inject = (
  u: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: u ? { cookie: u.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function subscribe(u: TestUser): Promise<BrowserSubscription> {
  n += 1;
  const sub = browserSubscription(`${push.origin}/push/${n}-${randomUUID()}`);
  await register(u, sub);
  return sub;
}

/** What the web app sends for the browser's subscription (on turning push on, and each start). */
async function register(u: TestUser, sub: BrowserSubscription): Promise<void> {
  const res = await inject(u, 'POST', '/api/push/subscriptions', {
    endpoint: sub.endpoint,
    expirationTime: null,
    keys: sub.keys,
  });
  expect(res.statusCode).toBe(204);
}

async function say(u: TestUser, room: string, message: string): Promise<number> {
  const res = await inject(u, 'POST', `/api/rooms/${room}/messages`, {
    clientId: randomUUID(),
    message,
  });
  expect(res.statusCode).toBeLessThan(300);
  return res.json().message.id as number;
}

/** The pushes that reached one subscription, decrypted and checked against the shared schema. */
function opened(sub: BrowserSubscription): PushPayload[] {
  const path = new URL(sub.endpoint).pathname;
  return push.received
    .filter((p) => p.path === path)
    .map((p) => pushPayload.parse(JSON.parse(sub.decrypt(p.body))));
}

const jobsOf = (messageId: number) =>
  t.ctx.db.query<{ state: string; attempts: number; run_ms: number; payload: unknown }>(
    `SELECT state, attempts, (extract(epoch FROM run_at) * 1000)::float8 AS run_ms, payload
       FROM notification_jobs WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
    [messageId],
  );

describe('a subscription lives as long as the session that made it (decision 028)', () => {
  it("'Sign out of other devices' silences the others' browsers; a revoked session's browser gets nothing", async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const lost = await subscribe(s); // on the lost phone (the session chatPair signed in)
    // The same person signs in on another device and signs out of every other one.
    const here: TestUser = {
      ...s,
      cookie: `${SESSION.cookieName}=${await createSession(t.ctx.db, s.id, '10.9.0.1', 'laptop')}`,
    };
    const ended = await inject(here, 'POST', '/api/auth/logout-others');
    expect(ended.json()).toEqual({ ended: 1 });
    await say(r, room, 'My new number is in the next message');
    await t.ctx.notifications.drain();
    expect(opened(lost)).toEqual([]);
    expect(
      await t.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [lost.endpoint]),
    ).toHaveLength(0);

    // This device's subscription works, until its session ends some other way (expired,
    // suspended): then nothing is sent to it either.
    const laptop = await subscribe(here);
    await say(r, room, 'Hello again');
    await push.waitFor(1);
    await t.ctx.notifications.drain();
    expect(opened(laptop)).toHaveLength(1);
    await t.ctx.db.query(
      `UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [s.id],
    );
    await say(r, room, 'Are you there?');
    await t.ctx.notifications.drain();
    expect(opened(laptop)).toHaveLength(1);
  });

  it('subscriptions from before sessions were recorded are dropped (migration 026); registered again at the next start, they get pushes again, bound to that session', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const laptop: TestUser = {
      ...s,
      cookie: `${SESSION.cookieName}=${await createSession(t.ctx.db, s.id, '10.9.0.2', 'laptop')}`,
    };
    const phone = await subscribe(s); // made "before migration 024" below: no session
    const kept = await subscribe(laptop);
    const migration = await readFile(
      new URL('../../db/migrations/026-push-only-with-session.sql', import.meta.url),
      'utf8',
    );
    const endpointsOf = async (userId: string) =>
      (
        await t.ctx.db.query<{ endpoint: string }>(
          'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
          [userId],
        )
      ).map((row) => row.endpoint);
    try {
      // The table as it was before: a row of the phone's browser with no session.
      await t.ctx.db.exec('ALTER TABLE push_subscriptions ALTER COLUMN session_hash DROP NOT NULL');
      await t.ctx.db.query(
        'UPDATE push_subscriptions SET session_hash = NULL WHERE endpoint = $1',
        [phone.endpoint],
      );
      await t.ctx.db.exec(migration);
      expect(await endpointsOf(s.id)).toEqual([kept.endpoint]);
    } finally {
      await t.ctx.db.exec(
        `DELETE FROM push_subscriptions WHERE session_hash IS NULL;
         ALTER TABLE push_subscriptions ALTER COLUMN session_hash SET NOT NULL`,
      );
    }
    // None can be stored without its session again.
    await expect(
      t.ctx.db.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, 'x', 'y', 'z')`,
        [s.id],
      ),
    ).rejects.toThrow();
    await say(r, room, 'Only your laptop hears this');
    await push.waitFor(1);
    await t.ctx.notifications.drain();
    expect(opened(phone)).toEqual([]);
    expect(opened(kept)).toHaveLength(1);

    // The phone's browser starts the app: it registers the same subscription again, twice (two
    // tabs), and is one row, bound to the session signed in there.
    await register(s, phone);
    await register(s, phone);
    expect(await endpointsOf(s.id)).toEqual([kept.endpoint, phone.endpoint]);
    const [bound] = await t.ctx.db.query<{ session_hash: string }>(
      'SELECT session_hash FROM push_subscriptions WHERE endpoint = $1',
      [phone.endpoint],
    );
    expect(bound!.session_hash).toBe(hashToken(s.cookie.split('=')[1]!));
    await say(r, room, 'Back on your phone');
    await push.waitFor(3);
    await t.ctx.notifications.drain();
    expect(opened(phone).map((p) => p.body)).toEqual(['Back on your phone']);

    // Signing out there ends it: the next person on that phone gets nothing of Asha's.
    expect((await inject(s, 'POST', '/api/auth/logout')).statusCode).toBe(204);
    await say(r, room, 'Still there?');
    await push.waitFor(4);
    await t.ctx.notifications.drain();
    expect(opened(phone)).toHaveLength(1);
    expect(await endpointsOf(s.id)).toEqual([kept.endpoint]);
  });
});

describe('Web Push to the other member when they have no open socket', () => {
  it('a new message: VAPID-signed POST, aes128gcm payload the browser decrypts to title, body, chat link and tag', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    await say(r, room, 'Can you come in for an interview on Monday?');
    await push.waitFor(1);
    await t.ctx.notifications.drain();

    expect(push.received).toHaveLength(1);
    const [p] = push.received;
    expect(p!.headers['content-encoding']).toBe('aes128gcm');
    expect(p!.headers.ttl).toBe(String(24 * 3600));
    expect(p!.headers.topic).toBe(room.replaceAll('-', ''));
    const claims = verifyVapid(p!.headers.authorization, t.ctx.config.push.publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe(t.ctx.config.push.subject);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    expect(opened(sub)).toEqual([
      {
        title: 'New message from Test Recruiter',
        body: 'Can you come in for an interview on Monday?',
        url: `/jobseeker-chat/${r.id}`,
        tag: room,
      },
    ]);
  });

  it('the seeker writing reaches the recruiter with a link to the recruiter side of the chat', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(r);
    await say(s, room, 'x'.repeat(300));
    await t.ctx.notifications.drain();
    const [got] = opened(sub);
    expect(got!.title).toBe(english('notifications.push.newMessage', { name: 'Asha Rao' }));
    expect(got!.url).toBe(`/recruiter-messages/chat/${s.id}`);
    // Long messages are cut for the notification.
    expect(got!.body).toBe(`${'x'.repeat(139)}…`);
    // Cut between characters: an emoji across the cut is left out whole, not halved.
    await say(s, room, `${'y'.repeat(138)}😀 and more`);
    await t.ctx.notifications.drain();
    const cut = opened(sub)[1]!.body;
    expect(cut).toBe(`${'y'.repeat(138)}…`);
    expect(cut.isWellFormed()).toBe(true);
  });

  it('a status change, an interview invitation and a resume request each notify the seeker', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    expect(
      (await inject(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' })).statusCode,
    ).toBe(200);
    await t.ctx.notifications.drain();
    expect(
      (
        await inject(r, 'POST', `/api/rooms/${room}/interview`, {
          date: '2030-01-15',
          time: '11:30',
          place: 'Acme office, Pune',
        })
      ).statusCode,
    ).toBe(200);
    await t.ctx.notifications.drain();
    expect((await inject(r, 'POST', `/api/rooms/${room}/resume-request`)).statusCode).toBe(200);
    await t.ctx.notifications.drain();

    const got = opened(sub);
    expect(got.map((p) => p.title)).toEqual([
      'Test Recruiter updated your application',
      'Test Recruiter invited you to an interview',
      'Test Recruiter asked for your resume',
    ]);
    expect(got[1]!.body).toContain('11:30');
    for (const p of got) expect(p).toMatchObject({ url: `/jobseeker-chat/${r.id}`, tag: room });
  });

  it("an automatic message's body is in the recipient's language, as their chat says it", async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    await t.ctx.db.query(`UPDATE users SET language = 'hi' WHERE id = $1`, [s.id]);
    const sub = await subscribe(s);
    await inject(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' });
    await t.ctx.notifications.drain();
    await inject(r, 'POST', `/api/rooms/${room}/interview`, {
      date: '2030-01-15',
      time: '11:30',
      place: 'Acme office, Pune',
    });
    await t.ctx.notifications.drain();
    const [status, invite] = opened(sub);
    expect(status!.body).toBe(
      textIn('hi', 'chat.statusMessage', { status: textIn('hi', 'pick.roomStatus.shortlisted') }),
    );
    expect(invite!.body).toContain('Acme office, Pune');
    expect(invite!.body).not.toContain('Interview invitation');
    expect(invite!.body).toContain('इंटरव्यू');
  });

  it('nothing while the recipient has a socket open; pushed again once it is closed', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    const ws = await connectWs(base, s.cookie);
    await say(r, room, 'seen live');
    await ws.next((e) => e.type === 'message.created');
    await t.ctx.notifications.drain();
    expect(opened(sub)).toEqual([]);
    const [job] = await jobsOf(await say(r, room, 'also live'));
    await t.ctx.notifications.drain();
    expect(opened(sub)).toEqual([]);
    expect(job).toBeDefined();

    ws.close();
    await ws.closed;
    // The close path takes the user out of presence.
    for (let i = 0; i < 50 && (await t.ctx.bus.online([s.id])).has(s.id); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await say(r, room, 'now offline');
    await t.ctx.notifications.drain();
    expect(opened(sub).map((p) => p.body)).toEqual(['now offline']);
  });

  it('a subscription the push service answers 410 (or 404) is deleted', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const gone = await subscribe(s);
    const kept = await subscribe(s);
    const gonePath = new URL(gone.endpoint).pathname;
    push.answer = (res, p) => {
      res.writeHead(p.path === gonePath ? 410 : 201);
      res.end();
    };
    await say(r, room, 'first');
    await t.ctx.notifications.drain();
    const rows = await t.ctx.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1',
      [s.id],
    );
    expect(rows.map((x) => x.endpoint)).toEqual([kept.endpoint]);
    push.received.length = 0;
    await say(r, room, 'second');
    await t.ctx.notifications.drain();
    expect(push.received.map((p) => p.path)).toEqual([new URL(kept.endpoint).pathname]);

    push.answer = (res) => {
      res.writeHead(404);
      res.end();
    };
    await say(r, room, 'third');
    await t.ctx.notifications.drain();
    expect(
      await t.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [s.id]),
    ).toEqual([]);
  });

  it('a user who turned push off gets none; turned on again, they do', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    const off = await inject(s, 'PATCH', '/api/me/notifications', { push: false });
    expect(off.json()).toEqual({ push: false, sms: true });
    await say(r, room, 'while off');
    await t.ctx.notifications.drain();
    expect(opened(sub)).toEqual([]);
    await inject(s, 'PATCH', '/api/me/notifications', { push: true });
    await say(r, room, 'back on');
    await t.ctx.notifications.drain();
    expect(opened(sub).map((p) => p.body)).toEqual(['back on']);
  });

  it('a message read before the worker gets to it is not pushed', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    // The worker runs on its own: hold it back by having the clock read before the message.
    clock.advance(-60_000);
    const id = await say(r, room, 'read at once');
    expect((await inject(s, 'POST', `/api/rooms/${room}/read`, { upTo: id })).statusCode).toBe(204);
    clock.set(new Date());
    await t.ctx.notifications.drain();
    expect(opened(sub)).toEqual([]);
    expect((await jobsOf(id))[0]!.state).toBe('done');
  });

  it('a message of a recruiter held after reports before the worker got to it is not pushed', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const sub = await subscribe(s);
    clock.advance(-60_000);
    const id = await say(r, room, 'pay the fee first');
    // Held by reports (decision 028): the recruiter reaches no seeker until a moderator decides.
    await t.ctx.db.query('UPDATE users SET held_at = now() WHERE id = $1', [r.id]);
    clock.set(new Date());
    await t.ctx.notifications.drain();
    expect(opened(sub)).toEqual([]);
    expect((await jobsOf(id))[0]!.state).toBe('done');
  });

  it('a browser re-subscribed by another user moves to them', async () => {
    const a = await chatPair(t, base, 'Asha Rao');
    const b = await chatPair(t, base, 'Bina Shah');
    const sub = await subscribe(a.s);
    expect(
      (
        await inject(b.s, 'POST', '/api/push/subscriptions', {
          endpoint: sub.endpoint,
          keys: sub.keys,
        })
      ).statusCode,
    ).toBe(204);
    await say(a.r, a.room, 'to A');
    await say(b.r, b.room, 'to B');
    await t.ctx.notifications.drain();
    expect(opened(sub).map((p) => p.body)).toEqual(['to B']);
    // Unsubscribing takes only one's own subscription away.
    expect(
      (await inject(a.s, 'DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint }))
        .statusCode,
    ).toBe(204);
    expect(
      await t.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]),
    ).toHaveLength(1);
    expect(
      (await inject(b.s, 'DELETE', '/api/push/subscriptions', { endpoint: sub.endpoint }))
        .statusCode,
    ).toBe(204);
    expect(
      await t.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [sub.endpoint]),
    ).toEqual([]);
  });
});

describe('retries', () => {
  it('a failing push service is tried again after 30 s, 1 min, ...; only the browsers that failed', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const ok = await subscribe(s);
    const flaky = await subscribe(s);
    const flakyPath = new URL(flaky.endpoint).pathname;
    push.answer = (res, p) => {
      res.writeHead(p.path === flakyPath ? 503 : 201);
      res.end();
    };
    const id = await say(r, room, 'retry me');
    await t.ctx.notifications.drain();
    expect(opened(ok)).toHaveLength(1);
    expect(opened(flaky)).toHaveLength(1); // received, answered 503
    let [job] = await jobsOf(id);
    expect(job).toMatchObject({ state: 'pending', attempts: 1 });
    expect(job!.run_ms - clock.now().getTime()).toBeGreaterThan(25_000);
    expect(job!.run_ms - clock.now().getTime()).toBeLessThanOrEqual(30_000);

    clock.advance(20_000);
    await t.ctx.notifications.drain();
    expect(push.received).toHaveLength(2); // not yet

    clock.advance(11_000); // 31 s after the failure: second attempt, still 503
    await t.ctx.notifications.drain();
    expect(push.received).toHaveLength(3);
    expect(push.received[2]!.path).toBe(flakyPath);
    [job] = await jobsOf(id);
    expect(job).toMatchObject({ state: 'pending', attempts: 2 });
    // Backoff doubles: a minute now.
    expect(job!.run_ms - clock.now().getTime()).toBeGreaterThan(55_000);

    push.answer = created;
    clock.advance(61_000);
    await t.ctx.notifications.drain();
    // Two answered 503, the third 201; the browser that took it at once got it once.
    expect(opened(flaky).map((p) => p.body)).toEqual(['retry me', 'retry me', 'retry me']);
    expect(opened(ok)).toHaveLength(1);
    [job] = await jobsOf(id);
    expect(job).toMatchObject({ state: 'done', attempts: 3 });
  });

  it('a push service that keeps failing: the job fails for good after 8 attempts', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    await subscribe(s);
    push.answer = (res) => {
      res.writeHead(500);
      res.end();
    };
    const id = await say(r, room, 'never arrives');
    await t.ctx.notifications.drain();
    for (let i = 1; i < 8; i++) {
      clock.advance(3600_000);
      await t.ctx.notifications.drain();
    }
    expect(push.received).toHaveLength(8);
    const [job] = await t.ctx.db.query<{ state: string; attempts: number; last_error: string }>(
      `SELECT state, attempts, last_error FROM notification_jobs
        WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
      [id],
    );
    expect(job).toEqual({ state: 'failed', attempts: 8, last_error: 'push service answered 500' });
  });
});

describe('the push routes', () => {
  it('GET /api/push/key gives the VAPID public key', async () => {
    const { s } = await chatPair(t, base, 'Asha Rao');
    const res = await inject(s, 'GET', '/api/push/key');
    expect(res.json()).toEqual({ publicKey: t.ctx.config.push.publicKey });
    expect(Buffer.from(res.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('settings: both on by default, each turned off on its own', async () => {
    const { s } = await chatPair(t, base, 'Asha Rao');
    expect((await inject(s, 'GET', '/api/me/notifications')).json()).toEqual({
      push: true,
      sms: true,
    });
    expect((await inject(s, 'PATCH', '/api/me/notifications', { sms: false })).json()).toEqual({
      push: true,
      sms: false,
    });
    expect((await inject(s, 'PATCH', '/api/me/notifications', { push: false })).json()).toEqual({
      push: false,
      sms: false,
    });
    expect((await inject(s, 'GET', '/api/me/notifications')).json()).toEqual({
      push: false,
      sms: false,
    });
    const bad = await inject(s, 'PATCH', '/api/me/notifications', { push: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it.each([
    ['GET', '/api/push/key'],
    ['POST', '/api/push/subscriptions'],
    ['DELETE', '/api/push/subscriptions'],
    ['GET', '/api/me/notifications'],
    ['PATCH', '/api/me/notifications'],
  ] as const)('%s %s without a session: 401', async (method, url) => {
    const res = await inject(null, method, url, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('session.mustLogin');
  });

  const good = () => browserSubscription(`https://fcm.googleapis.com/fcm/send/x`);
  const point = good().keys.p256dh;
  it.each([
    ['no endpoint', { keys: good().keys }],
    ['not a URL', { endpoint: 'not a url', keys: good().keys }],
    ['another scheme', { endpoint: 'ftp://push.example/1', keys: good().keys }],
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }],
    [
      'a key with other characters',
      {
        endpoint: 'https://fcm.googleapis.com/x',
        keys: { p256dh: `${point.slice(1)}!`, auth: good().keys.auth },
      },
    ],
    // Right characters, wrong bytes: the server needs a P-256 point and a 16-byte secret.
    [
      'a key that is no P-256 point',
      {
        endpoint: 'https://fcm.googleapis.com/x',
        keys: { p256dh: `BA${'A'.repeat(85)}`, auth: good().keys.auth },
      },
    ],
    [
      'a short auth secret',
      { endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: point, auth: 'AAAAAAAAAAAA' } },
    ],
  ])('a subscription with %s: 400 with the catalogue message', async (_why, body) => {
    const { s } = await chatPair(t, base, 'Asha Rao');
    const res = await inject(s, 'POST', '/api/push/subscriptions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(english('notifications.badSubscription'));
    expect(
      await t.ctx.db.query('SELECT 1 FROM push_subscriptions WHERE user_id = $1', [s.id]),
    ).toEqual([]);
  });

  it('keeps the newest 10 browsers of a user', async () => {
    const { s } = await chatPair(t, base, 'Asha Rao');
    const subs: BrowserSubscription[] = [];
    for (let i = 0; i < 12; i++) subs.push(await subscribe(s));
    const rows = await t.ctx.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
      [s.id],
    );
    expect(rows.map((x) => x.endpoint)).toEqual(subs.slice(2).map((x) => x.endpoint));
  });

  it('the queue depth and the pushes sent are in the metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/job_queue_depth\{queue="notifications_due"\} \d+/);
    expect(res.body).toMatch(/job_queue_depth\{queue="notifications_scheduled"\} \d+/);
    expect(res.body).toMatch(/notifications_total\{channel="push",outcome="sent"\} [1-9]/);
    expect(res.body).toMatch(/notifications_total\{channel="push",outcome="gone"\} [1-9]/);
  });
});
