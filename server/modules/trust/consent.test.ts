import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english, type MessageKey } from '#shared/i18n/messages.ts';
import type { TestApp } from '../../test/app.ts';
import { cityId, markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';
import { signLink } from '../../lib/signed-links.ts';
import { createFilesTestApp, pdf, upload } from '../files/files.test-helpers.ts';

// Issue 11, part 2: seekers decide who sees their e-mail, phone and resume. Through HTTP, with
// real resumes on a temporary disk.

let t: TestApp;
beforeAll(async () => {
  ({ t } = await createFilesTestApp());
});
afterAll(async () => {
  await t.close();
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
const as = (u: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: u.cookie },
    ...(body === undefined ? {} : { payload: body }),
  });
const detail = (u: TestUser, seeker: TestUser) => as(u, 'GET', `/api/candidates/${seeker.id}`);
const link = (u: TestUser, seeker: TestUser) =>
  as(u, 'GET', `/api/seekers/${seeker.id}/resume-link`);
const download = (url: string) => t.app.inject({ url });
const say = (u: TestUser, room: string, message: string) =>
  as(u, 'POST', `/api/rooms/${room}/messages`, { clientId: randomUUID(), message });

const expectError = (res: Res, status: number, code: MessageKey) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toEqual({ code, key: code, message: english(code) });
};

let seekers = 0;
/** An onboarded seeker with an e-mail on the profile and, by default, a resume. */
async function newSeeker(withResume = true): Promise<TestUser> {
  const s = await newUser(t, 'user');
  seekers += 1;
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, email, job_title) VALUES ($1, $2, $3, 'Cashier')`,
    [s.id, `Asha Seeker ${seekers}`, `asha${seekers}@example.in`],
  );
  await markOnboarded(t, s.id, 6);
  if (withResume) expect((await upload(t, '/api/me/resume', s, resumeFile)).statusCode).toBe(200);
  return s;
}
const resumeFile = { bytes: pdf(1234), name: 'cv.pdf', type: 'application/pdf' };

/** An onboarded recruiter whose company domain was verified (the mark set as verification does). */
async function verifiedRecruiter(
  domain = 'zenith.in',
  company = 'Zenith Foods',
): Promise<TestUser> {
  const r = await newRecruiter(t, company);
  await t.ctx.db.query(
    'UPDATE recruiter_profiles SET is_verified = true, verified_domain = $2 WHERE user_id = $1',
    [r.id, domain],
  );
  return r;
}

const expectShared = async (r: TestUser, s: TestUser) => {
  const res = await detail(r, s);
  expect(res.statusCode, res.body).toBe(200);
  const profile = res.json().profile;
  expect(profile).toMatchObject({ userId: s.id, contactShared: true, hasResume: true });
  expect(profile.email).toMatch(/^asha\d+@example\.in$/);
  expect(profile.phone).toBe(`+91${s.phone}`);
  const l = await link(r, s);
  expect(l.statusCode, l.body).toBe(200);
  return l.json().url as string;
};

const expectNotShared = async (r: TestUser, s: TestUser) => {
  const res = await detail(r, s);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().profile).toMatchObject({
    userId: s.id,
    fullName: expect.stringMatching(/^Asha Seeker/),
    jobTitle: 'Cashier',
    contactShared: false,
    email: null,
    phone: null,
    hasResume: true,
  });
  expectError(await link(r, s), 403, 'access.contactNotShared');
};

const roomsOf = async (recruiterId: string) =>
  (
    await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM chat_rooms WHERE recruiter_id = $1',
      [recruiterId],
    )
  )[0]!.n;

describe('a recruiter who only picked the role', () => {
  it('gets no recommended candidates, no candidate detail and cannot open a chat', async () => {
    const fresh = await newUser(t, 'recruiter');
    const s = await newSeeker();
    expectError(
      await as(fresh, 'GET', '/api/recruiter/candidates'),
      403,
      'access.finishOnboarding',
    );
    expectError(await detail(fresh, s), 403, 'access.finishOnboarding');
    expectError(
      await as(fresh, 'POST', '/api/rooms', { seekerId: s.id }),
      403,
      'access.finishOnboarding',
    );
    expect(await roomsOf(fresh.id)).toBe(0);
    // The seeker sees nobody in "who viewed your profile".
    const views = await as(s, 'GET', '/api/me/profile-views');
    expect(views.json().views).toEqual([]);
  });

  it('harvesting: cannot get a resume link, and a link signed for them does not download', async () => {
    const fresh = await newUser(t, 'recruiter');
    const s = await newSeeker();
    const res = await link(fresh, s);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('access.finishOnboarding');
    expect(res.json().error.message).toBe(english('access.finishOnboarding'));
    // Even with a valid signature the rights are checked on use.
    const token = signLink(t.ctx.config.secretKey, 'resume', { s: s.id, v: fresh.id });
    expect(
      (await download(`/api/files/resume?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(403);
    const logged = await t.ctx.db.query('SELECT 1 FROM resume_downloads WHERE seeker_id = $1', [
      s.id,
    ]);
    expect(logged).toHaveLength(0);
  });

  it('half-way through onboarding (company saved, not finished) is still refused', async () => {
    const r = await newUser(t, 'recruiter');
    await t.ctx.db.query(
      `INSERT INTO recruiter_profiles (user_id, full_name, company_name) VALUES ($1, 'Half Way', 'Half Co')`,
      [r.id],
    );
    await t.ctx.db.query('UPDATE users SET onboarding_step = 4 WHERE id = $1', [r.id]);
    const s = await newSeeker();
    expectError(await detail(r, s), 403, 'access.finishOnboarding');
    expectError(await link(r, s), 403, 'access.finishOnboarding');
  });
});

