import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english, type MessageKey } from '#shared/i18n/messages.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import type { SocketSendReply } from '#shared/schemas/chat.ts';
import { listeningTestApp, secondApp, type TestApp } from '../../test/app.ts';
import { markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';
import { chatPair } from '../../test/chat.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';
import { AppError, humanWait } from '../../lib/errors.ts';
import { takeFromWindows, takeTokens, type Bucket, type Window } from '../../lib/rate-limit.ts';

// Issue 11, part 3: limits that stop harvesting and spam. Every limit answers 429 with a
// Retry-After (whole seconds) and the catalogue's message with the wait filled in, and nothing is
// stored past it. Numbers come from TRUST_LIMITS, never literals.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});

// Each test acts from its own client address, so per-IP buckets of one test never touch another.
let ips = 0;
const freshIp = () => `10.90.${Math.floor(++ips / 200)}.${(ips % 200) + 1}`;

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const as = (u: TestUser, ip: string, method: 'GET' | 'POST', url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: u.cookie },
    remoteAddress: ip,
    ...(body === undefined ? {} : { payload: body }),
  });

/** A 429 with a positive whole Retry-After and the catalogue message, its wait filled in. */
function expectLimited(res: Res, code: MessageKey, vars: Record<string, number> = {}): number {
  expect(res.statusCode, res.body).toBe(429);
  const header = res.headers['retry-after'];
  expect(String(header)).toMatch(/^[1-9][0-9]*$/);
  const seconds = Number(header);
  const { error } = res.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  expect(error.message).toBe(english(code, { ...vars, seconds, wait: humanWait(seconds) }));
  expect(error.message).not.toMatch(/\{\{|\}\}/);
  expect(error.message).toContain(humanWait(seconds));
  return seconds;
}

let phones = 0;
/** Onboarded seekers written straight to the database (many, fast). */
async function seekersBySql(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    phones += 1;
    const [row] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
       VALUES ($1, 'user', true, 6) RETURNING id`,
      [`+9168${String(phones).padStart(8, '0')}`],
    );
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, email) VALUES ($1, $2, $3)`,
      [row!.id, `Bulk Seeker ${phones}`, `bulk${phones}@example.in`],
    );
    ids.push(row!.id);
  }
  return ids;
}

/**
 * Moves the limits of these keys (account ids, client addresses) `hours` into the past, whichever
 * way they are kept (events or token buckets): what the limits see after that many hours.
 */
async function hoursPass(hours: number, keys: string[]): Promise<void> {
  const secs = hours * 3600;
  await t.ctx.db.query(
    'UPDATE rate_events SET at = at - make_interval(secs => $2) WHERE key = ANY($1::text[])',
    [keys, secs],
  );
  await t.ctx.db.query(
    'UPDATE rate_buckets SET tat = tat - make_interval(secs => $2) WHERE key = ANY($1::text[])',
    [keys, secs],
  );
}

const verify = (r: TestUser) =>
  t.ctx.db.query(
    `UPDATE recruiter_profiles SET is_verified = true, verified_domain = 'zenith.in' WHERE user_id = $1`,
    [r.id],
  );
const count = async (sql: string, params: unknown[]) =>
  (await t.ctx.db.query<{ n: number }>(sql, params))[0]!.n;

