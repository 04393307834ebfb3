import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english } from '#shared/i18n/messages.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, markOnboarded, newRecruiter, newUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser | null, url: string) =>
  t.app.inject({ url, headers: u ? { cookie: u.cookie } : {} });
const send = (u: TestUser, method: 'PATCH' | 'PUT' | 'DELETE', url: string, payload: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: { cookie: u.cookie } });

async function onboardedSeeker(name = 'Meera Iyer'): Promise<TestUser> {
  const u = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, email, job_title, skills) VALUES ($1, $2, 'meera@example.in', 'Accountant', ARRAY['Tally'])`,
    [u.id, name],
  );
  await markOnboarded(t, u.id, 6);
  return u;
}

describe('seeker profile', () => {
  it('is null, not a 404, before onboarding step 1 saves it', async () => {
    const u = await newUser(t, 'user');
    const res = await get(u, '/api/seeker/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profile: null });
    expect((await get(null, '/api/seeker/profile')).statusCode).toBe(401);
  });

  it('before onboarding: no preferences, profile edits or feed, so no profile row ahead of step 1', async () => {
    const u = await newUser(t, 'user');
    const preferences = {
      industry: 'finance',
      salaryRange: '3_6',
      experienceRange: '1_3',
      cityId: await cityId(t, 'Pune'),
      jobCategory: 'finance_accounting',
    };
    const answers = [
      await send(u, 'PUT', '/api/seeker/preferences', preferences),
      await send(u, 'PATCH', '/api/seeker/profile', { bio: 'Early bird' }),
      await get(u, '/api/jobs/feed'),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'access.finishSeekerProfile',
        message: english('access.finishSeekerProfile'),
      });
    }
    const rows = await t.ctx.db.query('SELECT 1 FROM seeker_profiles WHERE user_id = $1', [u.id]);
    expect(rows).toHaveLength(0);
    expect((await get(u, '/api/seeker/profile')).json()).toEqual({ profile: null });
  });

  it('patches only the given fields, trimming and de-duplicating chips', async () => {
    const u = await onboardedSeeker();
    const res = await send(u, 'PATCH', '/api/seeker/profile', {
      bio: '  CA inter. ',
      skills: ['Tally', ' GST ', 'tally', ''],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      fullName: 'Meera Iyer',
      bio: 'CA inter.',
      skills: ['Tally', 'GST'],
      jobTitle: 'Accountant',
    });
  });

  it('takes a name in letters of any script, and refuses numbers, links and symbols in it', async () => {
    const u = await onboardedSeeker();
    // The name is what other people's chats, pushes and the SMS say: nothing to click or call.
    for (const bad of [
      'Pay Rs499 KYC fee bit.ly/nhkyc',
      'Call 98765 43210',
      'Meera @ wa.me',
      '₹500 fee',
      'https://x.example',
    ]) {
      const res = await send(u, 'PATCH', '/api/seeker/profile', { fullName: bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.key).toBe('profile.nameLettersOnly');
    }
    expect((await get(u, '/api/seeker/profile')).json().profile.fullName).toBe('Meera Iyer');
    for (const good of ['आशा नायर', 'Meera S. Iyer', "Anne-Marie D'Souza", 'ஆனந்த் குமார்']) {
      const res = await send(u, 'PATCH', '/api/seeker/profile', { fullName: good });
      expect(res.statusCode, good).toBe(200);
      expect(res.json().profile.fullName).toBe(good);
    }
    // Spaces typed twice inside a name are kept once.
    const spaced = await send(u, 'PATCH', '/api/seeker/profile', {
      fullName: '  Meera   S.  Iyer ',
    });
    expect(spaced.json().profile.fullName).toBe('Meera S. Iyer');
    // A recruiter's name follows the same rule.
    const r = await newRecruiter(t);
    const settings = await send(r, 'PUT', '/api/recruiter/settings', {
      fullName: 'Win Rs5000 now',
      companyName: 'Acme Tools',
      headquartersAddress: '',
    });
    expect(settings.statusCode).toBe(400);
    expect(settings.json().error.key).toBe('profile.nameLettersOnly');
  });

  it('refuses unknown fields and bad values with a message', async () => {
    const u = await onboardedSeeker();
    const unknown = await send(u, 'PATCH', '/api/seeker/profile', { userRole: 'recruiter' });
    expect(unknown.statusCode).toBe(400);
    const email = await send(u, 'PATCH', '/api/seeker/profile', { email: 'nope' });
    expect(email.json().error.message).toBe('Please enter a valid email address');
    const intro = await send(u, 'PATCH', '/api/seeker/profile', { introduction: ' ' });
    expect(intro.json().error.message).toBe('Please introduce yourself');
  });

  it('saves job preferences with every field required and job type defaulting to Full-time', async () => {
    const u = await onboardedSeeker();
    const pune = await cityId(t, 'Pune');
    const missing = await send(u, 'PUT', '/api/seeker/preferences', { industry: 'finance' });
    expect(missing.statusCode).toBe(400);
    const ok = await send(u, 'PUT', '/api/seeker/preferences', {
      industry: 'finance',
      salaryRange: '3_6',
      experienceRange: '1_3',
      cityId: pune,
      jobCategory: 'finance_accounting',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({
      jobType: 'full_time',
      city: { name: 'Pune' },
      salaryRange: '3_6',
    });
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/seeker/preferences',
      payload: {},
    });
    expect(anonymous.json().error.message).toBe('You must be logged in');
  });

  it('a recruiter cannot use seeker endpoints and a seeker cannot use recruiter endpoints', async () => {
    const r = await newRecruiter(t);
    const s = await onboardedSeeker();
    expect((await get(r, '/api/seeker/profile')).statusCode).toBe(403);
    expect((await send(r, 'PATCH', '/api/seeker/profile', { bio: 'x' })).statusCode).toBe(403);
    expect((await get(s, '/api/recruiter/profile')).statusCode).toBe(403);
    expect(
      (await send(s, 'PUT', '/api/recruiter/settings', { fullName: 'x', companyName: 'y' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('candidate view', () => {
  it('recruiters see onboarded seekers; a seeker sees only themself; others get Candidate not found', async () => {
    const r = await newRecruiter(t);
    const seeker = await onboardedSeeker('Arjun Das');
    const other = await onboardedSeeker('Someone Else');
    const notOnboarded = await newUser(t, 'user');
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Half Done')`,
      [notOnboarded.id],
    );

    expect((await get(r, `/api/candidates/${seeker.id}`)).json().profile.fullName).toBe(
      'Arjun Das',
    );
    expect((await get(seeker, `/api/candidates/${seeker.id}`)).statusCode).toBe(200);
    const denied = await get(other, `/api/candidates/${seeker.id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error.message).toBe('Candidate not found');
    expect((await get(r, `/api/candidates/${notOnboarded.id}`)).statusCode).toBe(404);
    expect((await get(r, '/api/candidates/not-a-uuid')).statusCode).toBe(404);
    expect((await get(r, `/api/candidates/${r.id}`)).statusCode).toBe(404);
  });
});

describe('recruiter profile and settings', () => {
  it('counts job posts, shortlists and hires from jobs and rooms', async () => {
    const r = await newRecruiter(t);
    const seekers = await Promise.all([onboardedSeeker(), onboardedSeeker(), onboardedSeeker()]);
    const [job] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description)
       VALUES ($1, 'Cashier', 'Acme Tools', 'full_time', 'entry', 'other', 'Counter work') RETURNING id`,
      [r.id],
    );
    for (const [i, status] of (['shortlisted', 'hired', 'initiated'] as const).entries()) {
      await t.ctx.db.query(
        `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status) VALUES ($1, $2, $3, $3, $4)`,
        [job!.id, r.id, seekers[i]!.id, status],
      );
    }
    const view = (await get(r, '/api/recruiter/profile')).json().profile;
    expect(view.stats).toEqual({ jobPosts: 1, applications: 3, shortlisted: 1, hired: 1 });
  });

  it('saves settings; changing the website takes the verified mark away; jobs follow a company rename', async () => {
    const r = await newRecruiter(t, 'Old Name');
    await t.ctx.db.query(
      `UPDATE recruiter_profiles SET is_verified = true, verified_domain = 'old.in', website_url = 'https://old.in' WHERE user_id = $1`,
      [r.id],
    );
    await t.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description) VALUES ($1, 'Driver', 'Old Name', 'full_time', 'entry', 'other', 'Drive')`,
      [r.id],
    );
    const base = {
      fullName: 'Nisha',
      email: '',
      designation: 'Founder',
      companyName: 'Old Name',
      websiteUrl: 'https://old.in',
      headquartersAddress: '',
      employeeSize: '11_50',
      financingStatus: 'seed',
    };
    const same = await send(r, 'PUT', '/api/recruiter/settings', base);
    expect(same.statusCode).toBe(200);
    expect(same.json().profile).toMatchObject({
      isVerified: true,
      designation: 'Founder',
      email: null,
      employeeSize: '11_50',
    });

    const renamed = await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      companyName: 'New Name',
      websiteUrl: 'new.in',
    });
    expect(renamed.json().profile).toMatchObject({
      isVerified: false,
      companyName: 'New Name',
      websiteUrl: 'https://new.in',
    });
    const [job] = await t.ctx.db.query<{ company: string }>(
      'SELECT company FROM jobs WHERE recruiter_id = $1',
      [r.id],
    );
    expect(job!.company).toBe('New Name');

    const bad = await send(r, 'PUT', '/api/recruiter/settings', { ...base, fullName: '' });
    expect(bad.json().error.message).toBe('Full name and company name are required');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/recruiter/settings',
      payload: base,
    });
    expect(anonymous.json().error.message).toBe('User not authenticated');
  });

  it('says what is wrong with a bad website, an over-long company name or e-mail', async () => {
    const r = await newRecruiter(t, 'Old Name');
    const base = { fullName: 'Nisha', companyName: 'Old Name' };
    for (const websiteUrl of ['not a url', 'javascript:alert(1)', `${'x'.repeat(201)}.in`]) {
      const res = await send(r, 'PUT', '/api/recruiter/settings', { ...base, websiteUrl });
      expect(res.statusCode, websiteUrl).toBe(400);
      expect(res.json().error.message, websiteUrl).toBe('Please enter a valid Website Link');
    }
    const longName = await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      companyName: 'x'.repeat(151),
    });
    expect(longName.json().error.message).toBe('Please keep this to 150 characters or fewer.');
    const longEmail = await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      email: `${'a'.repeat(250)}@x.in`,
    });
    expect(longEmail.json().error.message).toBe('Please enter a valid email address');
    const emoji = await send(r, 'PUT', '/api/recruiter/settings', { ...base, companyName: '★★★' });
    expect(emoji.json().error.message).toBe(
      'Please write the company name in letters or numbers, not only symbols or emoji',
    );
    // Empty is still "no website".
    const none = await send(r, 'PUT', '/api/recruiter/settings', { ...base, websiteUrl: ' ' });
    expect(none.statusCode).toBe(200);
    expect(none.json().profile.websiteUrl).toBeNull();
  });
});

describe('recruiter settings and the scam shield (session 21)', () => {
  const base = {
    fullName: 'Nisha',
    email: '',
    designation: 'HR',
    companyName: 'Acme Tools',
    websiteUrl: '',
    headquartersAddress: '',
  };

  it('a company rename or a designation re-scans the recruiter’s jobs: a flagged one is held with its reasons', async () => {
    const r = await newRecruiter(t, 'Acme Tools');
    const [job] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description)
       VALUES ($1, 'Driver', 'Acme Tools', 'full_time', 'entry', 'other', 'Drive the van') RETURNING id`,
      [r.id],
    );
    const state = async () =>
      (
        await t.ctx.db.query<{ moderation_state: string; moderation_reasons: string[] }>(
          'SELECT moderation_state, moderation_reasons FROM jobs WHERE id = $1',
          [job!.id],
        )
      )[0];

    const renamed = await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      companyName: 'Acme, WhatsApp 9876543210 for joining',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await state()).toEqual({
      moderation_state: 'held',
      moderation_reasons: ['off_platform'],
    });

    // A clean name again publishes the job held only by the shield, as a clean edit does.
    await send(r, 'PUT', '/api/recruiter/settings', base);
    expect(await state()).toEqual({ moderation_state: 'published', moderation_reasons: [] });

    await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      designation: 'HR (registration fee ₹500 on GPay)',
    });
    expect(await state()).toEqual({
      moderation_state: 'held',
      moderation_reasons: ['payment_request'],
    });
  });

  it('refuses a company name or designation that claims the verified mark', async () => {
    const r = await newRecruiter(t, 'Acme Tools');
    for (const claim of [
      { companyName: 'Infosys ✔ Verified · infosys.com' },
      { companyName: 'Infosys ✓' },
      { companyName: 'Infosys ✅' },
      { companyName: 'Infosys (V e r i f i e d)' },
      { companyName: 'Infosys VERIFIED' },
      { companyName: 'इन्फोसिस सत्यापित' },
      { designation: '✔ Verified HR · infosys.com' },
      { designation: 'HR ☑' },
      { designation: 'HR 🗸' },
    ]) {
      const res = await send(r, 'PUT', '/api/recruiter/settings', { ...base, ...claim });
      expect(res.statusCode, JSON.stringify(claim)).toBe(400);
      expect(res.json().error.message).toBe(
        'Company names and designations cannot claim verification: the verified mark is added by NearHire',
      );
    }
    const [row] = await t.ctx.db.query<{ company_name: string }>(
      'SELECT company_name FROM recruiter_profiles WHERE user_id = $1',
      [r.id],
    );
    expect(row!.company_name).toBe('Acme Tools');
    // Onboarding step 1 refuses it too.
    const step = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/recruiter/1',
      payload: { fullName: 'Nisha', companyName: 'Infosys ✔ Verified', designation: 'HR' },
      headers: { cookie: r.cookie },
    });
    expect(step.statusCode).toBe(400);
    expect(step.json().error.message).toMatch(/cannot claim verification/);
    // Ordinary names stay accepted.
    const ok = await send(r, 'PUT', '/api/recruiter/settings', {
      ...base,
      companyName: 'Diversified Logistics',
      designation: 'Senior HR Manager',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('personal data', () => {
  it('exports everything held about the user as JSON', async () => {
    const u = await onboardedSeeker('Export Me');
    const res = await get(u, '/api/me/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const data = res.json();
    expect(data.user.phone_no).toBe(`+91${u.phone}`);
    expect(data.seekerProfile.full_name).toBe('Export Me');
    expect(data.seekerProfile).not.toHaveProperty('profile_tsv');
    expect(Array.isArray(data.sessions)).toBe(true);
    expect((await get(null, '/api/me/export')).statusCode).toBe(401);
  });

  it('includes what they received, reported, blocked and chose, and what a recruiter looked at', async () => {
    const u = await onboardedSeeker('Export All');
    const r = await newRecruiter(t);
    const [room] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO chat_rooms (recruiter_id, seeker_id, status, created_by) VALUES ($1, $2, 'interested', $1) RETURNING id`,
      [r.id, u.id],
    );
    await t.ctx.db.query(
      `INSERT INTO chat_messages (room_id, sender_id, recipient_id, kind, message, client_id)
       VALUES ($1, $2, $3, 'text', 'Please share your CV', gen_random_uuid())`,
      [room!.id, r.id, u.id],
    );
    await t.ctx.db.query(
      `INSERT INTO reports (reporter_id, target_user_id, reason, details) VALUES ($1, $2, 'spam', 'Sends the same text')`,
      [u.id, r.id],
    );
    await t.ctx.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [
      u.id,
      r.id,
    ]);
    expect((await send(u, 'PATCH', '/api/me/notifications', { sms: false })).statusCode).toBe(200);
    await t.ctx.db.query(`INSERT INTO profile_views (seeker_id, recruiter_id) VALUES ($1, $2)`, [
      u.id,
      r.id,
    ]);
    const data = (await get(u, '/api/me/export')).json();
    expect(data.messagesReceived.map((m: { message: string }) => m.message)).toEqual([
      'Please share your CV',
    ]);
    expect(data.reportsFiled).toEqual([
      expect.objectContaining({ reason: 'spam', details: 'Sends the same text' }),
    ]);
    expect(data.blocks).toEqual([expect.objectContaining({ name: 'Test Recruiter' })]);
    expect(data.notificationSettings).toMatchObject({ push: true, sms: false });
    expect(data.pushSubscriptions).toEqual([]);
    const recruiterData = (await get(r, '/api/me/export')).json();
    expect(recruiterData.profilesViewed).toEqual([
      expect.objectContaining({ full_name: 'Export All' }),
    ]);
  });

  it('deletes the account only with confirmation, leaving no personal row or file behind', async () => {
    const u = await onboardedSeeker('Delete Me');
    const r = await newRecruiter(t);
    await t.ctx.storage.put(`public/u/${u.id}/avatar-1.webp`, Buffer.from('img'), 'image/webp');
    await t.ctx.storage.put(
      `private/u/${u.id}/resume-1.pdf`,
      Buffer.from('%PDF'),
      'application/pdf',
    );
    const [room] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status) VALUES ($1, $2, $2, 'initiated') RETURNING id`,
      [r.id, u.id],
    );
    await t.ctx.db.query(
      `INSERT INTO chat_messages (room_id, sender_id, client_id, message) VALUES ($1, $2, gen_random_uuid(), 'My number is 98xxxx')`,
      [room!.id, u.id],
    );
    await t.ctx.db.query(`INSERT INTO resume_downloads (seeker_id, recruiter_id) VALUES ($1, $2)`, [
      u.id,
      r.id,
    ]);

    const unconfirmed = await send(u, 'DELETE', '/api/me', { confirm: 'yes' });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toBe('Type DELETE to confirm');

    const res = await send(u, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect(res.statusCode).toBe(204);
    for (const [table, column] of [
      ['users', 'id'],
      ['seeker_profiles', 'user_id'],
      ['sessions', 'user_id'],
      ['work_experiences', 'candidate_id'],
      ['chat_rooms', 'seeker_id'],
      ['chat_messages', 'sender_id'],
      ['resume_downloads', 'seeker_id'],
      ['one_time_codes', 'user_id'],
    ]) {
      const rows = await t.ctx.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [u.id]);
      expect(rows, table).toHaveLength(0);
    }
    expect(
      await t.ctx.db.query('SELECT 1 FROM one_time_codes WHERE target = $1', [`+91${u.phone}`]),
    ).toHaveLength(0);
    expect(await t.ctx.storage.get(`public/u/${u.id}/avatar-1.webp`)).toBeNull();
    expect(await t.ctx.storage.get(`private/u/${u.id}/resume-1.pdf`)).toBeNull();
    expect((await get(u, '/api/me')).statusCode).toBe(401);
  });
});