describe('contact data by consent', () => {
  it('an onboarded, unverified recruiter sees the profile without contact data and no resume link', async () => {
    const r = await newRecruiter(t);
    const s = await newSeeker();
    await expectNotShared(r, s);
  });

  it('a verified recruiter sees them by default; "Only recruiters I chat with" withdraws it, old links included', async () => {
    const r = await verifiedRecruiter();
    const s = await newSeeker();
    const url = await expectShared(r, s);
    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.length).toBe(1234);

    const patched = await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'chat_only' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().profile.contactVisibility).toBe('chat_only');

    await expectNotShared(r, s);
    // A link issued before the change stops working.
    const old = await download(url);
    expect(old.statusCode).toBe(403);
    expect(old.json().error.code).toBe('access.contactNotShared');
    const logged = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM resume_downloads WHERE seeker_id = $1',
      [s.id],
    );
    expect(logged[0]!.n).toBe(1);

    // And back: the default shares again.
    await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'verified_recruiters' });
    expect((await download(url)).statusCode).toBe(200);
  });

  it('a block either way withdraws every consent at once: profile, contact, resume, old links', async () => {
    for (const blocker of ['seeker', 'recruiter'] as const) {
      const r = await verifiedRecruiter();
      const s = await newSeeker();
      const url = await expectShared(r, s);
      const [by, of] = blocker === 'seeker' ? [s, r] : [r, s];
      expect((await as(by, 'POST', '/api/blocks', { userId: of.id })).statusCode).toBe(204);
      expect((await detail(r, s)).statusCode).toBe(404);
      expect((await link(r, s)).statusCode).toBe(404);
      expect((await download(url)).statusCode).not.toBe(200);
    }
  });

  it('a seeker who has not finished onboarding shares no resume, as no candidate page', async () => {
    const r = await verifiedRecruiter();
    const s = await newSeeker();
    await t.ctx.db.query('UPDATE users SET is_onboarded = false WHERE id = $1', [s.id]);
    expect((await detail(r, s)).statusCode).toBe(404);
    expect((await link(r, s)).statusCode).toBe(404);
    // Their own resume stays theirs.
    expect((await link(s, s)).statusCode).toBe(200);
  });

  it('refuses an unknown visibility value', async () => {
    const s = await newSeeker(false);
    const res = await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'everyone' });
    expect(res.statusCode).toBe(400);
    const own = await as(s, 'GET', '/api/seeker/profile');
    expect(own.json().profile.contactVisibility).toBe('verified_recruiters');
  });

  it("a recruiter's room is not consent; the seeker's reply is, for that recruiter only", async () => {
    const r = await verifiedRecruiter();
    const other = await verifiedRecruiter('othercorp.in', 'Other Corp');
    const s = await newSeeker();
    await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'chat_only' });

    const opened = await as(r, 'POST', '/api/rooms', { seekerId: s.id });
    expect(opened.statusCode, opened.body).toBe(201);
    const room = opened.json().room.id as string;
    const roomSays = async () =>
      (await as(r, 'GET', `/api/rooms/${room}`)).json().room.candidate.contactShared as boolean;
    await expectNotShared(r, s);
    expect(await roomSays()).toBe(false);
    // The recruiter writing is not the seeker's consent either.
    expect((await say(r, room, 'Hello, are you looking for a job?')).statusCode).toBe(201);
    await expectNotShared(r, s);

    expect(await roomSays()).toBe(false);
    expect((await say(s, room, 'Yes, I am')).statusCode).toBe(201);
    const url = await expectShared(r, s);
    // The chat screen's candidate card says the same as the candidate page.
    expect(await roomSays()).toBe(true);
    expect((await download(url)).statusCode).toBe(200);
    await expectNotShared(other, s);
  });

  it('an unverified recruiter gets contact data once the seeker replies, whatever the visibility', async () => {
    const r = await newRecruiter(t);
    const s = await newSeeker();
    const room = (await as(r, 'POST', '/api/rooms', { seekerId: s.id })).json().room.id as string;
    await expectNotShared(r, s);
    await say(s, room, 'Hi');
    await expectShared(r, s);
  });

  it("a seeker who starts a room on a recruiter's job shares with that recruiter", async () => {
    const r = await newRecruiter(t, 'Corner Shop');
    const other = await newRecruiter(t, 'Other Shop');
    const s = await newSeeker();
    await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'chat_only' });
    const job = await as(r, 'POST', '/api/jobs', {
      title: 'Cashier',
      cityId: await cityId(t, 'Bengaluru'),
      type: 'full_time',
      level: 'entry',
      jobCategory: 'sales_bd',
      description: 'Run the till.',
    });
    expect(job.statusCode, job.body).toBe(201);
    await expectNotShared(r, s);
    const applied = await as(s, 'POST', '/api/rooms', { jobId: job.json().job.id });
    expect(applied.statusCode, applied.body).toBe(201);
    await expectShared(r, s);
    await expectNotShared(other, s);
  });

  it('another seeker cannot open a candidate (404), a seeker sees their own profile in full', async () => {
    const s = await newSeeker();
    const nosy = await newSeeker(false);
    expectError(await detail(nosy, s), 404, 'profile.notFound');
    const own = await detail(s, s);
    expect(own.statusCode).toBe(200);
    expect(own.json().profile).toMatchObject({ contactShared: true, phone: `+91${s.phone}` });
    expect(own.json().profile.email).toMatch(/@example\.in$/);
    // A seeker's own resume link works whatever the visibility.
    await as(s, 'PATCH', '/api/seeker/profile', { contactVisibility: 'chat_only' });
    expect((await link(s, s)).statusCode).toBe(200);
    expect((await link(nosy, s)).statusCode).toBe(403);
  });
});

