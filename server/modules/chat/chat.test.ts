import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { cityId, markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
let blr: number;
beforeAll(async () => {
  t = await createTestApp();
  blr = await cityId(t, 'Bengaluru');
});
afterAll(async () => {
  await t.close();
});

const req = (u: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: u ? { cookie: u.cookie } : {},
  });

async function seeker(name = 'Chat Seeker'): Promise<TestUser> {
  const u = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, city_id) VALUES ($1, $2, $3)`,
    [u.id, name, blr],
  );
  await markOnboarded(t, u.id, 6);
  return u;
}
async function jobOf(r: TestUser, status: 'open' | 'closed' = 'open'): Promise<string> {
  const [row] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, status)
     VALUES ($1, 'Delivery Executive', 'Acme', 'full_time', 'entry', 'operations_admin', 'Deliver', $2) RETURNING id`,
    [r.id, status],
  );
  return row!.id;
}
const send = (u: TestUser, roomId: string, message: string, clientId = randomUUID()) =>
  req(u, 'POST', `/api/rooms/${roomId}/messages`, { clientId, message });

describe('rooms', () => {
  it('a seeker starts the room of a job (initiated); a recruiter starts one with a seeker (interested)', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const job = await jobOf(r);
    const first = await req(s, 'POST', '/api/rooms', { jobId: job });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      created: true,
      room: {
        status: 'initiated',
        jobId: job,
        jobTitle: 'Delivery Executive',
        recruiterId: r.id,
        seekerId: s.id,
      },
    });
    const again = await req(s, 'POST', '/api/rooms', { jobId: job });
    expect(again.statusCode).toBe(200);
    expect(again.json().room.id).toBe(first.json().room.id);

    const s2 = await seeker();
    const byRecruiter = await req(r, 'POST', '/api/rooms', { seekerId: s2.id });
    expect(byRecruiter.json()).toMatchObject({
      created: true,
      room: { status: 'interested', jobId: null },
    });
  });

  it('get-or-create under concurrent calls creates one room', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const job = await jobOf(r);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => req(s, 'POST', '/api/rooms', { jobId: job })),
    );
    expect(new Set(results.map((x) => x.json().room.id)).size).toBe(1);
    expect(results.filter((x) => x.json().created)).toHaveLength(1);
    const [row] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_rooms WHERE seeker_id = $1',
      [s.id],
    );
    expect(row!.n).toBe(1);
  });

  it('a closed job gets no new rooms', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const res = await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r, 'closed') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('This job is closed and cannot get new applications');
  });
});

