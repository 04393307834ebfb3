import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { feedPage } from '#shared/schemas/jobs.ts';
import { REALTIME } from '#shared/limits.ts';
import {
  cityId,
  markOnboarded,
  newRecruiter,
  newSeeker,
  newUser,
  type TestUser,
} from '../../test/users.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { connectWs } from '../../test/ws.ts';

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
const pair = () => chatPair(t, base, 'Live Seeker');
/** A live connection of this user, once the server has greeted it (and counts them present). */
const live = async (u: TestUser) => {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
};

describe('realtime', () => {
  it('refuses a handshake without a session or from a foreign origin', async () => {
    await expect(connectWs(base, null)).rejects.toThrow(/401/);
    const { s } = await pair();
    await expect(connectWs(base, s.cookie, 'https://evil.example')).rejects.toThrow(/403/);
    const ok = await connectWs(base, s.cookie, base);
    await ok.next((e) => e.type === 'hello');
    ok.close();
  });

  it(`holds at most ${REALTIME.maxSocketsPerUser} sockets of one account: the next handshake is a 429, others go on`, async () => {
    const { r, s } = await pair();
    const open = [];
    for (let i = 0; i < REALTIME.maxSocketsPerUser; i++) open.push(await live(s));
    await expect(connectWs(base, s.cookie)).rejects.toThrow(/429/);
    // Another account is not held back; a closed tab frees its place.
    const other = await live(r);
    const first = open.shift()!;
    first.close();
    await first.closed;
    await expect
      .poll(async () => {
        try {
          open.push(await live(s));
          return true;
        } catch {
          return false;
        }
      })
      .toBe(true);
    for (const w of [...open, other]) w.close();
  });

  it('delivers new messages, status changes and read receipts to both members at once, and nothing to a third user', async () => {
    const { r, s, room } = await pair();
    const stranger = await newUser(t, 'user');
    const [wr, ws, wx] = await Promise.all([
      connectWs(base, r.cookie),
      connectWs(base, s.cookie),
      connectWs(base, stranger.cookie),
    ]);
    await Promise.all([
      wr.next((e) => e.type === 'hello'),
      ws.next((e) => e.type === 'hello'),
      wx.next((e) => e.type === 'hello'),
    ]);

    const sent = await (
      await api(s, 'POST', `/api/rooms/${room}/messages`, {
        clientId: randomUUID(),
        message: 'Namaste!',
      })
    ).json();
    for (const w of [wr, ws]) {
      const e = await w.next((x) => x.type === 'message.created');
      expect(e).toMatchObject({
        roomId: room,
        message: { id: sent.message.id, message: 'Namaste!' },
      });
    }
    await api(r, 'PUT', `/api/rooms/${room}/status`, { status: 'hired' });
    const statusEvent = await ws.next((e) => e.type === 'room.updated');
    expect(statusEvent).toMatchObject({ roomId: room, status: 'hired' });
    const auto = await ws.next((e) => e.type === 'message.created' && e.message.kind === 'status');
    expect(auto).toMatchObject({
      message: { message: 'Your application status has been updated to: Hired' },
    });

    await api(r, 'POST', `/api/rooms/${room}/read`, { upTo: sent.message.id });
    expect(await ws.next((e) => e.type === 'room.read')).toMatchObject({
      roomId: room,
      readerId: r.id,
      upTo: sent.message.id,
    });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(wx.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const w of [wr, ws, wx]) w.close();
  });

  it('shares presence with chat partners and reports it in the chat list', async () => {
    const { r, s } = await pair();
    const wr = await live(r);
    const seekerSocket = await connectWs(base, s.cookie);
    expect(await wr.next((e) => e.type === 'presence' && e.online)).toMatchObject({
      userId: s.id,
      online: true,
    });
    const list = await (await api(r, 'GET', '/api/rooms?status=interested')).json();
    expect(list.rooms.find((x: { userId: string }) => x.userId === s.id).isOnline).toBe(true);
    seekerSocket.close();
    expect(await wr.next((e) => e.type === 'presence' && !e.online)).toMatchObject({
      userId: s.id,
      online: false,
    });
    wr.close();
  });

  it('sign out closes that session’s live connections', async () => {
    const { s } = await pair();
    const w = await live(s);
    await api(s, 'POST', '/api/auth/logout');
    expect(await w.closed).toBe(4401);
  });

  it('after a dropped connection the client catches up with everything after its last message', async () => {
    const { r, s, room } = await pair();
    const w = await live(s);
    const first = await (
      await api(r, 'POST', `/api/rooms/${room}/messages`, {
        clientId: randomUUID(),
        message: 'one',
      })
    ).json();
    await w.next((e) => e.type === 'message.created');
    w.socket.terminate();
    for (const text of ['two', 'three'])
      await api(r, 'POST', `/api/rooms/${room}/messages`, {
        clientId: randomUUID(),
        message: text,
      });
    const missed = await (
      await api(s, 'GET', `/api/rooms/${room}/messages?after=${first.message.id}`)
    ).json();
    expect(missed.messages.map((m: { message: string }) => m.message)).toEqual(['two', 'three']);
  });
});