describe('new conversations a recruiter starts per day', () => {
  const cap = TRUST_LIMITS.newConversations.unverified;

  it(`an unverified recruiter's conversation number ${cap + 1} is refused, and no room is stored`, async () => {
    const r = await newRecruiter(t);
    const ip = freshIp();
    const seekers = await seekersBySql(cap + 1);
    for (const seekerId of seekers.slice(0, cap)) {
      const res = await as(r, ip, 'POST', '/api/rooms', { seekerId });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await as(r, ip, 'POST', '/api/rooms', { seekerId: seekers[cap] });
    const wait = expectLimited(over, 'limits.newConversations', { limit: cap });
    // A day is any 24 hours: the next place frees when the first of the day's conversations is a
    // day old.
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    const rooms = 'SELECT count(*)::int AS n FROM chat_rooms WHERE recruiter_id = $1';
    expect(await count(rooms, [r.id])).toBe(cap);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM chat_rooms WHERE recruiter_id = $1 AND seeker_id = $2',
        [r.id, seekers[cap]],
      ),
    ).toBe(0);

    // An existing room re-opened is no new conversation: answered, not counted.
    const again = await as(r, ip, 'POST', '/api/rooms', { seekerId: seekers[0] });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().created).toBe(false);
    expect(await count(rooms, [r.id])).toBe(cap);

    // Another address does not help: the limit is the account's.
    expectLimited(
      await as(r, freshIp(), 'POST', '/api/rooms', { seekerId: seekers[cap] }),
      'limits.newConversations',
      { limit: cap },
    );
  });

  it(`"${cap} a day" is at most ${cap} in any 24 hours, not ${cap} plus what a half day refills`, async () => {
    const r = await newRecruiter(t);
    const ip = freshIp();
    const seekers = await seekersBySql(cap + 2);
    for (const seekerId of seekers.slice(0, cap))
      expect((await as(r, ip, 'POST', '/api/rooms', { seekerId })).statusCode).toBe(201);
    await hoursPass(12, [r.id, ip]);
    const over = await as(r, ip, 'POST', '/api/rooms', { seekerId: seekers[cap] });
    const wait = expectLimited(over, 'limits.newConversations', { limit: cap });
    // Twelve hours later the first conversations are 12 hours from being a day old.
    expect(wait).toBeGreaterThan(11 * 3600);
    expect(wait).toBeLessThanOrEqual(12 * 3600);
    await hoursPass(12.01, [r.id, ip]);
    for (const seekerId of seekers.slice(cap))
      expect((await as(r, ip, 'POST', '/api/rooms', { seekerId })).statusCode).toBe(201);
  });

  it('a verified recruiter starts more than the unverified cap', async () => {
    const r = await newRecruiter(t);
    await verify(r);
    const ip = freshIp();
    const seekers = await seekersBySql(cap + 5);
    for (const seekerId of seekers) {
      const res = await as(r, ip, 'POST', '/api/rooms', { seekerId });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(
      await count('SELECT count(*)::int AS n FROM chat_rooms WHERE recruiter_id = $1', [r.id]),
    ).toBe(cap + 5);
  });

  it('re-opening existing rooms over and over never counts', async () => {
    const r = await newRecruiter(t);
    const ip = freshIp();
    const [seekerId] = await seekersBySql(1);
    expect((await as(r, ip, 'POST', '/api/rooms', { seekerId })).statusCode).toBe(201);
    for (let i = 0; i < cap + 2; i++) {
      expect((await as(r, ip, 'POST', '/api/rooms', { seekerId })).statusCode).toBe(200);
    }
    const more = await seekersBySql(cap - 1);
    for (const id of more) {
      expect((await as(r, ip, 'POST', '/api/rooms', { seekerId: id })).statusCode).toBe(201);
    }
  });
});

