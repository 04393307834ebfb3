import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import type { WsClient } from '../../test/ws.ts';
import { scoresFresh } from '../matching/candidates.repo.ts';
import {
  as,
  chatListIds,
  expectError,
  expectListed,
  moderationTestApp,
  newAdmin,
  newRecruiter,
  newSeeker,
  openRoom,
  openWs,
  postJob,
  roomView,
  say,
  said,
  wsSend,
  type TestUser,
  type World,
} from './moderation.test-helpers.ts';

// Issue 12, point 1: a block stops messages both ways at once (HTTP and WebSocket alike, the same
// words for both sides), and hides each side from the other's chat list, feed, job pages and
// recommended candidates, until the blocker undoes it.

let w: World;
beforeAll(async () => {
  w = await moderationTestApp();
  // Scores refresh only when a test drains: the live query answers before, the table after.
  w.t.ctx.matching.setAuto(false);
});
afterAll(async () => {
  await w.t.close();
});

const block = (u: TestUser, other: TestUser | string) =>
  as(w.t, u, 'POST', '/api/blocks', { userId: typeof other === 'string' ? other : other.id });
const unblock = (u: TestUser, other: TestUser) => as(w.t, u, 'DELETE', `/api/blocks/${other.id}`);
async function blocked(u: TestUser) {
  const res = await as(w.t, u, 'GET', '/api/blocks');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().blocked as {
    userId: string;
    name: string | null;
    companyName: string | null;
    blockedAt: string;
  }[];
}
/** The recommended candidates of a recruiter: their user ids. */
async function candidates(r: TestUser): Promise<string[]> {
  const res = await as(w.t, r, 'GET', '/api/recruiter/candidates?limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().candidates as { userId: string }[]).map((c) => c.userId);
}
/**
 * Read on the live query (a new job makes the recruiter's scores stale) and again on the
 * precomputed scores (decision 008): blocks are applied at read time on both.
 */
async function candidatesBothPaths(r: TestUser): Promise<string[][]> {
  await postJob(w, r);
  expect(await scoresFresh(w.t.ctx.db, r.id)).toBe(false);
  const live = await candidates(r);
  await w.t.ctx.matching.drain();
  expect(await scoresFresh(w.t.ctx.db, r.id)).toBe(true);
  return [live, await candidates(r)];
}

const BLOCKED = { code: 'chat.blocked', key: 'chat.blocked', message: english('chat.blocked') };

/** A recruiter with a job, a seeker who fits it, the room between them and an onlooker seeker. */
async function scene() {
  const r = await newRecruiter(w.t, 'Blue Lotus Foods');
  const job = await postJob(w, r);
  const s = await newSeeker(w);
  const onlooker = await newSeeker(w);
  const room = await openRoom(w.t, r, s);
  await said(w.t, r, room, 'Hello, would you like to interview with us?');
  await said(w.t, s, room, 'Yes, thank you!');
  return { r, s, job, room, onlooker };
}

describe('blocking', () => {
  it.each(['seeker', 'recruiter'] as const)(
    'when the %s blocks, everything between the two stops at once and comes back on undo',
    async (who) => {
      const { r, s, job, room, onlooker } = await scene();
      const [blocker, other] = who === 'seeker' ? [s, r] : [r, s];
      const sockets: WsClient[] = [await openWs(w.base, r), await openWs(w.base, s)];
      try {
        expect((await wsSend(sockets[0]!, room, 'Before the block')).type).toBe('message.ack');
        for (const list of await candidatesBothPaths(r)) expect(list).toContain(s.id);

        const res = await block(blocker, other);
        expect(res.statusCode, res.body).toBe(204);

        // Sends refused both ways, over HTTP and over the open sockets, in the same words: the
        // blocked side is not told who blocked.
        for (const u of [r, s]) {
          const http = await say(w.t, u, room, 'Are you there?');
          expect(http.statusCode).toBe(403);
          expect(http.json().error).toEqual(BLOCKED);
        }
        for (const socket of sockets) {
          const reply = await wsSend(socket, room, 'Hello?');
          expect(reply).toMatchObject({ type: 'message.nack', error: { status: 403, ...BLOCKED } });
        }
        const stored = await w.t.ctx.db.query<{ message: string }>(
          'SELECT message FROM chat_messages WHERE room_id = $1 ORDER BY id',
          [room],
        );
        expect(stored.map((m) => m.message)).toEqual([
          'Hello, would you like to interview with us?',
          'Yes, thank you!',
          'Before the block',
        ]);

        // The room leaves both chat lists.
        expect(await chatListIds(w.t, r)).not.toContain(room);
        expect(await chatListIds(w.t, s)).not.toContain(room);
        // Only the blocker's room view says who blocked.
        expect((await roomView(w.t, blocker, room)).other).toMatchObject({
          blockedByMe: true,
          suspended: false,
        });
        expect((await roomView(w.t, other, room)).other).toMatchObject({
          blockedByMe: false,
          suspended: false,
        });
        // The recruiter's job leaves the seeker's feed and its page is gone for them; other
        // seekers still see it.
        await expectListed(w, s, job, false);
        await expectListed(w, onlooker, job, true);
        // The seeker leaves the recruiter's recommended candidates, on both paths.
        for (const list of await candidatesBothPaths(r)) {
          expect(list).not.toContain(s.id);
          expect(list).toContain(onlooker.id);
        }
        // Settings list the block for the blocker only.
        const mine = await blocked(blocker);
        expect(mine).toHaveLength(1);
        expect(mine[0]).toMatchObject({ userId: other.id });
        expect(Date.parse(mine[0]!.blockedAt)).toBeGreaterThan(Date.now() - 60_000);
        if (who === 'seeker')
          expect(mine[0]).toMatchObject({
            name: 'Test Recruiter',
            companyName: 'Blue Lotus Foods',
          });
        else expect(mine[0]!.name).toMatch(/^Asha Seeker/);
        expect(await blocked(other)).toEqual([]);

        // The blocked side cannot undo it.
        expect((await unblock(other, blocker)).statusCode).toBe(204);
        expect((await say(w.t, other, room, 'Still there?')).json().error).toEqual(BLOCKED);

        // The blocker undoes it: everything comes back.
        expect((await unblock(blocker, other)).statusCode).toBe(204);
        expect(await blocked(blocker)).toEqual([]);
        expect((await say(w.t, r, room, 'Welcome back')).statusCode).toBe(201);
        expect((await say(w.t, s, room, 'Thanks')).statusCode).toBe(201);
        expect((await wsSend(sockets[1]!, room, 'Over the socket too')).type).toBe('message.ack');
        expect(await chatListIds(w.t, r)).toContain(room);
        expect(await chatListIds(w.t, s)).toContain(room);
        expect((await roomView(w.t, blocker, room)).other.blockedByMe).toBe(false);
        await expectListed(w, s, job, true);
        for (const list of await candidatesBothPaths(r)) expect(list).toContain(s.id);
      } finally {
        for (const socket of sockets) socket.close();
      }
    },
  );

  it('a block by each side needs both undone', async () => {
    const { r, s, room } = await scene();
    expect((await block(r, s)).statusCode).toBe(204);
    expect((await block(s, r)).statusCode).toBe(204);
    expect((await unblock(r, s)).statusCode).toBe(204);
    expect((await say(w.t, r, room, 'Hi')).json().error).toEqual(BLOCKED);
    expect(await chatListIds(w.t, r)).not.toContain(room);
    expect((await unblock(s, r)).statusCode).toBe(204);
    expect((await say(w.t, r, room, 'Hi')).statusCode).toBe(201);
  });

  it('blocking twice is one block', async () => {
    const { r, s } = await scene();
    expect((await block(s, r)).statusCode).toBe(204);
    expect((await block(s, r)).statusCode).toBe(204);
    expect(await blocked(s)).toHaveLength(1);
  });

  it('refuses blocking oneself (400), an unknown user or a moderator (404), a malformed id (400)', async () => {
    const s = await newSeeker(w);
    expectError(await block(s, s), 400, 'moderation.cannotBlockSelf');
    expectError(await block(s, randomUUID()), 404, 'profile.notFound');
    const admin = await newAdmin(w.t);
    expectError(await block(s, admin), 404, 'profile.notFound');
    const bad = await block(s, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(await blocked(s)).toEqual([]);
  });

  it('is for members: a moderator cannot block (403), no session is 401', async () => {
    const admin = await newAdmin(w.t);
    const s = await newSeeker(w);
    expectError(await block(admin, s), 403, 'errors.forbidden');
    expectError(await as(w.t, admin, 'GET', '/api/blocks'), 403, 'errors.forbidden');
    expect((await as(w.t, null, 'POST', '/api/blocks', { userId: s.id })).statusCode).toBe(401);
    expect((await as(w.t, null, 'GET', '/api/blocks')).statusCode).toBe(401);
    expect((await as(w.t, null, 'DELETE', `/api/blocks/${s.id}`)).statusCode).toBe(401);
  });
});
