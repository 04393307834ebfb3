import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerFrame } from '#shared/schemas/chat.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { cityId, markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';
import { fetchAs } from '../../test/chat.ts';
import { connectWs } from '../../test/ws.ts';

// Anti-ghosting (decision 011) against a real database. Time is moved by rewriting rows'
// created_at / first_recruiter_reply_at, never by waiting; the worker runs on demand (refresh()).

let t: TestApp;
let base: string;
let blr: number;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
  blr = await cityId(t, 'Bengaluru');
});
afterAll(async () => {
  await t.close();
});

const api = (u: TestUser, method: string, path: string, body?: unknown) =>
  fetchAs(base, u, method, path, body);
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  t.ctx.db.query<T>(text, params);

let phones = 0;
/** A bare onboarded seeker straight in the database (the stats tests need many). */
async function quickSeeker(): Promise<string> {
  phones += 1;
  const phone = `+9170${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phones).padStart(2, '0')}`;
  const [u] = await sql<{ id: string }>(
    `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ($1, 'user', true, 6) RETURNING id`,
    [phone],
  );
  return u!.id;
}

async function jobOf(r: TestUser, title = 'Store Manager'): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, city_id)
     VALUES ($1, $2, 'Acme', 'full_time', 'entry', 'operations_admin', 'Run the store', $3) RETURNING id`,
    [r.id, title, blr],
  );
  return row!.id;
}

/**
 * A room straight in the database: started by the seeker (or the recruiter) `ageMinutes` ago,
 * answered `replyAfterMinutes` after it started (or never).
 */
async function room(
  recruiterId: string,
  opts: {
    ageMinutes: number;
    replyAfterMinutes?: number | null;
    by?: 'seeker' | 'recruiter';
    jobId?: string | null;
  },
): Promise<string> {
  const seekerId = await quickSeeker();
  const [row] = await sql<{ id: string }>(
    `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status, created_at, first_recruiter_reply_at)
     VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6),
             CASE WHEN $7::int IS NULL THEN NULL ELSE now() - make_interval(mins => $6) + make_interval(mins => $7::int) END)
     RETURNING id`,
    [
      opts.jobId ?? null,
      recruiterId,
      seekerId,
      opts.by === 'recruiter' ? recruiterId : seekerId,
      opts.by === 'recruiter' ? 'interested' : 'initiated',
      opts.ageMinutes,
      opts.replyAfterMinutes ?? null,
    ],
  );
  return row!.id;
}

const DAY = 24 * 60;

async function statsOf(recruiterId: string) {
  const [row] = await sql<{
    conversations: number;
    replied: number;
    median_reply_seconds: number | null;
  }>(
    'SELECT conversations, replied, median_reply_seconds FROM recruiter_reply_stats WHERE recruiter_id = $1',
    [recruiterId],
  );
  return row ?? null;
}

async function jobView(u: TestUser, jobId: string) {
  const res = await api(u, 'GET', `/api/jobs/${jobId}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { job: { recruiter: { replyRate: unknown } } }).job;
}

/** An onboarded seeker with a profile in the job's city (the feed shows matching jobs only). */
async function feedSeeker(): Promise<TestUser> {
  const s = await newUser(t, 'user');
  await sql(
    `INSERT INTO seeker_profiles (user_id, full_name, city_id, job_category) VALUES ($1, 'Feed Seeker', $2, 'operations_admin')`,
    [s.id, blr],
  );
  await markOnboarded(t, s.id, 6);
  return s;
}