describe('membership', () => {
  it('a third user cannot read, write or change the status of a room', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const stranger = await seeker('Stranger');
    const otherRecruiter = await newRecruiter(t);
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    for (const u of [stranger, otherRecruiter]) {
      expect((await req(u, 'GET', `/api/rooms/${room}`)).statusCode).toBe(404);
      expect((await req(u, 'GET', `/api/rooms/${room}/messages`)).statusCode).toBe(404);
      expect((await send(u, room, 'hi')).statusCode).toBe(404);
      expect(
        (await req(u, 'PUT', `/api/rooms/${room}/status`, { status: 'hired' })).statusCode,
      ).toBe(404);
      expect((await req(u, 'POST', `/api/rooms/${room}/read`, { upTo: 999 })).statusCode).toBe(404);
    }
    // The seeker is a member but cannot move their own hiring status.
    const own = await req(s, 'PUT', `/api/rooms/${room}/status`, { status: 'hired' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe('Only the recruiter can do that in this chat');
  });
});

describe('messages', () => {
  it('trims, refuses empty and over-long messages, and keeps order', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    expect((await send(s, room, '   ')).json().error.message).toBe('Message cannot be empty');
    expect((await send(s, room, 'x'.repeat(2001))).json().error.message).toBe(
      'Messages can be at most 2000 characters',
    );
    expect((await send(s, room, 'x'.repeat(2000))).statusCode).toBe(201);
    const hello = await send(s, room, '  Hello sir  ');
    expect(hello.json().message).toMatchObject({
      message: 'Hello sir',
      kind: 'text',
      senderId: s.id,
      isRead: false,
    });
    await send(r, room, 'Hi! When can you join?');
    await send(s, room, 'Next Monday');
    const list = (await req(r, 'GET', `/api/rooms/${room}/messages`)).json().messages;
    expect(list.map((m: { message: string }) => m.message).slice(1)).toEqual([
      'Hello sir',
      'Hi! When can you join?',
      'Next Monday',
    ]);
    const after = (await req(r, 'GET', `/api/rooms/${room}/messages?after=${list[1].id}`)).json()
      .messages;
    expect(after.map((m: { message: string }) => m.message)).toEqual([
      'Hi! When can you join?',
      'Next Monday',
    ]);
  });

  it('pages back through history with before=: every message once, in order; after and before together are refused', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    await t.ctx.db.query(
      `INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message)
       SELECT $1, $2, gen_random_uuid(), 'text', 'history ' || g FROM generate_series(1, 450) g`,
      [room, s.id],
    );
    const seen: string[] = [];
    let page = (await req(r, 'GET', `/api/rooms/${room}/messages`)).json().messages;
    expect(page).toHaveLength(200);
    seen.unshift(...page.map((m: { message: string }) => m.message));
    while (page.length > 0) {
      page = (
        await req(r, 'GET', `/api/rooms/${room}/messages?before=${page[0].id}&limit=200`)
      ).json().messages;
      seen.unshift(...page.map((m: { message: string }) => m.message));
    }
    expect(seen).toEqual(Array.from({ length: 450 }, (_, i) => `history ${i + 1}`));
    const both = await req(r, 'GET', `/api/rooms/${room}/messages?after=1&before=9`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.message).toBe('Ask for messages after an id or before one, not both');
    const stranger = await seeker('Nosy');
    expect(
      (await req(stranger, 'GET', `/api/rooms/${room}/messages?before=999999`)).statusCode,
    ).toBe(404);
  });

  it('sending the same client id twice stores and returns it once', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const clientId = randomUUID();
    const [a, b, c] = await Promise.all([
      send(s, room, 'once', clientId),
      send(s, room, 'once', clientId),
      send(s, room, 'once', clientId),
    ]);
    const ids = new Set([a, b, c].map((x) => x.json().message.id));
    expect(ids.size).toBe(1);
    expect([a, b, c].filter((x) => x.statusCode === 201)).toHaveLength(1);
    const [row] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1',
      [room],
    );
    expect(row!.n).toBe(1);
  });

  it('counts unread per room and in total, and reading clears them', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    await send(s, room, 'one');
    await send(s, room, 'two');
    const last = (await send(s, room, 'three')).json().message.id;
    const list = (await req(r, 'GET', '/api/rooms?status=initiated')).json().rooms;
    expect(list[0]).toMatchObject({
      roomId: room,
      unreadCount: 3,
      lastMessage: 'three',
      userName: 'Chat Seeker',
      jobTitle: 'Delivery Executive',
    });
    expect((await req(r, 'GET', '/api/rooms/unread')).json()).toMatchObject({
      conversations: 1,
      messages: 3,
    });
    expect((await req(s, 'GET', '/api/rooms/unread')).json().messages).toBe(0);
    expect((await req(r, 'POST', `/api/rooms/${room}/read`, { upTo: last })).statusCode).toBe(204);
    expect((await req(r, 'GET', '/api/rooms/unread')).json().messages).toBe(0);
  });
});

