import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { humanWait } from '../../lib/errors.ts';
import {
  as,
  expectError,
  expectListed,
  inFeed,
  jobPage,
  moderationTestApp,
  newAdmin,
  newRecruiter,
  newFreshSeeker,
  newSeeker,
  newUser,
  openRoom,
  postJob,
  queueItem,
  report,
  reported,
  said,
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
  w = await moderationTestApp();
  admin = await newAdmin(w.t);
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
    // A day's worth of reports: the next one fits after a twentieth of a day.
    expect(seconds).toBeGreaterThan(3600);
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
    const reporters = [await newSeeker(w), await newSeeker(w), await newSeeker(w)];
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
    await reported(w.t, await newSeeker(w), { userId: r.id });
    expect(await heldAt(r.id)).toBeNull();
    await expectListed(w, viewer, job, true);
    expect(await inFeed(w, s, job)).toBe(true);

    // A third independent reporter holds them.
    await reported(w.t, await newSeeker(w), { userId: r.id });
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