describe('reply stats', () => {
  it('counts seeker-started rooms of the last 30 days: the share answered and the median first reply', async () => {
    const r = await newRecruiter(t);
    const job = await jobOf(r);
    // Six seeker-started rooms in the window: four answered after 10 min, 30 min, 2 h and 5 h.
    for (const reply of [10, 30, 120, 300, null, null])
      await room(r.id, { ageMinutes: 3 * DAY, replyAfterMinutes: reply, jobId: job });
    // Not counted: a room started 31 days ago, and rooms the recruiter started.
    await room(r.id, { ageMinutes: 31 * DAY, replyAfterMinutes: null });
    await room(r.id, { ageMinutes: 31 * DAY, replyAfterMinutes: 1 });
    await room(r.id, { ageMinutes: DAY, replyAfterMinutes: 1, by: 'recruiter' });
    await room(r.id, { ageMinutes: DAY, replyAfterMinutes: null, by: 'recruiter' });

    await t.ctx.replyRates.refresh();
    // Median of 600, 1800, 7200 and 18000 seconds: (1800 + 7200) / 2.
    expect(await statsOf(r.id)).toEqual({
      conversations: 6,
      replied: 4,
      median_reply_seconds: 4500,
    });

    // The job view carries it: 4 of 6 = 67%, 75 minutes; on the job page, the feed and the
    // recruiter's own list alike.
    const s = await feedSeeker();
    const expected = { rate: 67, medianMinutes: 75 };
    expect((await jobView(s, job)).recruiter.replyRate).toEqual(expected);
    const feed = (await (await api(s, 'GET', '/api/jobs/feed')).json()) as {
      jobs: { id: string; recruiter: { replyRate: unknown } }[];
    };
    expect(feed.jobs.find((j) => j.id === job)?.recruiter.replyRate).toEqual(expected);
    const own = (await (await api(r, 'GET', '/api/recruiter/jobs')).json()) as {
      jobs: { id: string; recruiter: { replyRate: unknown } }[];
    };
    expect(own.jobs.find((j) => j.id === job)?.recruiter.replyRate).toEqual(expected);
  });

  it('shows nothing under 5 conversations, and the badge once the fifth arrives', async () => {
    const r = await newRecruiter(t);
    const job = await jobOf(r);
    for (let i = 0; i < 4; i++) await room(r.id, { ageMinutes: 60, replyAfterMinutes: 20 });
    const s = await newUser(t, 'user');
    await t.ctx.replyRates.refresh();
    expect(await statsOf(r.id)).toMatchObject({ conversations: 4, replied: 4 });
    expect((await jobView(s, job)).recruiter.replyRate).toBeNull();

    await room(r.id, { ageMinutes: 60, replyAfterMinutes: null });
    // Read from the stats, not live: nothing changes until the worker runs.
    expect((await jobView(s, job)).recruiter.replyRate).toBeNull();
    await t.ctx.replyRates.refresh();
    expect((await jobView(s, job)).recruiter.replyRate).toEqual({ rate: 80, medianMinutes: 20 });
  });

  it('a recruiter who never replied gets 0% and no time; a recruiter with no rooms left in the window loses the row', async () => {
    const r = await newRecruiter(t);
    const job = await jobOf(r);
    const rooms: string[] = [];
    for (let i = 0; i < 5; i++) rooms.push(await room(r.id, { ageMinutes: 2 * DAY }));
    const s = await newUser(t, 'user');
    await t.ctx.replyRates.refresh();
    expect((await jobView(s, job)).recruiter.replyRate).toEqual({ rate: 0, medianMinutes: null });

    await sql(`UPDATE chat_rooms SET created_at = now() - interval '40 days' WHERE id = ANY($1)`, [
      rooms,
    ]);
    await t.ctx.replyRates.refresh();
    expect(await statsOf(r.id)).toBeNull();
    expect((await jobView(s, job)).recruiter.replyRate).toBeNull();
  });

  it('records a real reply through the chat: the first recruiter message, not the seeker’s', async () => {
    const r = await newRecruiter(t);
    const job = await jobOf(r);
    const s = await feedSeeker();
    const started = await api(s, 'POST', '/api/rooms', { jobId: job });
    const roomId = ((await started.json()) as { room: { id: string } }).room.id;
    await api(s, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Hi',
    });
    await t.ctx.replyRates.refresh();
    expect(await statsOf(r.id)).toEqual({
      conversations: 1,
      replied: 0,
      median_reply_seconds: null,
    });
    // Started two hours ago; the recruiter answers now.
    await sql(`UPDATE chat_rooms SET created_at = now() - interval '2 hours' WHERE id = $1`, [
      roomId,
    ]);
    await api(r, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Hello!',
    });
    await t.ctx.replyRates.refresh();
    const stats = await statsOf(r.id);
    expect(stats).toMatchObject({ conversations: 1, replied: 1 });
    expect(Math.abs(stats!.median_reply_seconds! - 7200)).toBeLessThan(60);
  });
});

