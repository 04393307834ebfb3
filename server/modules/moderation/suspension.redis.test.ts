import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltApp } from '../../app.ts';
import { listenOnFreePort, secondApp } from '../../test/app.ts';
import {
  acted,
  as,
  closedWithin,
  loginAgain,
  moderationTestApp,
  newAdmin,
  newRecruiter,
  newSeeker,
  openRoom,
  openWs,
  said,
  signedIn,
  wsSend,
  type World,
} from './moderation.test-helpers.ts';

// Issue 12, point 2, across instances: two servers on one PostgreSQL database and one Redis. A
// moderator on instance A suspends an account whose socket is on instance B, a person signs out
// on A while their socket is on B: B closes the socket at once (through the bus), not when the
// socket's next send re-checks the session. Runs in CI's PostgreSQL + Redis pass.

let w: World;
let b: BuiltApp;
let baseB: string;
beforeAll(async () => {
  w = await moderationTestApp();
  b = await secondApp(w.t);
  baseB = await listenOnFreePort(b);
});
afterAll(async () => {
  await b?.app.close();
  await w?.t.close();
});

describe('two instances', () => {
  it('a suspension on A closes the account’s socket on B within 2 s', async () => {
    const admin = await newAdmin(w.t);
    const r = await newRecruiter(w.t);
    const s = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    await said(w.t, r, room, 'Hello from the recruiter');
    const onB = await openWs(baseB, r);
    const seekerOnB = await openWs(baseB, s);
    try {
      // The socket on B works before.
      expect((await wsSend(onB, room, 'Over B')).type).toBe('message.ack');

      const started = Date.now();
      await acted(w.t, admin, { action: 'suspend', userId: r.id, reason: 'Fee requests' });
      expect(await closedWithin(onB, 2000)).toBe(4401);
      expect(Date.now() - started).toBeLessThan(2000);
      // Both instances refuse the account's session, and the seeker's socket on B stays open.
      expect(await signedIn(w.t, r)).toBe(false);
      expect(await signedIn(b, r)).toBe(false);
      expect(seekerOnB.socket.readyState).toBe(1);
      expect(await wsSend(seekerOnB, room, 'Hello?')).toMatchObject({
        type: 'message.nack',
        error: { status: 403, code: 'chat.suspended' },
      });
    } finally {
      onB.close();
      seekerOnB.close();
    }
  });

  it('a sign-out on A closes that session’s socket on B, and only that one', async () => {
    const s = await newSeeker(w);
    const other = await loginAgain(w.t, s, '10.70.0.1');
    const sOnB = await openWs(baseB, s);
    const otherOnB = await openWs(baseB, other);
    try {
      const res = await as(w.t, s, 'POST', '/api/auth/logout');
      expect(res.statusCode).toBe(204);
      expect(await closedWithin(sOnB, 2000)).toBe(4401);
      expect(await signedIn(b, s)).toBe(false);
      // The same person's other session (another phone) keeps its socket and its session.
      expect(await closedWithin(otherOnB, 300)).toBeNull();
      expect(await signedIn(b, other)).toBe(true);
    } finally {
      sOnB.close();
      otherOnB.close();
    }
  });

  it('a block made on A refuses the next send of a socket on B', async () => {
    const r = await newRecruiter(w.t);
    const s = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    const rOnB = await openWs(baseB, r);
    try {
      expect((await wsSend(rOnB, room, 'Hello')).type).toBe('message.ack');
      expect((await as(w.t, s, 'POST', '/api/blocks', { userId: r.id })).statusCode).toBe(204);
      expect(await wsSend(rOnB, room, 'Hello again')).toMatchObject({
        type: 'message.nack',
        error: { status: 403, code: 'chat.blocked' },
      });
    } finally {
      rOnB.close();
    }
  });
});
