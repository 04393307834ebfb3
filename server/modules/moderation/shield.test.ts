import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerFrame } from '#shared/schemas/chat.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { cityId, markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';
import { connectWs } from '../../test/ws.ts';
import { adminCommand } from '../../cli/admin.ts';
import { login } from '../../test/app.ts';

// Issue 12 "Scam shield", wired into the server: every chat message view carries `warnings`
// (HTTP answer, WebSocket event, history) and a recruiter's flagged message joins the moderators'
// queue; every job view carries `moderation`, and a job that trips the shield is held.

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

const req = (u: TestUser | { cookie: string }, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie: u.cookie },
  });

async function seeker(): Promise<TestUser> {
  const u = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, city_id, job_category) VALUES ($1, 'Asha', $2, 'customer_support')`,
    [u.id, blr],
  );
  await markOnboarded(t, u.id, 6);
  return u;
}

const JOB = {
  title: 'Customer Support Executive',
  cityId: 0,
  type: 'full_time',
  level: 'entry',
  jobCategory: 'customer_support',
  minSalary: 2.5,
  maxSalary: 3.5,
  description: 'Answer customer calls in Hindi and English. Salary by bank transfer on the 1st.',
};

async function moderator(): Promise<{ cookie: string }> {
  const phone = `97${String(Date.now()).slice(-8)}`;
  await adminCommand(t.ctx.db, ['add', phone]);
  return { cookie: await login(t, phone, '10.99.0.1') };
}

describe('messages', () => {
  it('a recruiter asking for a fee is delivered with the warning everywhere, and queued', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const ws = await connectWs(base, s.cookie);
    const room = (await req(r, 'POST', '/api/rooms', { seekerId: s.id })).json().room.id as string;
    const text = 'Please pay Rs.1500/- registration fee on PhonePe to confirm your interview';
    const sent = await req(r, 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: text,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.warnings).toContain('payment_request');

    const event = (await ws.next(
      (e) => e.type === 'message.created' && e.message.message === text,
    )) as Extract<ServerFrame, { type: 'message.created' }>;
    expect(event.message.warnings).toContain('payment_request');
    ws.close();

    const history = await req(s, 'GET', `/api/rooms/${room}/messages`);
    expect(history.json().messages.at(-1).warnings).toContain('payment_request');

    const queue = await req(await moderator(), 'GET', '/api/admin/queue');
    const item = queue
      .json()
      .items.find((i: { messages: { message: string }[] }) =>
        i.messages.some((m) => m.message === text),
      );
    expect(item).toMatchObject({ kind: 'report', reason: 'shield', reporter: null });
    expect(item.account.id).toBe(r.id);
  });

  it('a clean message carries no warnings and is not queued; a seeker is never queued', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const room = (await req(r, 'POST', '/api/rooms', { seekerId: s.id })).json().room.id as string;
    const clean = await req(r, 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: 'Your interview is on Monday at 11 am at our Koramangala office.',
    });
    expect(clean.json().message.warnings).toEqual([]);
    await req(s, 'POST', `/api/rooms/${room}/messages`, {
      clientId: randomUUID(),
      message: 'My UPI is asha@okaxis if you pay salary that way',
    });
    const queued = await t.ctx.db.query(
      `SELECT 1 FROM reports WHERE reason = 'shield' AND target_user_id = ANY($1::uuid[])`,
      [[r.id, s.id]],
    );
    expect(queued).toHaveLength(0);
  });
});

describe('jobs', () => {
  it('a scam job post is held: not in the feed, its page 404 for seekers, the owner sees why', async () => {
    const r = await newRecruiter(t);
    const s = await seeker();
    const posted = await req(r, 'POST', '/api/jobs', {
      ...JOB,
      cityId: blr,
      title: 'Data Entry Work From Home',
      description:
        'Earn Rs 5000 daily from home. Pay a refundable registration fee of Rs 999 to join. WhatsApp 9876543210.',
    });
    expect(posted.statusCode).toBe(201);
    const job = posted.json().job;
    expect(job.moderation.state).toBe('held');
    expect(job.moderation.reasons).toEqual(expect.arrayContaining(['payment_request']));

    const feed = await req(s, 'GET', '/api/jobs/feed');
    expect(feed.json().jobs.map((j: { id: string }) => j.id)).not.toContain(job.id);
    expect((await req(s, 'GET', `/api/jobs/${job.id}`)).statusCode).toBe(404);
    const own = await req(r, 'GET', `/api/jobs/${job.id}`);
    expect(own.json().job.moderation.state).toBe('held');

    // The moderators see it; publishing it puts it in the feed.
    const mod = await moderator();
    const queue = await req(mod, 'GET', '/api/admin/queue');
    expect(queue.json().items.some((i: { id: string }) => i.id === job.id)).toBe(true);
    const publish = await req(mod, 'POST', '/api/admin/actions', {
      action: 'publish_job',
      jobId: job.id,
      reason: 'Checked with the employer',
    });
    expect(publish.statusCode).toBe(200);
    expect((await req(s, 'GET', `/api/jobs/${job.id}`)).json().job.moderation).toEqual({
      state: 'published',
      reasons: [],
    });
  });

  it('a clean post is published; an edit that adds a fee holds it, a clean edit publishes it again', async () => {
    const r = await newRecruiter(t);
    const posted = await req(r, 'POST', '/api/jobs', { ...JOB, cityId: blr });
    expect(posted.json().job.moderation).toEqual({ state: 'published', reasons: [] });
    const id = posted.json().job.id as string;
    const held = await req(r, 'PATCH', `/api/jobs/${id}`, {
      description: 'Selected candidates must pay a security deposit of Rs 2000 before joining.',
    });
    expect(held.json().job.moderation.state).toBe('held');
    const clean = await req(r, 'PATCH', `/api/jobs/${id}`, { description: JOB.description });
    expect(clean.json().job.moderation).toEqual({ state: 'published', reasons: [] });
  });
});
