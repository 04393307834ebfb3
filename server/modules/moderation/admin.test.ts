import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import { login } from '../../test/app.ts';
import { freshPhone } from '../../test/users.ts';
import { connectWs } from '../../test/ws.ts';
import { adminCommand } from '../../cli/admin.ts';
import {
  act,
  acted,
  as,
  chatListIds,
  closedWithin,
  expectError,
  expectListed,
  jobPage,
  moderatedTestApp,
  newAdmin,
  newRecruiter,
  newSeeker,
  newUser,
  loginAgain,
  openRoom,
  openWs,
  postJob,
  queue,
  queueItem,
  reported,
  roomView,
  say,
  said,
  seekerWhoTalkedTo,
  signedIn,
  wsSend,
  type TestUser,
  type World,
} from './moderation.test-helpers.ts';
import { REPORTS_TO_HOLD } from './reports.service.ts';

// Issue 12, point 2: moderators are made from the command line only; only they reach the queue
// and the actions; every action does what it says (state, feeds, the report settled, sessions and
// sockets ended) and is recorded with who, when and why.

let w: World;
let admin: TestUser;
beforeAll(async () => {
  ({ w, admin } = await moderatedTestApp());
});
afterAll(async () => {
  await w.t.close();
});

const db = () => w.t.ctx.db;
const reportRow = async (id: string) =>
  (
    await db().query<{ resolved_at: Date | null; resolved_by: string | null; resolution: string }>(
      'SELECT resolved_at, resolved_by, resolution FROM reports WHERE id = $1',
      [id],
    )
  )[0]!;
const actionsBy = async (u: TestUser) =>
  (await db().query('SELECT 1 FROM moderation_actions WHERE admin_id = $1', [u.id])).length;