describe('presence on job cards', () => {
  it("the feed and the job page show the recruiter's real presence", async () => {
    const r = await newRecruiter(t);
    const s = await newUser(t, 'user');
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Card Seeker')`,
      [s.id],
    );
    await markOnboarded(t, s.id, 6);
    const [job] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description)
       VALUES ($1, 'Presence Job', 'Acme', 'full_time', 'entry', 'other', 'd') RETURNING id`,
      [r.id],
    );
    const card = async () => {
      const feed = await (await api(s, 'GET', '/api/jobs/feed?q=presence%20job')).json();
      const page = await (await api(s, 'GET', `/api/jobs/${job!.id}`)).json();
      // A seeker without preferences finds the job in the feed's wider section.
      const cards = [...feed.jobs, ...feed.wider];
      return [cards[0].recruiter.isOnline, page.job.recruiter.isOnline];
    };
    expect(await card()).toEqual([false, false]);
    const w = await live(r);
    expect(await card()).toEqual([true, true]);
    w.close();
    await w.closed;
    await expect.poll(card).toEqual([false, false]);
  });

  it("a kept card's presence is each answer's own, on the feed's JSON written from kept cards", async () => {
    const blr = await cityId(t, 'Bengaluru');
    const [a, b] = await Promise.all([newRecruiter(t, 'Kept A'), newRecruiter(t, 'Kept B')]);
    const s = await newSeeker(t, { city_id: blr, job_category: 'education_training' });
    for (const [r, title] of [
      [a, 'Kept Presence A'],
      [b, 'Kept Presence B'],
    ] as const) {
      const res = await api(r, 'POST', '/api/jobs', {
        title,
        cityId: blr,
        type: 'full_time',
        level: 'entry',
        jobCategory: 'education_training',
        description: 'Teach.',
      });
      expect(res.status).toBe(201);
    }
    const online = async () => {
      const res = await api(s, 'GET', '/api/jobs/feed');
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body: unknown = await res.json();
      const page = feedPage.parse(body);
      // Nothing the schema would not write.
      expect(body).toEqual(JSON.parse(JSON.stringify(feedPage.encode(page))));
      const of = (r: TestUser) =>
        page.jobs.find((j) => j.recruiter.id === r.id)!.recruiter.isOnline;
      return [of(a), of(b)];
    };
    const wa = await live(a);
    // The first answer ranks and keeps the cards; the next ones are written from them.
    expect(await online()).toEqual([true, false]);
    const wb = await live(b);
    expect(await online()).toEqual([true, true]);
    wa.close();
    await wa.closed;
    await expect.poll(online).toEqual([false, true]);
    wb.close();
  });
});