describe('chat messages per user', () => {
  const { burst } = TRUST_LIMITS.messages;
  const stored = (room: string) =>
    count('SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1', [room]);
  const say = (u: TestUser, ip: string, room: string, message: string, clientId = randomUUID()) =>
    as(u, ip, 'POST', `/api/rooms/${room}/messages`, { clientId, message });

  it(`over HTTP: message ${burst + 1} sent at once is refused and not stored`, async () => {
    const { s, room } = await chatPair(t, base, 'Fast Typer');
    const ip = freshIp();
    const ids = Array.from({ length: burst + 1 }, () => randomUUID());
    const replies = await Promise.all(ids.map((id, i) => say(s, ip, room, `m${i}`, id)));
    const ok = replies.filter((r) => r.statusCode === 201);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(ok).toHaveLength(burst);
    expect(refused).toHaveLength(1);
    const wait = expectLimited(refused[0]!, 'limits.messages');
    expect(wait).toBeLessThanOrEqual(Math.ceil(60 / TRUST_LIMITS.messages.perMinute));
    expect(await stored(room)).toBe(burst);
    const refusedId = ids[replies.indexOf(refused[0]!)]!;
    expect(
      await count(
        'SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1 AND client_id = $2',
        [room, refusedId],
      ),
    ).toBe(0);
  });

  it('an idempotent retry of a stored message is answered with it even over the limit', async () => {
    const { s, room } = await chatPair(t, base, 'Retry Er');
    const ip = freshIp();
    const first = randomUUID();
    const sent = await say(s, ip, room, 'first', first);
    expect(sent.statusCode).toBe(201);
    for (let i = 1; i < burst; i++) expect((await say(s, ip, room, `m${i}`)).statusCode).toBe(201);
    // Hold the bucket empty for a while, whatever the speed of this machine.
    await t.ctx.db.query(
      `UPDATE rate_buckets SET tat = now() + interval '10 minutes' WHERE bucket = 'message' AND key = $1`,
      [s.id],
    );
    expectLimited(await say(s, ip, room, 'one more'), 'limits.messages');
    const retry = await say(s, ip, room, 'first', first);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toMatchObject({
      id: sent.json().message.id,
      message: 'first',
    });
    expect(await stored(room)).toBe(burst);
  });

  it('over the WebSocket: the frame past the burst gets a 429 nack and is not stored', async () => {
    const { s, room } = await chatPair(t, base, 'Socket Typer');
    const ws: WsClient = await connectWs(base, s.cookie);
    await ws.next((e) => e.type === 'hello');
    const refs = Array.from({ length: burst + 1 }, (_, i) => `lim-${i}`);
    const clientIds = refs.map(() => randomUUID());
    refs.forEach((ref, i) =>
      ws.socket.send(
        JSON.stringify({
          type: 'message.send',
          ref,
          roomId: room,
          clientId: clientIds[i],
          message: ref,
        }),
      ),
    );
    const replies = (await Promise.all(
      refs.map((ref) =>
        ws.next((e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === ref),
      ),
    )) as SocketSendReply[];
    const acks = replies.filter((r) => r.type === 'message.ack');
    const nacks = replies.filter((r) => r.type === 'message.nack');
    expect(acks).toHaveLength(burst);
    expect(nacks).toHaveLength(1);
    const nack = nacks[0]!;
    if (nack.type !== 'message.nack') throw new Error('not a nack');
    expect(nack.error.status).toBe(429);
    expect(nack.error.code).toBe('limits.messages');
    expect(nack.error.message).toMatch(
      /^You are sending messages too fast\. Wait (1 second|([2-9]|\d\d+) seconds) and try again\.$/,
    );
    expect(await stored(room)).toBe(burst);

    // The socket's retry of a stored message is acknowledged with it, limit or not.
    await t.ctx.db.query(
      `UPDATE rate_buckets SET tat = now() + interval '10 minutes' WHERE bucket = 'message' AND key = $1`,
      [s.id],
    );
    const ackedIndex = replies.findIndex((r) => r.type === 'message.ack');
    ws.socket.send(
      JSON.stringify({
        type: 'message.send',
        ref: 'lim-retry',
        roomId: room,
        clientId: clientIds[ackedIndex],
        message: refs[ackedIndex],
      }),
    );
    const retry = await ws.next(
      (e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === 'lim-retry',
    );
    expect(retry.type).toBe('message.ack');
    expect(await stored(room)).toBe(burst);
    ws.close();
  });

  it('two accounts on one IP share the IP bucket; another IP is not held back by it', async () => {
    const { perIpPerMinute } = TRUST_LIMITS.messages;
    const ip = freshIp();
    // Enough accounts that their own bursts add up to more than the IP allows.
    const users: { u: TestUser; room: string }[] = [];
    while (users.length * burst < perIpPerMinute + 2 * burst) {
      const { r, s, room } = await chatPair(t, base, 'Shared Net');
      users.push({ u: r, room }, { u: s, room });
    }
    const started = Date.now();
    const sent = new Map<TestUser, number>();
    let refusedEarly: TestUser | null = null;
    for (const { u, room } of users) {
      let n = 0;
      for (; n < burst; n++) {
        const res = await say(u, ip, room, `x${n}`);
        if (res.statusCode === 429) {
          expectLimited(res, 'limits.messages');
          break;
        }
        expect(res.statusCode, res.body).toBe(201);
      }
      sent.set(u, n);
      // Refused before their own burst was used: the IP's bucket, filled by the others.
      if (n < burst - 1 && !refusedEarly) refusedEarly = u;
    }
    const elapsed = (Date.now() - started) / 1000;
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(perIpPerMinute);
    // Tokens come back at perIpPerMinute a minute while the test runs; nothing more gets through.
    expect(total).toBeLessThanOrEqual(
      perIpPerMinute + Math.ceil((elapsed * perIpPerMinute) / 60) + 1,
    );
    expect(total).toBeLessThan(users.length * burst);
    expect(refusedEarly).not.toBeNull();
    // The same account, from another network, still has its own tokens.
    const them = users.find((x) => x.u === refusedEarly)!;
    expect((await say(them.u, freshIp(), them.room, 'from home')).statusCode).toBe(201);
  });
});

describe('candidate profiles a recruiter opens per day', () => {
  const cap = TRUST_LIMITS.candidateViews.unverified;

  it(`an unverified recruiter's distinct profile number ${cap + 1} is refused; second looks are free`, async () => {
    const r = await newRecruiter(t);
    const ip = freshIp();
    const seekers = await seekersBySql(cap + 1);
    const view = (id: string) => as(r, ip, 'GET', `/api/candidates/${id}`);
    // Looking at the first one again and again before the cap costs nothing.
    for (let i = 0; i < 3; i++) expect((await view(seekers[0]!)).statusCode).toBe(200);
    for (const id of seekers.slice(1, cap)) expect((await view(id)).statusCode).toBe(200);

    const over = await view(seekers[cap]!);
    expectLimited(over, 'limits.candidateViews', { limit: cap });
    const views = 'SELECT count(*)::int AS n FROM profile_views WHERE recruiter_id = $1';
    expect(await count(views, [r.id])).toBe(cap);
    expect(
      await count(
        'SELECT count(*)::int AS n FROM profile_views WHERE recruiter_id = $1 AND seeker_id = $2',
        [r.id, seekers[cap]],
      ),
    ).toBe(0);
    // A profile already opened today still opens.
    const seenBefore = await view(seekers[7]!);
    expect(seenBefore.statusCode).toBe(200);
    expect(seenBefore.json().profile.userId).toBe(seekers[7]);
    expect(await count(views, [r.id])).toBe(cap);
  });

  it('a verified recruiter opens more than the unverified cap', async () => {
    const r = await newRecruiter(t);
    await verify(r);
    const ip = freshIp();
    const seekers = await seekersBySql(cap + 2);
    for (const id of seekers) {
      expect((await as(r, ip, 'GET', `/api/candidates/${id}`)).statusCode).toBe(200);
    }
  });
});

describe('resume links a recruiter asks for per day', () => {
  const cap = TRUST_LIMITS.resumeLinks.unverified;

  /** A seeker with a resume on file who wrote to this recruiter (consent for an unverified one). */
  async function engagedSeeker(r: TestUser, ip: string): Promise<TestUser> {
    const s = await newUser(t, 'user');
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, resume_key, resume_uploaded_at)
       VALUES ($1, 'Resume Holder', $2, now())`,
      [s.id, `private/u/${s.id}/resume-0a1b.pdf`],
    );
    await markOnboarded(t, s.id, 6);
    const room = (await as(r, ip, 'POST', '/api/rooms', { seekerId: s.id })).json().room.id;
    const wrote = await as(s, freshIp(), 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: 'Here is my resume',
    });
    expect(wrote.statusCode).toBe(201);
    return s;
  }

  it(`an unverified recruiter's link number ${cap + 1} is refused`, async () => {
    const r = await newRecruiter(t);
    const ip = freshIp();
    const s = await engagedSeeker(r, ip);
    const other = await engagedSeeker(r, ip);
    const link = (who: TestUser) => as(r, ip, 'GET', `/api/seekers/${who.id}/resume-link`);
    for (let i = 0; i < cap; i++) {
      const res = await link(i % 2 === 0 ? s : other);
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await link(s);
    expectLimited(over, 'limits.resumeLinks', { limit: cap });
    expect(over.json()).not.toHaveProperty('url');
    expectLimited(await link(other), 'limits.resumeLinks', { limit: cap });
  });

  it('a verified recruiter gets more than the unverified cap', async () => {
    const r = await newRecruiter(t);
    await verify(r);
    const ip = freshIp();
    const s = await engagedSeeker(r, ip);
    for (let i = 0; i < cap + 2; i++) {
      const res = await as(r, ip, 'GET', `/api/seekers/${s.id}/resume-link`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

/** The AppError a limit refuses with (the test fails if `p` is not refused, or with anything else). */
async function refusal(p: Promise<void>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('takeTokens (server/lib/rate-limit.ts)', () => {
  let n = 0;
  const bucket = (over: Partial<Bucket> = {}): Bucket => ({
    bucket: `test-${++n}`,
    key: 'k',
    limit: 3,
    seconds: 60,
    message: 'limits.messages',
    ...over,
  });

  it('a bucket of 3 per 60 s allows 3 at once and refuses the 4th with the wait for one token', async () => {
    const b = bucket();
    for (let i = 0; i < 3; i++) await takeTokens(t.ctx.db, [b]);
    const err = await refusal(takeTokens(t.ctx.db, [b]));
    expect(err.status).toBe(429);
    const wait = Number(err.headers?.['retry-after']);
    // One token every 20 s.
    expect(wait).toBeGreaterThan(15);
    expect(wait).toBeLessThanOrEqual(20);
    expect(err.message).toBe(english('limits.messages', { wait: humanWait(wait) }));
    // Another key has its own bucket.
    await takeTokens(t.ctx.db, [{ ...b, key: 'other' }]);
    // A refusal takes nothing: the wait does not grow.
    const again = await refusal(takeTokens(t.ctx.db, [b]));
    expect(Number(again.headers?.['retry-after'])).toBeLessThanOrEqual(wait);
  });

  it('a burst below the limit: the burst at once, then one per step', async () => {
    const b = bucket({ limit: 60, burst: 2 });
    await takeTokens(t.ctx.db, [b]);
    await takeTokens(t.ctx.db, [b]);
    const err = await refusal(takeTokens(t.ctx.db, [b]));
    expect(Number(err.headers?.['retry-after'])).toBe(1);
  });

  it('refused inside a transaction, the other buckets of the action keep their tokens', async () => {
    const full = bucket({ limit: 1 });
    const other = bucket({ limit: 1 });
    await takeTokens(t.ctx.db, [full]);
    await refusal(t.ctx.db.tx((q) => takeTokens(q, [other, full])));
    // `other` was rolled back with the refused action: its one token is still there.
    await takeTokens(t.ctx.db, [other]);
    await refusal(takeTokens(t.ctx.db, [other]));
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two server instances on one PostgreSQL database share the bucket',
    async () => {
      const t2 = await secondApp(t);
      try {
        const b = bucket();
        await takeTokens(t.ctx.db, [b]);
        await takeTokens(t2.ctx.db, [b]);
        await takeTokens(t.ctx.db, [b]);
        expect((await refusal(takeTokens(t2.ctx.db, [b]))).status).toBe(429);
        expect((await refusal(takeTokens(t.ctx.db, [b]))).status).toBe(429);

        // And through HTTP: messages of one user sent to two instances share one burst.
        const { s, room } = await chatPair(t, base, 'Two Servers');
        const ip = freshIp();
        const statuses: number[] = [];
        for (let i = 0; i <= TRUST_LIMITS.messages.burst; i++) {
          const app = i % 2 === 0 ? t.app : t2.app;
          const res = await app.inject({
            method: 'POST',
            url: `/api/rooms/${room}/messages`,
            headers: { cookie: s.cookie },
            remoteAddress: ip,
            payload: { clientId: randomUUID(), message: `m${i}` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.filter((x) => x === 201)).toHaveLength(TRUST_LIMITS.messages.burst);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await t2.app.close();
      }
    },
  );
});

describe('takeFromWindows (server/lib/rate-limit.ts)', () => {
  let n = 0;
  const window = (over: Partial<Window> = {}): Window => ({
    bucket: `test-window-${++n}`,
    key: 'k',
    limit: 3,
    seconds: 86_400,
    message: 'limits.reports',
    ...over,
  });
  const take = (w: Window[]) => t.ctx.db.tx((q) => takeFromWindows(q, w));

  it('3 a day: the 4th is refused until the first is a day old, whenever the 3 were taken', async () => {
    const w = window();
    await take([w]);
    await hoursPass(20, ['k']);
    await take([w]);
    await take([w]);
    const err = await refusal(take([w]));
    expect(err.status).toBe(429);
    // The first of the three is 20 hours old: a place frees in 4 hours.
    const wait = Number(err.headers?.['retry-after']);
    expect(wait).toBeGreaterThan(4 * 3600 - 60);
    expect(wait).toBeLessThanOrEqual(4 * 3600);
    expect(err.message).toBe(english('limits.reports', { wait: humanWait(wait) }));
    // A refusal records nothing: after 4 hours, exactly one place.
    await hoursPass(4.01, ['k']);
    await take([w]);
    await refusal(take([w]));
    // Another key has its own window.
    await take([{ ...w, key: 'other' }]);
  });

  it('a refusal by one window takes nothing from the others', async () => {
    const full = window({ limit: 1, key: 'full' });
    const other = window({ limit: 1, key: 'other' });
    await take([full]);
    const err = await refusal(take([other, full]));
    expect(err.refused).toEqual([{ bucket: full.bucket, key: 'full' }]);
    await take([other]);
    await refusal(take([other]));
  });

  it('parallel requests never take more than the window holds', async () => {
    const w = window({ limit: 5, key: 'race' });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => take([w])));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two server instances on one PostgreSQL database share the window, in parallel too',
    async () => {
      const t2 = await secondApp(t);
      try {
        const w = window({ limit: 6, key: 'two-instances' });
        const results = await Promise.allSettled(
          Array.from({ length: 16 }, (_, i) =>
            (i % 2 === 0 ? t : t2).ctx.db.tx((q) => takeFromWindows(q, [w])),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
      } finally {
        await t2.app.close();
      }
    },
  );
});