describe('what the seeker can see about recruiters', () => {
  it('lists the recruiters who opened the profile, newest first, with the verified domain; not for recruiters', async () => {
    const s = await newSeeker();
    const a = await newRecruiter(t, 'Alpha Traders');
    const b = await verifiedRecruiter('zenith.in', 'Zenith Foods');
    const refused = await newUser(t, 'recruiter');

    expect((await detail(a, s)).statusCode).toBe(200);
    expect((await detail(b, s)).statusCode).toBe(200);
    expect((await detail(refused, s)).statusCode).toBe(403);
    const list = async () => {
      const res = await as(s, 'GET', '/api/me/profile-views');
      expect(res.statusCode).toBe(200);
      return res.json().views as Record<string, unknown>[];
    };
    const first = await list();
    expect(first).toHaveLength(2);
    expect(first[0]).toMatchObject({
      companyName: 'Zenith Foods',
      isVerified: true,
      verifiedDomain: 'zenith.in',
    });
    expect(first[1]).toMatchObject({
      companyName: 'Alpha Traders',
      isVerified: false,
      verifiedDomain: null,
    });
    expect(String(first[0]!.at) >= String(first[1]!.at)).toBe(true);

    // A second look the same day moves that recruiter to the top, without a second row.
    expect((await detail(a, s)).statusCode).toBe(200);
    const second = await list();
    expect(second.map((v) => v.companyName)).toEqual(['Alpha Traders', 'Zenith Foods']);

    for (const who of [a, b]) {
      expectError(await as(who, 'GET', '/api/me/profile-views'), 403, 'errors.forbidden');
    }
  });

  it('lists resume downloads with the verified domain', async () => {
    const s = await newSeeker();
    const r = await verifiedRecruiter('zenith.in', 'Zenith Foods');
    const url = await expectShared(r, s);
    expect((await download(url)).statusCode).toBe(200);
    const res = await as(s, 'GET', '/api/me/resume-downloads');
    expect(res.statusCode).toBe(200);
    expect(res.json().downloads).toEqual([
      expect.objectContaining({
        companyName: 'Zenith Foods',
        isVerified: true,
        verifiedDomain: 'zenith.in',
      }),
    ]);
    expect((await as(r, 'GET', '/api/me/resume-downloads')).statusCode).toBe(403);
  });
});
