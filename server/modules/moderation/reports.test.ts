import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { english } from '#shared/i18n/messages.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { humanWait } from '../../lib/errors.ts';
import {
  as,
  expectError,
  expectListed,
  inFeed,
  jobPage,
  moderatedTestApp,
  newRecruiter,
  newFreshSeeker,
  newSeeker,
  newUser,
  openRoom,
  postJob,
  queueItem,
  acted,
  queue,
  report,
  reportFrom,
  reported,
  said,
  seekerWhoTalkedTo,
  type TestUser,
  type World,
} from './moderation.test-helpers.ts';
import { queueFlaggedMessage, REPORTS_TO_HOLD } from './reports.service.ts';

// Issue 12, point 1: reports by both roles, about a message, a job or a person; the denials; and
// the hold that three independent reporters put on a job or a recruiter. Through HTTP against the
// real database.

let w: World;
let admin: TestUser;
beforeAll(async () => {
  ({ w, admin } = await moderatedTestApp());
});
afterAll(async () => {
  await w.t.close();
});

const heldAt = async (userId: string) =>
  (
    await w.t.ctx.db.query<{ held_at: Date | null }>('SELECT held_at FROM users WHERE id = $1', [
      userId,
    ])
  )[0]!.held_at;

/** A recruiter, a seeker and the room between them. */
async function pair() {
  const r = await newRecruiter(w.t, 'Sunrise Traders');
  const s = await newSeeker(w);
  return { r, s, room: await openRoom(w.t, r, s) };
}