describe('hiring status', () => {
  it('sets any of the six statuses with the automatic message; refuses others', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const res = await req(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      kind: 'status',
      message: 'Your application status has been updated to: Shortlisted',
    });
    expect((await req(s, 'GET', `/api/rooms/${room}`)).json().room.status).toBe('shortlisted');
    const bad = await req(r, 'PUT', `/api/rooms/${room}/status`, { status: 'promoted' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please choose one of the listed statuses');
    const stats = (await req(r, 'GET', '/api/recruiter/profile')).json().profile.stats;
    expect(stats).toMatchObject({ shortlisted: 1, hired: 0 });
  });

  it('schedules an interview (status interviewing) and asks for a missing resume', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const invite = await req(r, 'POST', `/api/rooms/${room}/interview`, {
      date: '2099-12-01',
      time: '11:30',
      place: 'Zoom: https://zoom.us/j/123',
    });
    expect(invite.json().message).toMatchObject({
      kind: 'interview',
      message: 'Interview invitation: 1 Dec 2099 at 11:30, Zoom: https://zoom.us/j/123',
      warnings: [],
    });
    expect((await req(s, 'GET', `/api/rooms/${room}`)).json().room.status).toBe('interviewing');
    expect(
      (
        await req(r, 'POST', `/api/rooms/${room}/interview`, {
          date: 'soon',
          time: '11:30',
          place: 'x',
        })
      ).statusCode,
    ).toBe(400);

    const ask = await req(r, 'POST', `/api/rooms/${room}/resume-request`);
    expect(ask.json()).toMatchObject({ hasResume: false, message: { kind: 'resume_request' } });
    // Asked again the same day: the request stands, the candidate is not asked twice.
    const again = await req(r, 'POST', `/api/rooms/${room}/resume-request`);
    expect(again.json().message.id).toBe(ask.json().message.id);
    const [asked] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1 AND kind = 'resume_request'`,
      [room],
    );
    expect(asked!.n).toBe(1);
    await t.ctx.db.query(
      `UPDATE seeker_profiles SET resume_key = 'private/u/x/resume-1.pdf' WHERE user_id = $1`,
      [s.id],
    );
    expect((await req(r, 'POST', `/api/rooms/${room}/resume-request`)).json()).toEqual({
      hasResume: true,
      message: null,
    });
  });
});

describe('the recruiter tools are messages too', () => {
  const messagesOf = async (room: string) =>
    (
      await t.ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1',
        [room],
      )
    )[0]!.n;

  it('the same status again changes nothing and writes no message (409)', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const tries = await Promise.all(
      [1, 2, 3].map(() => req(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' })),
    );
    expect(tries.map((x) => x.statusCode).sort()).toEqual([200, 409, 409]);
    const again = tries.find((x) => x.statusCode === 409)!;
    expect(again.json().error.message).toBe('This candidate already has this status');
    expect(await messagesOf(room)).toBe(1);
  });

  it('status changes and invitations count against the message limit', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const statuses = ['shortlisted', 'rejected'] as const;
    const codes: number[] = [];
    for (let i = 0; i < 15; i++)
      codes.push(
        (await req(r, 'PUT', `/api/rooms/${room}/status`, { status: statuses[i % 2] })).statusCode,
      );
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes).toContain(429);
    const invite = await req(r, 'POST', `/api/rooms/${room}/interview`, {
      date: '2099-01-05',
      time: '10:00',
      place: 'Office',
    });
    expect(invite.statusCode).toBe(429);
    expect(invite.headers['retry-after']).toBeDefined();
  });

  it('a status refused as unchanged spends no message token', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const set = (status: string) => req(r, 'PUT', `/api/rooms/${room}/status`, { status });
    expect((await set('shortlisted')).statusCode).toBe(200);
    // Well past the burst of message tokens: each repeat is refused as unchanged, none as a limit.
    const repeats: number[] = [];
    for (let i = 0; i < TRUST_LIMITS.messages.burst + 5; i++)
      repeats.push((await set('shortlisted')).statusCode);
    expect(repeats).toEqual(Array(TRUST_LIMITS.messages.burst + 5).fill(409));
    // The tokens are all there for a real change.
    expect((await set('rejected')).statusCode).toBe(200);
  });

  it('parallel identical invitations store one; the same again is answered with it, costing nothing', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const invite = (time: string, place = 'Office, 2nd floor') =>
      req(r, 'POST', `/api/rooms/${room}/interview`, { date: '2099-03-04', time, place });
    const interviews = async () =>
      (
        await t.ctx.db.query<{ id: number }>(
          `SELECT id FROM chat_messages WHERE room_id = $1 AND kind = 'interview' ORDER BY id`,
          [room],
        )
      ).map((m) => Number(m.id));

    const together = await Promise.all([1, 2, 3, 4].map(() => invite('10:00')));
    expect(together.map((x) => x.statusCode)).toEqual([200, 200, 200, 200]);
    const first = together[0]!.json().message.id as number;
    expect(together.map((x) => x.json().message.id)).toEqual([first, first, first, first]);
    expect(await interviews()).toEqual([first]);
    // A double tap later, well past the burst of message tokens: the invitation already sent.
    for (let i = 0; i < TRUST_LIMITS.messages.burst + 2; i++) {
      const again = await invite('10:00');
      expect(again.statusCode).toBe(200);
      expect(again.json().message.id).toBe(first);
    }
    expect(await interviews()).toEqual([first]);

    // Another time is a new invitation; and so is the first one again after it (rescheduled back).
    const moved = (await invite('15:30')).json().message.id as number;
    const back = (await invite('10:00')).json().message.id as number;
    expect(await interviews()).toEqual([first, moved, back]);
    // Once the status moved on, inviting again is news to the candidate too.
    expect(
      (await req(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' })).statusCode,
    ).toBe(200);
    const reinvited = (await invite('10:00')).json().message.id as number;
    expect(await interviews()).toEqual([first, moved, back, reinvited]);
    expect((await req(s, 'GET', `/api/rooms/${room}`)).json().room.status).toBe('interviewing');
  });

  it('an invitation is read by the scam shield and queued for moderators when flagged', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const invite = await req(r, 'POST', `/api/rooms/${room}/interview`, {
      date: '2099-01-05',
      time: '10:00',
      place: 'Pay Rs 2000 registration fee by UPI to confirm your interview slot',
    });
    expect(invite.statusCode).toBe(200);
    const message = invite.json().message;
    expect(message.warnings).toContain('payment_request');
    const queued = await t.ctx.db.query(
      `SELECT 1 FROM reports WHERE message_id = $1 AND reason = 'shield'`,
      [message.id],
    );
    expect(queued).toHaveLength(1);
  });

  it('refuses an interview at a day or a time already past in India', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) })).json().room.id;
    const past = await req(r, 'POST', `/api/rooms/${room}/interview`, {
      date: '1999-01-01',
      time: '10:00',
      place: 'Office',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('Please choose today or a later date for the interview');
    const yesterday = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (
        await req(r, 'POST', `/api/rooms/${room}/interview`, {
          date: yesterday,
          time: '10:00',
          place: 'Office',
        })
      ).statusCode,
    ).toBe(400);
    // Earlier today in India: the day is right, the time is past (an hour ago, IST).
    const anHourAgo = new Date(Date.now() + 330 * 60_000 - 3600_000).toISOString();
    if (anHourAgo.slice(0, 10) === new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10)) {
      const earlier = await req(r, 'POST', `/api/rooms/${room}/interview`, {
        date: anHourAgo.slice(0, 10),
        time: anHourAgo.slice(11, 16),
        place: 'Office',
      });
      expect(earlier.statusCode).toBe(400);
      expect(earlier.json().error.code).toBe('chat.interviewPastTime');
      expect(earlier.json().error.message).toBe(
        'Please choose a time later than now for the interview',
      );
    }
    expect(await messagesOf(room)).toBe(0);
    // In an hour, India time: invited.
    const inAnHour = new Date(Date.now() + 330 * 60_000 + 3600_000).toISOString();
    const later = await req(r, 'POST', `/api/rooms/${room}/interview`, {
      date: inAnHour.slice(0, 10),
      time: inAnHour.slice(11, 16),
      place: 'Office',
    });
    expect(later.statusCode).toBe(200);
  });
});

describe('who may start a chat', () => {
  it('a seeker starts at most the daily number of new chats; reopening one is not new', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const limit = TRUST_LIMITS.seekerConversations.perDay;
    const jobs: string[] = [];
    for (let i = 0; i <= limit; i++) jobs.push(await jobOf(r));
    for (const job of jobs.slice(0, limit))
      expect((await req(s, 'POST', '/api/rooms', { jobId: job })).statusCode).toBe(201);
    const over = await req(s, 'POST', '/api/rooms', { jobId: jobs[limit] });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(/started many new chats today/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await req(s, 'POST', '/api/rooms', { jobId: jobs[0] })).statusCode).toBe(200);
    const [made] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_rooms WHERE seeker_id = $1',
      [s.id],
    );
    expect(made!.n).toBe(limit);
  });

  it('a job id that is not one is answered as a job not found, not a bare "Not found"', async () => {
    const s = await seeker();
    const res = await req(s, 'POST', '/api/rooms', { jobId: 'not-a-job' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Job not found');
  });

  it('a candidate id that is not one is answered as an unknown one: "Could not find candidate profile"', async () => {
    const r = await newRecruiter(t);
    const malformed = await req(r, 'POST', '/api/rooms', { seekerId: 'not-an-id' });
    const unknown = await req(r, 'POST', '/api/rooms', { seekerId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(400);
    for (const res of [malformed, unknown])
      expect(res.json().error.message).toBe('Could not find candidate profile');
  });

  it('a seeker who has not finished onboarding is asked to, and no room is made', async () => {
    const r = await newRecruiter(t);
    const fresh = await newUser(t, 'user');
    const res = await req(fresh, 'POST', '/api/rooms', { jobId: await jobOf(r) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/Finish setting up your profile/);
    const rooms = await t.ctx.db.query('SELECT 1 FROM chat_rooms WHERE seeker_id = $1', [fresh.id]);
    expect(rooms).toHaveLength(0);
  });
});

describe('chat list', () => {
  it('is one query whatever the number of rooms', async () => {
    const r = await newRecruiter(t);
    const cost = async () => {
      const before = t.ctx.db.queryCount;
      const res = await req(r, 'GET', '/api/rooms?status=interested');
      expect(res.statusCode).toBe(200);
      return { queries: t.ctx.db.queryCount - before, rooms: res.json().rooms.length };
    };
    const addRoom = async () => {
      const s = await seeker();
      const room = (await req(r, 'POST', '/api/rooms', { seekerId: s.id })).json().room.id;
      await send(s, room, 'hello');
    };
    await addRoom();
    const one = await cost();
    for (let i = 0; i < 12; i++) await addRoom();
    const many = await cost();
    expect(one.rooms).toBe(1);
    expect(many.rooms).toBe(13);
    expect(many.queries).toBe(one.queries);
  });

  it("labels: the seeker's list shows the recruiter; unnamed users come back as null for the screen's fallback", async () => {
    const r = await newRecruiter(t);
    const s = await newUser(t, 'user');
    await t.ctx.db.query(`INSERT INTO seeker_profiles (user_id) VALUES ($1)`, [s.id]);
    await markOnboarded(t, s.id, 6);
    await req(s, 'POST', '/api/rooms', { jobId: await jobOf(r) });
    const mine = (await req(s, 'GET', '/api/rooms')).json().rooms;
    expect(mine[0]).toMatchObject({ userId: r.id, userName: 'Test Recruiter', isOnline: false });
    const theirs = (await req(r, 'GET', '/api/rooms?status=initiated')).json().rooms;
    expect(theirs.find((x: { userId: string }) => x.userId === s.id).userName).toBeNull();
  });
});