describe('7-day auto-close', () => {
  /** A seeker (with a live socket) starts a room of the recruiter's job through the API. */
  async function seekerRoom(r: TestUser) {
    const s = await feedSeeker();
    const job = await jobOf(r, `Job ${randomUUID().slice(0, 8)}`);
    const res = await api(s, 'POST', '/api/rooms', { jobId: job });
    const roomId = ((await res.json()) as { room: { id: string } }).room.id;
    await api(s, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Is this still open?',
    });
    const ws = await connectWs(base, s.cookie);
    await ws.next((e) => e.type === 'hello');
    return { s, roomId, ws };
  }
  const age = (roomId: string, interval: string) =>
    sql(`UPDATE chat_rooms SET created_at = now() - $2::interval WHERE id = $1`, [
      roomId,
      interval,
    ]);
  const roomState = async (roomId: string) =>
    (
      await sql<{ status: string; auto_closed: boolean }>(
        'SELECT status, auto_closed_at IS NOT NULL AS auto_closed FROM chat_rooms WHERE id = $1',
        [roomId],
      )
    )[0];
  const messages = async (u: TestUser, roomId: string) =>
    (
      (await (await api(u, 'GET', `/api/rooms/${roomId}/messages`)).json()) as {
        messages: { kind: string; message: string; senderId: string | null }[];
      }
    ).messages;
  const isAuto = (e: ServerFrame): e is Extract<ServerFrame, { type: 'message.created' }> =>
    e.type === 'message.created' && e.message.meta?.autoClosed === true;

  it('closes an unanswered seeker-started room after 7 days, once, and tells the seeker live', async () => {
    const r = await newRecruiter(t);
    const { s, roomId, ws } = await seekerRoom(r);
    const wr = await connectWs(base, r.cookie);
    await wr.next((e) => e.type === 'hello');

    await age(roomId, '7 days 1 minute');
    expect((await t.ctx.replyRates.refresh()).closed).toBeGreaterThanOrEqual(1);
    expect(await roomState(roomId)).toEqual({ status: 'rejected', auto_closed: true });

    const updated = await ws.next((e) => e.type === 'room.updated' && e.roomId === roomId);
    expect(updated).toMatchObject({ status: 'rejected' });
    const auto = await ws.next((e) => isAuto(e) && e.roomId === roomId);
    expect(auto).toMatchObject({
      message: {
        kind: 'status',
        senderId: null,
        message: 'Closed: no reply from the recruiter in 7 days',
      },
    });
    // The recruiter's screens hear of it too.
    await wr.next((e) => e.type === 'room.updated' && e.roomId === roomId);

    const history = await messages(s, roomId);
    expect(history.at(-1)).toMatchObject({
      kind: 'status',
      senderId: null,
      message: 'Closed: no reply from the recruiter in 7 days',
    });

    // A second run changes nothing: no second message, no second event.
    const before = ws.events.length;
    await t.ctx.replyRates.refresh();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await messages(s, roomId)).toHaveLength(history.length);
    expect(ws.events.slice(before).filter((e) => 'roomId' in e && e.roomId === roomId)).toEqual([]);
    ws.close();
    wr.close();
  });

  it('leaves rooms younger than 7 days, answered rooms and rooms the recruiter started', async () => {
    const r = await newRecruiter(t);
    const young = await seekerRoom(r);
    await age(young.roomId, '6 days 23 hours 59 minutes');

    const answered = await seekerRoom(r);
    await api(r, 'POST', `/api/rooms/${answered.roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Thanks, we will call you',
    });
    await age(answered.roomId, '8 days');

    const mine = await room(r.id, { ageMinutes: 8 * DAY, by: 'recruiter' });

    await t.ctx.replyRates.refresh();
    expect(await roomState(young.roomId)).toEqual({ status: 'initiated', auto_closed: false });
    expect(await roomState(answered.roomId)).toEqual({ status: 'initiated', auto_closed: false });
    expect(await roomState(mine)).toEqual({ status: 'interested', auto_closed: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(young.ws.events.some(isAuto)).toBe(false);
    expect(answered.ws.events.some(isAuto)).toBe(false);
    young.ws.close();
    answered.ws.close();
  });

  it('the recruiter’s reply reopens an auto-closed room (initiated); the seeker writing does not', async () => {
    const r = await newRecruiter(t);
    const { s, roomId, ws } = await seekerRoom(r);
    await age(roomId, '9 days');
    await t.ctx.replyRates.refresh();
    expect(await roomState(roomId)).toEqual({ status: 'rejected', auto_closed: true });

    const seekerSend = await api(s, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Hello?',
    });
    expect(seekerSend.status).toBe(201);
    expect(await roomState(roomId)).toEqual({ status: 'rejected', auto_closed: true });

    const reply = await api(r, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'Sorry for the delay, are you still interested?',
    });
    expect(reply.status).toBe(201);
    expect(await roomState(roomId)).toEqual({ status: 'initiated', auto_closed: false });
    const reopened = await ws.next(
      (e) => e.type === 'room.updated' && e.roomId === roomId && e.status === 'initiated',
    );
    expect(reopened).toMatchObject({ status: 'initiated' });
    const view = (await (await api(s, 'GET', `/api/rooms/${roomId}`)).json()) as {
      room: { status: string };
    };
    expect(view.room.status).toBe('initiated');

    // Answered now: later runs leave it open.
    await t.ctx.replyRates.refresh();
    expect(await roomState(roomId)).toEqual({ status: 'initiated', auto_closed: false });
    ws.close();
  });

  it('a status the recruiter sets after the auto-close stays: a later message does not reopen', async () => {
    const r = await newRecruiter(t);
    const { roomId, ws } = await seekerRoom(r);
    await age(roomId, '8 days');
    await t.ctx.replyRates.refresh();
    const set = await api(r, 'PUT', `/api/rooms/${roomId}/status`, { status: 'rejected' });
    expect(set.status).toBe(200);
    await api(r, 'POST', `/api/rooms/${roomId}/messages`, {
      clientId: randomUUID(),
      message: 'We went with another candidate, all the best.',
    });
    expect(await roomState(roomId)).toEqual({ status: 'rejected', auto_closed: false });
    ws.close();
  });
});