describe('reporting', () => {
  it("a seeker reports a recruiter's message: 201, and the queue shows it with the messages before it", async () => {
    const { r, s, room } = await pair();
    const ids: number[] = [];
    ids.push(await said(w.t, r, room, 'Hello, thanks for your interest in the role.'));
    ids.push(await said(w.t, s, room, 'Hi! Happy to talk.'));
    ids.push(await said(w.t, r, room, 'Can you come on Monday?'));
    ids.push(await said(w.t, s, room, 'Yes, what time?'));
    ids.push(await said(w.t, r, room, 'First send 1500 rupees for the interview slot.'));
    ids.push(await said(w.t, s, room, 'Why should I pay?'));
    ids.push(await said(w.t, r, room, 'It is refundable.'));

    const id = await reported(w.t, s, {
      messageId: ids[4],
      reason: 'money',
      details: 'He wants a fee before the interview',
    });
    const item = await queueItem(w.t, admin, id);
    expect(item).toMatchObject({
      kind: 'report',
      reason: 'money',
      details: 'He wants a fee before the interview',
      reporter: { id: s.id },
      job: null,
      account: { id: r.id, role: 'recruiter', companyName: 'Sunrise Traders', suspended: false },
    });
    // The reported message and the four before it, oldest first; never the ones after it.
    expect(item!.messages.map((m) => m.id)).toEqual(ids.slice(0, 5));
    expect(item!.messages.map((m) => m.reported)).toEqual([false, false, false, false, true]);
    expect(item!.messages[4]).toMatchObject({
      message: 'First send 1500 rupees for the interview slot.',
      senderName: 'Test Recruiter',
    });
    expect(item!.messages[1]!.senderName).toMatch(/^Asha Seeker/);
  });

  it('a seeker reports a job, and a person; a recruiter reports a seeker (201)', async () => {
    const { r, s } = await pair();
    const job = await postJob(w, r);
    const jobReport = await reported(w.t, s, { jobId: job.id, reason: 'fake_job' });
    const jobItem = await queueItem(w.t, admin, jobReport);
    expect(jobItem).toMatchObject({
      kind: 'report',
      reason: 'fake_job',
      job: { id: job.id, title: job.title, moderation: { state: 'published', reasons: [] } },
      account: { id: r.id },
      messages: [],
    });

    const personReport = await reported(w.t, s, { userId: r.id, reason: 'harassment' });
    expect(await queueItem(w.t, admin, personReport)).toMatchObject({
      reason: 'harassment',
      job: null,
      account: { id: r.id },
    });

    const bySeekerSide = await reported(w.t, r, { userId: s.id, reason: 'spam' });
    expect(await queueItem(w.t, admin, bySeekerSide)).toMatchObject({
      reporter: { id: r.id },
      account: { id: s.id, role: 'user' },
    });
  });

  it('refuses a message of a room one is not in, and unknown things (404)', async () => {
    const { r, room } = await pair();
    const stranger = await newSeeker(w);
    const msg = await said(w.t, r, room, 'Hello there');
    expectError(await report(w.t, stranger, { messageId: msg }), 404, 'moderation.cannotReport');
    // Another recruiter cannot report it either.
    const other = await newRecruiter(w.t);
    expectError(await report(w.t, other, { messageId: msg }), 404, 'moderation.cannotReport');
    expectError(
      await report(w.t, stranger, { messageId: 987_654_321 }),
      404,
      'moderation.cannotReport',
    );
    expectError(
      await report(w.t, stranger, { jobId: randomUUID() }),
      404,
      'moderation.cannotReport',
    );
    expectError(
      await report(w.t, stranger, { userId: randomUUID() }),
      404,
      'moderation.cannotReport',
    );
    // A moderator is no one to report.
    expectError(await report(w.t, stranger, { userId: admin.id }), 404, 'moderation.cannotReport');
    const stored = await w.t.ctx.db.query('SELECT 1 FROM reports WHERE reporter_id = ANY($1)', [
      [stranger.id, other.id],
    ]);
    expect(stored).toHaveLength(0);
  });

  it("refuses one's own message, job and self", async () => {
    const { r, s, room } = await pair();
    const mine = await said(w.t, s, room, 'My own words');
    expectError(await report(w.t, s, { messageId: mine }), 404, 'moderation.cannotReport');
    const job = await postJob(w, r);
    expectError(await report(w.t, r, { jobId: job.id }), 400, 'moderation.cannotReport');
    expectError(await report(w.t, r, { userId: r.id }), 404, 'moderation.cannotReport');
    expectError(await report(w.t, s, { userId: s.id }), 404, 'moderation.cannotReport');
  });

  it('refuses a report about nothing, and a reason off the list, with the catalogue messages', async () => {
    const { r, s } = await pair();
    const none = await as(w.t, s, 'POST', '/api/reports', { reason: 'money' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(english('moderation.reportWhat'));

    for (const reason of ['scam', '', 'shield', undefined]) {
      const res = await as(w.t, s, 'POST', '/api/reports', { reason, userId: r.id });
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().error.message).toBe(english('moderation.pickReason'));
    }
    const long = await as(w.t, s, 'POST', '/api/reports', {
      reason: 'other',
      userId: r.id,
      details: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
    const stored = await w.t.ctx.db.query('SELECT 1 FROM reports WHERE reporter_id = $1', [s.id]);
    expect(stored).toHaveLength(0);
  });

  it('refuses a second open report of the same thing (409), and takes it again once settled', async () => {
    const { r, s, room } = await pair();
    const job = await postJob(w, r);
    const msg = await said(w.t, r, room, 'Hello');
    const first = await reported(w.t, s, { jobId: job.id });
    expectError(
      await report(w.t, s, { jobId: job.id, reason: 'spam' }),
      409,
      'moderation.alreadyReported',
    );
    await reported(w.t, s, { messageId: msg });
    expectError(await report(w.t, s, { messageId: msg }), 409, 'moderation.alreadyReported');
    await reported(w.t, s, { userId: r.id });
    expectError(await report(w.t, s, { userId: r.id }), 409, 'moderation.alreadyReported');

    const dismissed = await as(w.t, admin, 'POST', '/api/admin/actions', {
      action: 'dismiss',
      reportId: first,
      reason: 'Looks like a real job',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    await reported(w.t, s, { jobId: job.id });
  });

  it('refuses moderators, people without a role (403) and no session (401)', async () => {
    const { r } = await pair();
    const job = await postJob(w, r);
    expectError(await report(w.t, admin, { userId: r.id }), 403, 'errors.forbidden');
    const roleless = await newUser(w.t, null);
    expectError(await report(w.t, roleless, { jobId: job.id }), 403, 'errors.forbidden');
    const anonymous = await as(w.t, null, 'POST', '/api/reports', {
      reason: 'money',
      jobId: job.id,
    });
    expect(anonymous.statusCode).toBe(401);
    const stored = await w.t.ctx.db.query('SELECT 1 FROM reports WHERE job_id = $1', [job.id]);
    expect(stored).toHaveLength(0);
  });

  it(`takes ${TRUST_LIMITS.reportsPerDay} reports a day, then 429 with Retry-After; the limit shows on the account`, async () => {
    const r = await newRecruiter(w.t);
    const s = await newSeeker(w);
    const jobIds: string[] = [];
    for (let i = 0; i <= TRUST_LIMITS.reportsPerDay; i++) {
      const [row] = await w.t.ctx.db.query<{ id: string }>(
        `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, min_salary, max_salary, description)
         VALUES ($1, $2, 'Acme', 'Bengaluru', $3, 'full_time', '1_3', 'software_development', 6, 9, 'd') RETURNING id`,
        [r.id, `Job ${i}`, w.blr],
      );
      jobIds.push(row!.id);
    }
    for (const jobId of jobIds.slice(0, TRUST_LIMITS.reportsPerDay))
      await reported(w.t, s, { jobId });
    const over = await report(w.t, s, { jobId: jobIds.at(-1) });
    expect(over.statusCode, over.body).toBe(429);
    const seconds = Number(over.headers['retry-after']);
    expect(String(over.headers['retry-after'])).toMatch(/^[1-9][0-9]*$/);
    // A day is any 24 hours: the next one fits when the first of them is a day old.
    expect(seconds).toBeGreaterThan(23 * 3600);
    expect(seconds).toBeLessThanOrEqual(86_400);
    expect(over.json().error).toEqual({
      code: 'limits.reports',
      key: 'limits.reports',
      message: english('limits.reports', { seconds, wait: humanWait(seconds), limit: 20 }),
      vars: { seconds, limit: 20 },
    });
    const stored = await w.t.ctx.db.query('SELECT 1 FROM reports WHERE reporter_id = $1', [s.id]);
    expect(stored).toHaveLength(TRUST_LIMITS.reportsPerDay);
    // One reporter, however many reports: the recruiter is not held.
    expect(await heldAt(r.id)).toBeNull();

    // When someone reports the flooding account, moderators see the limit it ran into.
    const other = await newRecruiter(w.t);
    const id = await reported(w.t, other, { userId: s.id, reason: 'spam' });
    expect((await queueItem(w.t, admin, id))!.account!.limitsHit).toEqual([
      { limit: 'report', times: 1 },
    ]);
  });
});

describe('three independent reports hold a job or a recruiter', () => {
  it(`the ${REPORTS_TO_HOLD}rd reporter of a job holds it: out of the feed, its page 404s for seekers, its owner sees why`, async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const reporters = [await newSeeker(w), await newSeeker(w), await newSeeker(w)];

    await reported(w.t, reporters[0]!, { jobId: job.id, reason: 'fake_job' });
    await reported(w.t, reporters[1]!, { jobId: job.id, reason: 'money' });
    // Two are not enough.
    await expectListed(w, viewer, job, true);
    expect((await jobPage(w, r, job.id)).json().job.moderation.state).toBe('published');

    await reported(w.t, reporters[2]!, { jobId: job.id, reason: 'spam' });
    await expectListed(w, viewer, job, false);
    // A reporter does not see it either.
    await expectListed(w, reporters[0]!, job, false);

    const own = await jobPage(w, r, job.id);
    expect(own.statusCode).toBe(200);
    expect(own.json().job.moderation.state).toBe('held');
    expect(own.json().job.moderation.reasons).toContain('reports');
    const mine = await as(w.t, r, 'GET', '/api/recruiter/jobs');
    const listed = (mine.json().jobs as { id: string; moderation: object }[]).find(
      (j) => j.id === job.id,
    );
    expect(listed?.moderation).toMatchObject({ state: 'held' });

    // The queue shows the held job on each open report.
    const [row] = await w.t.ctx.db.query<{ id: string }>(
      'SELECT id FROM reports WHERE job_id = $1 ORDER BY created_at DESC LIMIT 1',
      [job.id],
    );
    expect((await queueItem(w.t, admin, row!.id))!.job!.moderation).toEqual({
      state: 'held',
      reasons: ['reports'],
    });
  });

  it('accounts made just now, or never onboarded, are not independent: queued, holding nobody', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const fresh = [await newFreshSeeker(w), await newFreshSeeker(w), await newFreshSeeker(w)];
    // They talked with the recruiter: only their age keeps their reports from counting.
    for (const u of fresh) await openRoom(w.t, r, u);
    const unfinished = [await newUser(w.t, 'user'), await newUser(w.t, 'user')];
    for (const u of unfinished)
      await w.t.ctx.db.query(
        `UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1`,
        [u.id],
      );
    for (const u of [...fresh, ...unfinished]) {
      await reported(w.t, u, { jobId: job.id, reason: 'fake_job' });
      await reported(w.t, u, { userId: r.id, reason: 'fake_job' });
    }
    await expectListed(w, viewer, job, true);
    expect(await heldAt(r.id)).toBeNull();
    const [queued] = await w.t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM reports WHERE job_id = $1',
      [job.id],
    );
    expect(queued!.n).toBe(5);
    // Two established reporters more are not three either: the fresh ones still do not count.
    await reported(w.t, await newSeeker(w), { jobId: job.id, reason: 'spam' });
    await reported(w.t, await newSeeker(w), { jobId: job.id, reason: 'spam' });
    await expectListed(w, viewer, job, true);
    await reported(w.t, await newSeeker(w), { jobId: job.id, reason: 'spam' });
    await expectListed(w, viewer, job, false);
  });

  it("three reports of one job hold that job, not the recruiter's other jobs", async () => {
    const r = await newRecruiter(w.t);
    const reportedJob = await postJob(w, r);
    const otherJob = await postJob(w, r);
    const viewer = await newSeeker(w);
    for (let i = 0; i < REPORTS_TO_HOLD; i++)
      await reported(w.t, await newSeeker(w), { jobId: reportedJob.id });
    await expectListed(w, viewer, reportedJob, false);
    // "Three independent reports on a job or a recruiter hide it": the job, not everything the
    // recruiter posted.
    await expectListed(w, viewer, otherJob, true);
    expect(await heldAt(r.id)).toBeNull();
  });

  it(`the ${REPORTS_TO_HOLD}rd reporter of a recruiter holds them: every job of theirs leaves feeds`, async () => {
    const r = await newRecruiter(w.t);
    const jobs = [await postJob(w, r), await postJob(w, r)];
    const viewer = await newSeeker(w);
    // Seekers who had a conversation with the recruiter.
    const reporters = [
      await seekerWhoTalkedTo(w, r),
      await seekerWhoTalkedTo(w, r),
      await seekerWhoTalkedTo(w, r),
    ];
    await reported(w.t, reporters[0]!, { userId: r.id, reason: 'harassment' });
    await reported(w.t, reporters[1]!, { userId: r.id });
    expect(await heldAt(r.id)).toBeNull();
    for (const job of jobs) await expectListed(w, viewer, job, true);

    await reported(w.t, reporters[2]!, { userId: r.id });
    expect(await heldAt(r.id)).not.toBeNull();
    for (const job of jobs) await expectListed(w, viewer, job, false);
    // Their own page still opens for the recruiter.
    for (const job of jobs) expect((await jobPage(w, r, job.id)).statusCode).toBe(200);
  });

  it('the same reporter three times counts once', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const s = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    const msg = await said(w.t, r, room, 'Hello, are you free on Monday?');
    // The person, their job and their message: three reports about the recruiter, one reporter.
    await reported(w.t, s, { userId: r.id });
    await reported(w.t, s, { jobId: job.id });
    await reported(w.t, s, { messageId: msg });
    // And a second reporter: two independent reporters in all.
    await reported(w.t, await seekerWhoTalkedTo(w, r), { userId: r.id });
    expect(await heldAt(r.id)).toBeNull();
    await expectListed(w, viewer, job, true);
    expect(await inFeed(w, s, job)).toBe(true);

    // A third independent reporter holds them.
    await reported(w.t, await seekerWhoTalkedTo(w, r), { userId: r.id });
    expect(await heldAt(r.id)).not.toBeNull();
    await expectListed(w, viewer, job, false);
  });

  it("the scam shield's flags join the queue without a reporter, and never hold anyone", async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const flagged: number[] = [];
    for (let i = 0; i < REPORTS_TO_HOLD; i++) {
      const room = await openRoom(w.t, r, await newSeeker(w));
      const id = await said(w.t, r, room, 'Please confirm your interview time');
      // What the message path does when the shield flags a recruiter's message (the text is
      // clean, so the shield itself queues nothing and this is the one flag).
      await queueFlaggedMessage(w.t.ctx.db, id, r.id, ['payment_request']);
      flagged.push(id);
    }
    expect(await heldAt(r.id)).toBeNull();
    await expectListed(w, viewer, job, true);
    const [row] = await w.t.ctx.db.query<{ id: string }>(
      'SELECT id FROM reports WHERE message_id = $1',
      [flagged[0]],
    );
    expect(await queueItem(w.t, admin, row!.id)).toMatchObject({
      kind: 'report',
      reason: 'shield',
      details: 'payment_request',
      reporter: null,
      account: { id: r.id },
    });
  });

  it('three reports about a seeker hold no one (holds are for jobs and recruiters)', async () => {
    const s = await newSeeker(w);
    for (let i = 0; i < REPORTS_TO_HOLD; i++)
      await reported(w.t, await newRecruiter(w.t), { userId: s.id, reason: 'spam' });
    expect(await heldAt(s.id)).toBeNull();
  });
});