const ownJob = async (r: TestUser, jobId: string) => {
  const res = await jobPage(w, r, jobId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().job as { status: string; moderation: { state: string; reasons: string[] } };
};

describe('npm run admin', () => {
  it('add makes a moderator who signs in as one; list shows them; remove takes the role away', async () => {
    const phone = freshPhone('97');
    expect(await adminCommand(db(), ['add', phone])).toBe(`+91${phone} is a moderator`);
    expect((await adminCommand(db(), ['list'])).split('\n')).toContain(`+91${phone}`);
    const cookie = await login(w.t, phone, '10.68.0.1');
    const me = await w.t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ role: 'admin', isOnboarded: true });
    const mod = { id: me.json().user.id as string, cookie, phone };
    expect((await as(w.t, mod, 'GET', '/api/admin/queue')).statusCode).toBe(200);

    // Removing ends the moderator's sessions and the role.
    expect(await adminCommand(db(), ['remove', phone])).toBe(
      `+91${phone} is no longer a moderator`,
    );
    expect(await signedIn(w.t, mod)).toBe(false);
    expect((await adminCommand(db(), ['list'])).split('\n')).not.toContain(`+91${phone}`);
    expect(await adminCommand(db(), ['remove', phone])).toBe(`+91${phone} was not a moderator`);
    const again = await loginAgain(w.t, mod, '10.68.0.1');
    expectError(await as(w.t, again, 'GET', '/api/admin/queue'), 403, 'moderation.onlyAdmins');
  });

  it("add on a seeker's number makes them a moderator and ends their old sessions", async () => {
    const s = await newSeeker(w);
    const said = await adminCommand(db(), ['add', s.phone]);
    expect(said).toBe(`+91${s.phone} is a moderator (was user)`);
    expect(await signedIn(w.t, s)).toBe(false);
    await adminCommand(db(), ['remove', s.phone]);
  });

  it('refuses a bad command or number', async () => {
    // The operator is told what is wrong with the number, not only the usage.
    await expect(adminCommand(db(), ['add', '12345'])).rejects.toThrow(
      /^"12345" is not an Indian mobile number: 10 digits starting with 6, 7, 8 or 9/,
    );
    await expect(adminCommand(db(), ['remove', '5876543210'])).rejects.toThrow(
      /not an Indian mobile number/,
    );
    await expect(adminCommand(db(), ['make', '9876543210'])).rejects.toThrow(/usage/);
    await expect(adminCommand(db(), [])).rejects.toThrow(/usage/);
  });

  it('no screen or API makes a moderator', async () => {
    const u = await newUser(w.t, null);
    const res = await as(w.t, u, 'PUT', '/api/me/role', { role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(
      (await w.t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().user.role,
    ).toBeNull();
  });
});

describe('only moderators reach the queue and the actions', () => {
  it('seekers, recruiters and people without a role get 403 moderation.onlyAdmins; no session 401', async () => {
    const s = await newSeeker(w);
    const r = await newRecruiter(w.t);
    const roleless = await newUser(w.t, null);
    const body = { action: 'suspend', userId: s.id, reason: 'Trying my luck' };
    for (const u of [s, r, roleless]) {
      expectError(await as(w.t, u, 'GET', '/api/admin/queue'), 403, 'moderation.onlyAdmins');
      expectError(await act(w.t, u, body), 403, 'moderation.onlyAdmins');
    }
    for (const [method, url] of [
      ['GET', '/api/admin/queue'],
      ['POST', '/api/admin/actions'],
    ] as const) {
      const res = await as(w.t, null, method, url, method === 'POST' ? body : undefined);
      expect(res.statusCode).toBe(401);
    }
    // Nothing happened.
    expect(await signedIn(w.t, s)).toBe(true);
    const actions = await db().query('SELECT 1 FROM moderation_actions WHERE target_user_id = $1', [
      s.id,
    ]);
    expect(actions).toHaveLength(0);
  });
});

describe('moderator actions', () => {
  it('dismiss settles the report (once: 404 moderation.notFound after), recorded with who and why', async () => {
    const r = await newRecruiter(w.t);
    const s = await newSeeker(w);
    const id = await reported(w.t, s, { userId: r.id, reason: 'spam' });
    expect(await queueItem(w.t, admin, id)).toBeDefined();

    await acted(w.t, admin, { action: 'dismiss', reportId: id, reason: 'Ordinary job offer' });
    expect(await queueItem(w.t, admin, id)).toBeUndefined();
    expect(await reportRow(id)).toMatchObject({ resolved_by: admin.id, resolution: 'dismiss' });
    expectError(
      await act(w.t, admin, { action: 'dismiss', reportId: id, reason: 'Again' }),
      404,
      'moderation.notFound',
    );
    expectError(
      await act(w.t, admin, { action: 'dismiss', reportId: randomUUID(), reason: 'Nothing' }),
      404,
      'moderation.notFound',
    );
    const recorded = await db().query<{ action: string; reason: string; admin_id: string }>(
      'SELECT action, reason, admin_id FROM moderation_actions WHERE report_id = $1',
      [id],
    );
    expect(recorded).toEqual([
      { action: 'dismiss', reason: 'Ordinary job offer', admin_id: admin.id },
    ]);
  });

  it('refuses an action without a reason (400 moderation.reasonRequired) or without its target', async () => {
    const r = await newRecruiter(w.t);
    const s = await newSeeker(w);
    const id = await reported(w.t, s, { userId: r.id });
    const before = await actionsBy(admin);
    for (const reason of [undefined, '', '   ']) {
      const res = await act(w.t, admin, { action: 'dismiss', reportId: id, reason });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().error.message).toBe(english('moderation.reasonRequired'));
    }
    // Over the bound: the bound is said, not that the reason is missing.
    const long = await act(w.t, admin, {
      action: 'dismiss',
      reportId: id,
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('Please keep this to 1000 characters or fewer.');
    expectError(
      await act(w.t, admin, { action: 'dismiss', reason: 'x' }),
      400,
      'errors.badRequest',
    );
    expectError(
      await act(w.t, admin, { action: 'suspend', reason: 'x' }),
      400,
      'errors.badRequest',
    );
    expectError(
      await act(w.t, admin, { action: 'hide_job', reason: 'x' }),
      400,
      'errors.badRequest',
    );
    const unknown = await act(w.t, admin, { action: 'ban', userId: r.id, reason: 'x' });
    expect(unknown.statusCode).toBe(400);
    expectError(
      await act(w.t, admin, { action: 'hide_job', jobId: randomUUID(), reason: 'x' }),
      404,
      'jobs.notFound',
    );
    expectError(
      await act(w.t, admin, { action: 'suspend', userId: randomUUID(), reason: 'x' }),
      404,
      'profile.notFound',
    );
    // A moderator cannot be suspended through the queue.
    const other = await newAdmin(w.t);
    expectError(
      await act(w.t, admin, { action: 'suspend', userId: other.id, reason: 'x' }),
      404,
      'profile.notFound',
    );
    expect(await signedIn(w.t, other)).toBe(true);
    // Nothing was settled or recorded.
    expect((await reportRow(id)).resolved_at).toBeNull();
    expect(await actionsBy(admin)).toBe(before);
  });

  it('publish_job puts a job held by three reports back in the feed and settles its reports', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const ids: string[] = [];
    for (let i = 0; i < REPORTS_TO_HOLD; i++)
      ids.push(await reported(w.t, await newSeeker(w), { jobId: job.id, reason: 'fake_job' }));
    await expectListed(w, viewer, job, false);
    expect((await ownJob(r, job.id)).moderation.state).toBe('held');

    await acted(w.t, admin, {
      action: 'publish_job',
      jobId: job.id,
      reportId: ids[0],
      reason: 'Checked the company: real',
    });
    expect((await ownJob(r, job.id)).moderation).toEqual({ state: 'published', reasons: [] });
    for (const id of ids) {
      expect((await reportRow(id)).resolution).toBe('publish_job');
      expect(await queueItem(w.t, admin, id)).toBeUndefined();
    }
    await expectListed(w, viewer, job, true);
  });

  it('dismissing the reports that held a recruiter and a job ends the holds they made', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const aboutRecruiter: string[] = [];
    const aboutJob: string[] = [];
    for (let i = 0; i < REPORTS_TO_HOLD; i++) {
      // Seekers who had a conversation with the recruiter: their reports count towards a hold.
      const reporter = await seekerWhoTalkedTo(w, r);
      aboutRecruiter.push(await reported(w.t, reporter, { userId: r.id, reason: 'money' }));
      aboutJob.push(await reported(w.t, reporter, { jobId: job.id, reason: 'fake_job' }));
    }
    const heldAt = async () =>
      (
        await db().query<{ held_at: Date | null }>('SELECT held_at FROM users WHERE id = $1', [
          r.id,
        ])
      )[0]!.held_at;
    expect(await heldAt()).not.toBeNull();
    expect((await ownJob(r, job.id)).moderation.state).toBe('held');
    await expectListed(w, viewer, job, false);

    // One of three dismissed: two left, not enough to hold.
    await acted(w.t, admin, {
      action: 'dismiss',
      reportId: aboutRecruiter[0],
      reason: 'Not credible',
    });
    expect(await heldAt()).toBeNull();
    expect((await ownJob(r, job.id)).moderation.state).toBe('held');
    await acted(w.t, admin, { action: 'dismiss', reportId: aboutJob[0], reason: 'Not credible' });
    expect((await ownJob(r, job.id)).moderation).toEqual({ state: 'published', reasons: [] });
    await expectListed(w, viewer, job, true);
  });

  it('hide_job takes a job out of feeds (its owner sees it held by a moderator); publish_job brings it back', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const id = await reported(w.t, viewer, { jobId: job.id, reason: 'money' });
    await acted(w.t, admin, { action: 'hide_job', jobId: job.id, reason: 'Asks for a fee' });
    await expectListed(w, viewer, job, false);
    expect(await ownJob(r, job.id)).toMatchObject({
      status: 'open',
      moderation: { state: 'held', reasons: ['moderator'] },
    });
    expect((await reportRow(id)).resolution).toBe('hide_job');
    // A hidden job stays hidden when its owner edits it.
    const edit = await as(w.t, r, 'PATCH', `/api/jobs/${job.id}`, {
      description: 'Build our React app with a small team. No fees at any stage.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().job.moderation.state).toBe('held');
    await expectListed(w, viewer, job, false);

    await acted(w.t, admin, { action: 'publish_job', jobId: job.id, reason: 'Fee text removed' });
    await expectListed(w, viewer, job, true);
  });

  it('close_job closes the job: out of feeds, report settled', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const id = await reported(w.t, viewer, { jobId: job.id, reason: 'fake_job' });
    await acted(w.t, admin, {
      action: 'close_job',
      jobId: job.id,
      reason: 'Position does not exist',
    });
    expect((await ownJob(r, job.id)).status).toBe('closed');
    expect(await reportRow(id)).toMatchObject({ resolution: 'close_job', resolved_by: admin.id });
    const feed = await as(w.t, viewer, 'GET', `/api/jobs/feed?q=${job.word}`);
    expect(feed.json().jobs).toEqual([]);
  });

  it('suspend ends every session and socket, takes the jobs out of feeds and stops the chats; restore undoes it', async () => {
    const r = await newRecruiter(w.t, 'Golden Scam Pvt Ltd');
    const job = await postJob(w, r);
    const s = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    await said(w.t, r, room, 'Hello, we liked your profile.');
    // A second session of the recruiter (another phone or browser) and open sockets on both.
    const r2 = await loginAgain(w.t, r, '10.69.0.1');
    const rSockets = [await openWs(w.base, r), await openWs(w.base, r2)];
    const sSocket = await openWs(w.base, s);
    const id = await reported(w.t, s, { userId: r.id, reason: 'money' });

    await acted(w.t, admin, {
      action: 'suspend',
      userId: r.id,
      reportId: id,
      reason: 'Asked for UPI payment',
    });

    // Every session ends: the cookies get 401, the sockets close with 4401, a new socket is refused.
    expect(await signedIn(w.t, r)).toBe(false);
    expect(await signedIn(w.t, r2)).toBe(false);
    for (const socket of rSockets) expect(await closedWithin(socket, 2000)).toBe(4401);
    await expect(connectWs(w.base, r.cookie)).rejects.toThrow(/401/);
    // The seeker's socket stays open.
    expect(sSocket.socket.readyState).toBe(1);
    // Their jobs leave feeds.
    await expectListed(w, s, job, false);
    // The other member's room view says so, and nothing more is sent into the room.
    expect((await roomView(w.t, s, room)).other).toMatchObject({ id: r.id, suspended: true });
    expect(await chatListIds(w.t, s)).toContain(room);
    const http = await say(w.t, s, room, 'Why do you want money?');
    expect(http.statusCode).toBe(403);
    expect(http.json().error).toEqual({
      code: 'chat.suspended',
      key: 'chat.suspended',
      message: english('chat.suspended'),
    });
    expect(await wsSend(sSocket, room, 'Hello?')).toMatchObject({
      type: 'message.nack',
      error: { status: 403, code: 'chat.suspended', message: english('chat.suspended') },
    });
    expect(await reportRow(id)).toMatchObject({ resolution: 'suspend', resolved_by: admin.id });

    // Restore: back in feeds, the room takes messages, the recruiter signs in again.
    await acted(w.t, admin, { action: 'restore', userId: r.id, reason: 'Appeal accepted' });
    await expectListed(w, s, job, true);
    expect((await roomView(w.t, s, room)).other.suspended).toBe(false);
    expect((await say(w.t, s, room, 'Glad you are back')).statusCode).toBe(201);
    const back = await loginAgain(w.t, r, '10.69.0.2');
    expect(await signedIn(w.t, back)).toBe(true);
    expect((await say(w.t, back, room, 'Hello again')).statusCode).toBe(201);
    sSocket.close();
  });

  it('a suspended account cannot sign in again until it is restored', async () => {
    const r = await newRecruiter(w.t);
    await acted(w.t, admin, { action: 'suspend', userId: r.id, reason: 'Scam reports' });
    // No code is sent (suspended-login.test.ts); the one the phone has is used: no session.
    const sms = w.t.ctx.outbox.list(`+91${r.phone}`).length;
    await expect(loginAgain(w.t, r, '10.69.1.1')).rejects.toThrow(/verify: 4\d\d/);
    expect(w.t.ctx.outbox.list(`+91${r.phone}`)).toHaveLength(sms);
    const sessions = await db().query(
      'SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [r.id],
    );
    expect(sessions).toHaveLength(0);

    await acted(w.t, admin, { action: 'restore', userId: r.id, reason: 'Reviewed' });
    const back = await loginAgain(w.t, r, '10.69.1.2');
    expect(await signedIn(w.t, back)).toBe(true);
  });

  it('every action is recorded and shown on the item: action, reason, moderator, time', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const s = await newSeeker(w);
    const before = Date.now() - 5_000;
    await acted(w.t, admin, { action: 'hide_job', jobId: job.id, reason: 'Suspicious pay' });
    await acted(w.t, admin, { action: 'publish_job', jobId: job.id, reason: 'Pay confirmed' });
    await acted(w.t, admin, { action: 'suspend', userId: r.id, reason: 'Fee requests in chat' });
    await acted(w.t, admin, { action: 'restore', userId: r.id, reason: 'Warned, first time' });

    // A new report on the job shows what moderators did on the job and on its recruiter.
    const id = await reported(w.t, s, { jobId: job.id, reason: 'money' });
    const item = (await queueItem(w.t, admin, id))!;
    expect(item.history.map((h) => [h.action, h.reason])).toEqual([
      ['restore', 'Warned, first time'],
      ['suspend', 'Fee requests in chat'],
      ['publish_job', 'Pay confirmed'],
      ['hide_job', 'Suspicious pay'],
    ]);
    for (const h of item.history) {
      // A moderator has no profile: the queue names them by phone.
      expect(h.adminName).toBe(admin.phone);
      expect(Date.parse(h.at)).toBeGreaterThan(before);
      expect(Date.parse(h.at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    expect(item.account).toMatchObject({ id: r.id, suspended: false, held: false, jobs: 1 });
  });

  it('held jobs without an open report are in the queue too', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    await db().query(
      "UPDATE jobs SET moderation_state = 'held', moderation_reasons = '{payment_request}' WHERE id = $1",
      [job.id],
    );
    const item = (await queue(w.t, admin)).find((i) => i.kind === 'held_job' && i.id === job.id);
    expect(item).toMatchObject({
      job: { id: job.id, moderation: { state: 'held', reasons: ['payment_request'] } },
      account: { id: r.id },
      reporter: null,
    });
    await acted(w.t, admin, { action: 'publish_job', jobId: job.id, reason: 'False alarm' });
    expect((await queue(w.t, admin)).some((i) => i.id === job.id)).toBe(false);
  });
});

describe('a job out of a seeker’s sight', () => {
  it('cannot be applied to either (POST /api/rooms with its id): held, hidden, or its recruiter blocked or suspended', async () => {
    const s = await newSeeker(w);
    const apply = (jobId: string) => as(w.t, s, 'POST', '/api/rooms', { jobId });

    const held = await postJob(w, await newRecruiter(w.t));
    for (let i = 0; i < REPORTS_TO_HOLD; i++)
      await reported(w.t, await newSeeker(w), { jobId: held.id });
    const hidden = await postJob(w, await newRecruiter(w.t));
    await acted(w.t, admin, { action: 'hide_job', jobId: hidden.id, reason: 'Scam' });
    const blockerR = await newRecruiter(w.t);
    const blockedJob = await postJob(w, blockerR);
    expect((await as(w.t, blockerR, 'POST', '/api/blocks', { userId: s.id })).statusCode).toBe(204);
    const suspendedR = await newRecruiter(w.t);
    const suspendedJob = await postJob(w, suspendedR);
    await acted(w.t, admin, { action: 'suspend', userId: suspendedR.id, reason: 'Scam' });

    const cases = { held, hidden, blockedJob, suspendedJob };
    for (const job of Object.values(cases)) await expectListed(w, s, job, false);
    const answers: Record<string, number> = {};
    for (const [name, job] of Object.entries(cases))
      answers[name] = (await apply(job.id)).statusCode;
    expect(answers).toEqual({ held: 404, hidden: 404, blockedJob: 404, suspendedJob: 404 });
    const rooms = await db().query('SELECT 1 FROM chat_rooms WHERE seeker_id = $1', [s.id]);
    expect(rooms).toHaveLength(0);
  });
});