const reportRows = (where: string, params: unknown[]) =>
  w.t.ctx.db.query<{ id: string; reporter_network: string | null; details: string | null }>(
    `SELECT id, reporter_network, details FROM reports WHERE ${where} ORDER BY created_at, id`,
    params,
  );

/** An established recruiter (a day old, like newSeeker's seekers): only their role is left to judge. */
async function establishedRecruiter() {
  const r = await newRecruiter(w.t);
  await w.t.ctx.db.query(`UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1`, [
    r.id,
  ]);
  return r;
}

// Decision 028, session 22: what makes reporters independent. Several accounts on one network
// are one reporter; reports about a person count from people who talked with them; a recruiter's
// report of another's job is a competitor's. Everything still reaches the queue.
describe('independent reporters: networks, conversations, competitors', () => {
  it('accounts on one network count once: one IPv4 address, or any addresses of one IPv6 /64', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    for (let i = 0; i < REPORTS_TO_HOLD; i++) {
      const res = await reportFrom(w.t, await newSeeker(w), '203.0.113.9', { jobId: job.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    await expectListed(w, viewer, job, true);
    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b', '2001:db8:1:2::c']) {
      const res = await reportFrom(w.t, await newSeeker(w), ip, { jobId: job.id });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Six reporters on two networks: not three independent ones.
    await expectListed(w, viewer, job, true);
    expect(await reportRows('job_id = $1', [job.id])).toHaveLength(6);
    // A third network is.
    const third = await reportFrom(w.t, await newSeeker(w), '2001:db8:1:3::a', { jobId: job.id });
    expect(third.statusCode, third.body).toBe(201);
    await expectListed(w, viewer, job, false);

    // The same for a recruiter: three who talked with them, on one network, hold nobody.
    const r2 = await newRecruiter(w.t);
    for (let i = 0; i < REPORTS_TO_HOLD; i++) {
      const res = await reportFrom(w.t, await seekerWhoTalkedTo(w, r2), '198.51.100.20', {
        userId: r2.id,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await heldAt(r2.id)).toBeNull();
  });

  it('keeps the network as a keyed hash, never the address; forgets it when settled; shows it to no one', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const [a, b, c] = [await newSeeker(w), await newSeeker(w), await newSeeker(w)];
    await reportFrom(w.t, a, '2001:db8:5:6::1', { jobId: job.id, details: 'Asks for a fee' });
    await reportFrom(w.t, b, '2001:db8:5:6:abcd::2', { jobId: job.id });
    await reportFrom(w.t, c, '192.0.2.44', { jobId: job.id });
    const rows = await reportRows('job_id = $1', [job.id]);
    const nets = rows.map((x) => x.reporter_network);
    for (const n of nets) expect(n).toMatch(/^[0-9a-f]{64}$/);
    expect(nets[0]).toBe(nets[1]); // one /64
    expect(nets[2]).not.toBe(nets[0]);
    const everything = JSON.stringify(
      await w.t.ctx.db.query('SELECT * FROM reports WHERE job_id = $1', [job.id]),
    );
    for (const raw of ['2001:db8:5:6', '192.0.2.44']) expect(everything).not.toContain(raw);

    // Neither the reporter's own data export nor the moderators' queue shows it.
    const exported = await as(w.t, a, 'GET', '/api/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().reportsFiled).toHaveLength(1);
    const items = JSON.stringify(await queue(w.t, admin));
    for (const text of [exported.body, items]) {
      expect(text).not.toContain('reporter_network');
      for (const n of nets) expect(text).not.toContain(n!);
    }

    // Settled, whichever way: dismissed, or settled by a decision on the job; and a report whose
    // reporter deleted their account.
    await acted(w.t, admin, { action: 'dismiss', reportId: rows[0]!.id, reason: 'Not credible' });
    expect((await reportRows('id = $1', [rows[0]!.id]))[0]!.reporter_network).toBeNull();
    expect((await reportRows('id = $1', [rows[1]!.id]))[0]!.reporter_network).not.toBeNull();
    const deleted = await as(w.t, c, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await reportRows('id = $1', [rows[2]!.id]))[0]!.reporter_network).toBeNull();
    await acted(w.t, admin, { action: 'hide_job', jobId: job.id, reason: 'Asks for a fee' });
    expect((await reportRows('job_id = $1', [job.id])).map((x) => x.reporter_network)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('reports from before networks were kept count as their own network', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    for (let i = 0; i < 2; i++)
      await reportFrom(w.t, await newSeeker(w), '203.0.113.50', { jobId: job.id });
    // As the rows of the days before migration 025.
    await w.t.ctx.db.query('UPDATE reports SET reporter_network = NULL WHERE job_id = $1', [
      job.id,
    ]);
    await reportFrom(w.t, await newSeeker(w), '203.0.113.50', { jobId: job.id });
    await expectListed(w, viewer, job, false);
  });

  it('reports about a recruiter count only from seekers who talked with them; holding and releasing alike', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    // Strangers: queued, holding nobody, however many.
    const strangers: string[] = [];
    for (let i = 0; i < REPORTS_TO_HOLD + 1; i++)
      strangers.push(await reported(w.t, await newSeeker(w), { userId: r.id, reason: 'money' }));
    expect(await heldAt(r.id)).toBeNull();
    for (const id of strangers) expect(await queueItem(w.t, admin, id)).toBeDefined();

    const talked = [await seekerWhoTalkedTo(w, r), await seekerWhoTalkedTo(w, r)];
    const counted = [
      await reported(w.t, talked[0]!, { userId: r.id }),
      await reported(w.t, talked[1]!, { userId: r.id }),
    ];
    expect(await heldAt(r.id)).toBeNull();
    await expectListed(w, viewer, job, true);
    // A third who talked with them, about a message of theirs.
    const s = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    const msg = await said(w.t, r, room, 'Send 2000 rupees to confirm your joining.');
    counted.push(await reported(w.t, s, { messageId: msg }));
    expect(await heldAt(r.id)).not.toBeNull();
    await expectListed(w, viewer, job, false);

    // One of the three dismissed: the strangers' open reports do not keep the hold either.
    await acted(w.t, admin, { action: 'dismiss', reportId: counted[0], reason: 'Not credible' });
    expect(await heldAt(r.id)).toBeNull();
    await expectListed(w, viewer, job, true);
  });

  it("a recruiter's report of another recruiter's job does not count (a competitor); seekers' do", async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const rivals: string[] = [];
    for (let i = 0; i < REPORTS_TO_HOLD; i++)
      rivals.push(
        await reported(w.t, await establishedRecruiter(), { jobId: job.id, reason: 'fake_job' }),
      );
    await expectListed(w, viewer, job, true);
    expect(await queueItem(w.t, admin, rivals[0]!)).toMatchObject({ job: { id: job.id } });
    await reported(w.t, await newSeeker(w), { jobId: job.id });
    await reported(w.t, await newSeeker(w), { jobId: job.id });
    await expectListed(w, viewer, job, true);
    await reported(w.t, await newSeeker(w), { jobId: job.id });
    await expectListed(w, viewer, job, false);
  });
});

describe('reports at the same moment', () => {
  it('parallel identical reports store one: 201 once, 409 moderation.alreadyReported for the rest', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const s = await seekerWhoTalkedTo(w, r);
    for (const body of [{ jobId: job.id }, { userId: r.id }]) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => report(w.t, s, body)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expectError(a, 409, 'moderation.alreadyReported');
    }
    expect(await reportRows('reporter_id = $1', [s.id])).toHaveLength(2);
  });

  it('three reporters at once hold the job and the recruiter (each counts the others)', async () => {
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const viewer = await newSeeker(w);
    const seekers = [
      await seekerWhoTalkedTo(w, r),
      await seekerWhoTalkedTo(w, r),
      await seekerWhoTalkedTo(w, r),
    ];
    const answers = await Promise.all(
      seekers.flatMap((s) => [report(w.t, s, { jobId: job.id }), report(w.t, s, { userId: r.id })]),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect((await jobPage(w, r, job.id)).json().job.moderation.state).toBe('held');
    expect(await heldAt(r.id)).not.toBeNull();
    await expectListed(w, viewer, job, false);
  });

  it('migration 025 merges the duplicate open reports stored before it (the oldest stays), then the index refuses more', async () => {
    const db = w.t.ctx.db;
    const r = await newRecruiter(w.t);
    const job = await postJob(w, r);
    const s = await newSeeker(w);
    const other = await newSeeker(w);
    const room = await openRoom(w.t, r, s);
    const msg = await said(w.t, r, room, 'Hello, are you free on Monday?');
    await db.exec('DROP INDEX reports_open_once');
    try {
      // As the check-then-insert let them in: the same person, job and message twice or more.
      const insert = (reporter: string | null, body: object, details: string | null, ago: number) =>
        db.query<{ id: string }>(
          `INSERT INTO reports (reporter_id, target_user_id, job_id, message_id, reason, details, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, now() - make_interval(mins => $7)) RETURNING id`,
          [
            reporter,
            r.id,
            (body as { jobId?: string }).jobId ?? null,
            (body as { messageId?: number }).messageId ?? null,
            reporter ? 'money' : 'shield',
            details,
            ago,
          ],
        );
      const person = [
        (await insert(s.id, {}, null, 30))[0]!.id,
        (await insert(s.id, {}, 'He asked for money', 20))[0]!.id,
        (await insert(s.id, {}, 'Again', 10))[0]!.id,
      ];
      const onJob = [
        (await insert(s.id, { jobId: job.id }, 'Fake', 30))[0]!.id,
        (await insert(s.id, { jobId: job.id }, 'Fake again', 20))[0]!.id,
      ];
      const onMessage = [
        (await insert(s.id, { messageId: msg }, null, 30))[0]!.id,
        (await insert(s.id, { messageId: msg }, null, 20))[0]!.id,
      ];
      const byOther = (await insert(other.id, {}, null, 5))[0]!.id;
      // Settled reports and the shield's flags are no duplicates of anything.
      const settled = (await insert(s.id, {}, null, 40))[0]!.id;
      await db.query(
        `UPDATE reports SET resolved_at = now(), resolution = 'dismiss' WHERE id = $1`,
        [settled],
      );
      const flags = [
        (await insert(null, { messageId: msg }, 'payment_request', 30))[0]!.id,
        (await insert(null, { messageId: msg }, 'payment_request', 20))[0]!.id,
      ];

      await db.exec(
        await readFile(
          new URL('../../db/migrations/025-report-networks.sql', import.meta.url),
          'utf8',
        ),
      );

      const left = (await reportRows('target_user_id = $1', [r.id])).map((x) => x.id).sort();
      expect(left).toEqual(
        [person[0], onJob[0], onMessage[0], byOther, settled, ...flags].sort() as string[],
      );
      // The oldest kept its words, or took the first a newer one had.
      const details = async (id: string) => (await reportRows('id = $1', [id]))[0]!.details;
      expect(await details(person[0]!)).toBe('He asked for money');
      expect(await details(onJob[0]!)).toBe('Fake');
    } finally {
      await db.exec(
        `CREATE UNIQUE INDEX IF NOT EXISTS reports_open_once
           ON reports (reporter_id, target_user_id, job_id, message_id) NULLS NOT DISTINCT
           WHERE resolved_at IS NULL AND reporter_id IS NOT NULL`,
      );
    }
    // The index is back: a duplicate is refused by the database itself.
    await expect(
      db.query(
        `INSERT INTO reports (reporter_id, target_user_id, reason) VALUES ($1, $2, 'spam')`,
        [s.id, r.id],
      ),
    ).rejects.toMatchObject({ code: '23505' });
    expectError(await report(w.t, s, { userId: r.id }), 409, 'moderation.alreadyReported');
  });
});
