import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, newUser, type TestUser } from '../../test/users.ts';

let t: TestApp;
let bengaluru: number;
beforeAll(async () => {
  t = await createTestApp();
  bengaluru = await cityId(t, 'Bengaluru');
});
afterAll(async () => {
  await t.close();
});

// Image keys name their owner's folder ('/USER/' here); the server refuses anybody else's, and
// a key of no stored file: the user's are stored first, as an upload would have.
const own = async (u: TestUser, body: unknown) => {
  const text = JSON.stringify(body ?? {}).replaceAll('/USER/', `/${u.id}/`);
  for (const [key] of text.matchAll(new RegExp(`public/u/${u.id}/[a-z0-9.-]+`, 'g')))
    await t.ctx.storage.put(key, Buffer.from('img'), 'image/webp');
  return JSON.parse(text) as object;
};
const put = async (u: TestUser, url: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url,
    payload: await own(u, payload),
    headers: { cookie: u.cookie },
  });
const post = (u: TestUser, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { cookie: u.cookie },
  });

const basic = (over: Record<string, unknown> = {}) => ({
  profileImage: 'public/u/USER/avatar-1a2b.webp',
  fullName: '  Asha Nair ',
  educationLevel: 'bachelors',
  email: 'Asha.Nair@Example.in',
  workExperience: '1_3',
  noticePeriod: '1_month',
  ...over,
});
const work = {
  jobTitle: 'Sales Executive',
  companyName: 'Reliance Retail',
  industry: 'retail',
  startYear: 2021,
  endYear: 2024,
  isCurrent: false,
};
const college = {
  collegeName: 'Christ University',
  degree: 'bcom',
  fieldOfStudy: 'Commerce',
  collegeStartYear: 2017,
  collegeEndYear: 2020,
  cgpa: '7.8',
};
const school = {
  schoolName: 'DPS Bangalore East',
  schoolMarks: 86.5,
  schoolStartYear: 2015,
  schoolEndYear: 2017,
};
const prefs = () => ({
  jobType: 'full_time',
  industry: 'retail',
  salaryRange: '3_6',
  experienceRange: '1_3',
  cityId: bengaluru,
  jobCategory: 'sales_bd',
});
const intro = {
  introduction: ' I sell things well. ',
  languages: [' Hindi', 'English', 'hindi', ''],
};

const seekerStep = (u: TestUser, step: number, body: unknown) =>
  put(u, `/api/onboarding/seeker/${step}`, body);

describe('job seeker onboarding', () => {
  it('walks a non-Fresher graduate through 1 → 2 → 3 → 5 → 6 and marks them onboarded', async () => {
    const u = await newUser(t, 'user');
    const r1 = await seekerStep(u, 1, basic());
    expect(r1.statusCode).toBe(200);
    expect(r1.json().nextStep).toBe(2);
    expect(r1.json().user.onboardingStep).toBe(2);
    expect((await seekerStep(u, 2, work)).json().nextStep).toBe(3);
    expect((await seekerStep(u, 3, college)).json().nextStep).toBe(5);
    expect((await seekerStep(u, 5, prefs())).json().nextStep).toBe(6);
    const done = await seekerStep(u, 6, intro);
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ isOnboarded: true, onboardingStep: 6 });

    const profile = (
      await t.app.inject({ url: '/api/seeker/profile', headers: { cookie: u.cookie } })
    ).json().profile;
    expect(profile).toMatchObject({
      fullName: 'Asha Nair',
      email: 'asha.nair@example.in',
      cgpa: 7.8,
      introduction: 'I sell things well.',
      languages: ['Hindi', 'English'],
      city: { id: bengaluru, name: 'Bengaluru' },
      jobCategory: 'sales_bd',
    });
    expect(profile.workExperiences).toHaveLength(1);
    expect(profile.workExperiences[0]).toMatchObject({
      companyName: 'Reliance Retail',
      designation: 'Sales Executive',
      endYear: 2024,
    });
  });

  it('sends a Fresher with High School from step 1 straight to school (4), then 5', async () => {
    const u = await newUser(t, 'user');
    expect(
      (
        await seekerStep(u, 1, basic({ workExperience: 'fresher', educationLevel: 'high_school' }))
      ).json().nextStep,
    ).toBe(4);
    expect((await seekerStep(u, 4, school)).json().nextStep).toBe(5);
  });

  it('sends another Fresher from step 1 to college (3), then on to school (4)', async () => {
    const u = await newUser(t, 'user');
    expect((await seekerStep(u, 1, basic({ workExperience: 'fresher' }))).json().nextStep).toBe(3);
    expect((await seekerStep(u, 3, college)).json().nextStep).toBe(4);
  });

  it('cannot skip ahead to a step not reached yet', async () => {
    const u = await newUser(t, 'user');
    const res = await seekerStep(u, 5, prefs());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('That step is not available yet');
  });

  it('onboarding_step never moves backwards when an earlier step is saved again', async () => {
    const u = await newUser(t, 'user');
    await seekerStep(u, 1, basic());
    await seekerStep(u, 2, work);
    await seekerStep(u, 3, college);
    const again = await seekerStep(u, 1, basic({ fullName: 'Asha N' }));
    expect(again.statusCode).toBe(200);
    expect(again.json().user.onboardingStep).toBe(5);
  });

  it.each([
    ['missing photo', 1, basic({ profileImage: undefined }), 'Please upload your photo'],
    ['blank name', 1, basic({ fullName: '   ' }), 'Please enter your full name'],
    ['bad e-mail', 1, basic({ email: 'asha@' }), 'Please enter a valid email address'],
    [
      'unknown education level',
      1,
      basic({ educationLevel: 'diploma' }),
      'Please choose your education level',
    ],
  ])('step 1 refuses %s', async (_name, step, body, message) => {
    const u = await newUser(t, 'user');
    const res = await seekerStep(u, step, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('validates work, college, school, preferences and introduction with the spec rules', async () => {
    const u = await newUser(t, 'user');
    await t.ctx.db.query('UPDATE users SET onboarding_step = 6 WHERE id = $1', [u.id]);
    const cases: [number, unknown, string][] = [
      [2, { ...work, industry: 'other' }, 'Please enter your industry'],
      [2, { ...work, startYear: undefined }, 'Please choose the start year'],
      [2, { ...work, jobTitle: ' ' }, 'Please enter your job title'],
      [2, { ...work, endYear: 2019 }, 'End year cannot be before start year'],
      [3, { ...college, cgpa: 'eight' }, 'Please enter your CGPA or percentage as a number'],
      [3, { ...college, degree: undefined }, 'Please choose your degree'],
      [3, { ...college, fieldOfStudy: '' }, 'Please enter your field of study'],
      [4, { ...school, schoolMarks: 101 }, 'Please enter marks between 0 and 100'],
      [4, { ...school, schoolName: '' }, 'Please enter your school name'],
      [4, { ...school, schoolEndYear: undefined }, 'Please choose the end year'],
      [5, { ...prefs(), cityId: undefined }, 'Please choose a city from the list'],
      [5, { ...prefs(), salaryRange: undefined }, 'Please choose your expected salary'],
      [5, { ...prefs(), jobCategory: undefined }, 'Please choose a job category'],
      [6, { introduction: '   ' }, 'Please introduce yourself'],
      [6, { introduction: 'x'.repeat(501) }, 'Your introduction can be at most 500 characters'],
    ];
    for (const [step, body, message] of cases) {
      const res = await seekerStep(u, step, body);
      expect(res.statusCode, `${step} ${message}`).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    // 500 characters exactly is fine; a custom industry replaces Other.
    expect((await seekerStep(u, 6, { introduction: 'x'.repeat(500) })).statusCode).toBe(200);
    expect(
      (await seekerStep(u, 2, { ...work, industry: 'other', customIndustry: 'Logistics' }))
        .statusCode,
    ).toBe(200);
    const profile = (
      await t.app.inject({ url: '/api/seeker/profile', headers: { cookie: u.cookie } })
    ).json().profile;
    expect(profile.jobIndustry).toBe('Logistics');
  });

  it('job type defaults to Full-time', async () => {
    const u = await newUser(t, 'user');
    await t.ctx.db.query('UPDATE users SET onboarding_step = 5 WHERE id = $1', [u.id]);
    const rest: Record<string, unknown> = prefs();
    delete rest.jobType;
    expect((await seekerStep(u, 5, rest)).statusCode).toBe(200);
    const profile = (
      await t.app.inject({ url: '/api/seeker/profile', headers: { cookie: u.cookie } })
    ).json().profile;
    expect(profile.jobType).toBe('full_time');
  });

  it("refuses somebody else's image as the profile photo", async () => {
    const u = await newUser(t, 'user');
    const res = await put(
      u,
      '/api/onboarding/seeker/1',
      basic({ profileImage: 'public/u/0b3c9a4e-1111-4aaa-8bbb-123456789abc/avatar-1a2b.webp' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload your photo');
  });

  it('refuses a key of no stored file, and the photo it would replace stays', async () => {
    const u = await newUser(t, 'user');
    expect((await seekerStep(u, 1, basic())).statusCode).toBe(200);
    const made = `public/u/${u.id}/avatar-ffffffffffffffffffffffff.webp`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/seeker/1',
      payload: { ...basic(), profileImage: made },
      headers: { cookie: u.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please upload your photo');
    const kept = `public/u/${u.id}/avatar-1a2b.webp`;
    const [row] = await t.ctx.db.query<{ profile_image: string }>(
      'SELECT profile_image FROM seeker_profiles WHERE user_id = $1',
      [u.id],
    );
    expect(row!.profile_image).toBe(kept);
    expect(await t.ctx.storage.get(kept)).not.toBeNull();
  });

  it('takes invisible characters out of names: no direction override reaches a recruiter', async () => {
    const u = await newUser(t, 'user');
    const res = await seekerStep(u, 1, basic({ fullName: '\u202eAsha\u200b Nair\ufeff' }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.query<{ full_name: string }>(
      'SELECT full_name FROM seeker_profiles WHERE user_id = $1',
      [u.id],
    );
    expect(row!.full_name).toBe('Asha Nair');
    const blank = await seekerStep(u, 1, basic({ fullName: '\u200b\u2060 ' }));
    expect(blank.statusCode).toBe(400);
  });

  it("a recruiter cannot use the seeker's steps, and without a session the spec's message comes back", async () => {
    const r = await newUser(t, 'recruiter');
    expect((await seekerStep(r, 1, basic())).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/seeker/6',
      payload: intro,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('You must be logged in');
  });
});

describe('recruiter onboarding', () => {
  const profile = {
    fullName: 'Kiran Rao',
    gender: 'male',
    companyName: 'Acme Tools',
    designation: 'HR Manager',
  };
  const company = {
    companyName: 'Acme Tools Pvt Ltd',
    companyLogo: 'public/u/USER/logo-9f.webp',
    employeeSize: '51_200',
    financingStatus: 'series_a',
    annualRevenue: '11_50cr',
    headquartersAddress: 'HSR Layout, Bengaluru',
  };

  it('step 1 needs full name and company name', async () => {
    const r = await newUser(t, 'recruiter');
    for (const body of [
      { ...profile, fullName: '' },
      { ...profile, companyName: ' ' },
      { gender: 'male' },
    ]) {
      const res = await put(r, '/api/onboarding/recruiter/1', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Full name and company name are required');
    }
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/recruiter/1',
      payload: profile,
    });
    expect(anonymous.json().error.message).toBe('User not authenticated');
  });

  it('step 1 tells an over-long company name its bound, not that it is missing', async () => {
    const r = await newUser(t, 'recruiter');
    const res = await put(r, '/api/onboarding/recruiter/1', {
      ...profile,
      companyName: 'x'.repeat(151),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please keep this to 150 characters or fewer.');
    // A name of nothing but emoji or symbols names no company; emoji beside words stay.
    const emoji = await put(r, '/api/onboarding/recruiter/1', { ...profile, companyName: '😀😀' });
    expect(emoji.json().error.message).toBe(
      'Please write the company name in letters or numbers, not only symbols or emoji',
    );
    const fine = await put(r, '/api/onboarding/recruiter/1', {
      ...profile,
      companyName: 'Chai Point ☕',
    });
    expect(fine.statusCode).toBe(200);
  });

  it("step 2 needs every detail and a logo, with the spec's messages", async () => {
    const r = await newUser(t, 'recruiter');
    expect((await put(r, '/api/onboarding/recruiter/1', profile)).json().nextStep).toBe(2);
    const noLogo = await put(r, '/api/onboarding/recruiter/2', {
      ...company,
      companyLogo: undefined,
    });
    expect(noLogo.json().error.message).toBe('Please Upload Company Image');
    for (const field of [
      'companyName',
      'employeeSize',
      'financingStatus',
      'annualRevenue',
      'headquartersAddress',
    ]) {
      const res = await put(r, '/api/onboarding/recruiter/2', { ...company, [field]: undefined });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.message).toBe('Please enter all the details ');
    }
    const foreign = await put(r, '/api/onboarding/recruiter/2', {
      ...company,
      companyLogo: 'public/u/someone/logo-9f.webp',
    });
    expect(foreign.json().error.message).toBe('Please Upload Company Image');
    expect((await put(r, '/api/onboarding/recruiter/2', company)).json().nextStep).toBe(3);
  });

  async function atVerification(): Promise<TestUser> {
    const r = await newUser(t, 'recruiter');
    await put(r, '/api/onboarding/recruiter/1', profile);
    await put(r, '/api/onboarding/recruiter/2', company);
    return r;
  }
  const mailCode = (email: string) => t.ctx.outbox.list(email)[0]?.text.match(/\b(\d{6})\b/)?.[1];

  it('a step saved again with another company name takes the verified mark away; jobs follow it', async () => {
    const r = await atVerification();
    await t.ctx.db.query(
      `UPDATE recruiter_profiles SET is_verified = true, verified_domain = 'acmetools.in' WHERE user_id = $1`,
      [r.id],
    );
    const verified = async () =>
      (await t.app.inject({ url: '/api/recruiter/profile', headers: { cookie: r.cookie } })).json()
        .profile.isVerified;
    expect((await put(r, '/api/onboarding/recruiter/2', company)).statusCode).toBe(200);
    expect(await verified()).toBe(true);
    expect(
      (
        await put(r, '/api/onboarding/recruiter/1', {
          ...profile,
          companyName: company.companyName,
        })
      ).statusCode,
    ).toBe(200);
    expect(await verified()).toBe(true);
    await t.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description)
       VALUES ($1, 'Driver', $2, 'full_time', 'entry', 'other', 'Drive')`,
      [r.id, company.companyName],
    );
    const renamed = { ...company, companyName: 'Other Traders' };
    expect((await put(r, '/api/onboarding/recruiter/2', renamed)).statusCode).toBe(200);
    expect(await verified()).toBe(false);
    const [job] = await t.ctx.db.query<{ company: string }>(
      'SELECT company FROM jobs WHERE recruiter_id = $1',
      [r.id],
    );
    expect(job!.company).toBe('Other Traders');
  });

  it('verifies the company by an e-mailed code and marks it verified', async () => {
    const r = await atVerification();
    const send = await post(r, '/api/company/verification/send', {
      websiteUrl: 'acmetools.in',
      email: 'HR@acmetools.in',
    });
    expect(send.statusCode).toBe(204);
    const code = mailCode('hr@acmetools.in');
    expect(code).toMatch(/^\d{6}$/);
    const ok = await post(r, '/api/company/verification/verify', {
      websiteUrl: 'acmetools.in',
      email: 'hr@acmetools.in',
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.onboardingStep).toBe(4);
    const view = (
      await t.app.inject({ url: '/api/recruiter/profile', headers: { cookie: r.cookie } })
    ).json().profile;
    expect(view).toMatchObject({ isVerified: true, websiteUrl: 'https://acmetools.in' });
  });

  it.each([
    [{ websiteUrl: 'acmetools.in', email: '' }, 'Please enter your company email'],
    [{ websiteUrl: 'not a url', email: 'hr@acmetools.in' }, 'Please enter a valid Website Link'],
    [
      { websiteUrl: 'https://acmetools.in', email: 'hr@gmail.com' },
      'Use your company e-mail. Free and disposable mail providers like Gmail or Yahoo cannot verify a company.',
    ],
    [
      { websiteUrl: 'https://acmetools.in', email: 'hr@notacmetools.in' },
      'Email domain must match website domain',
    ],
  ])('refuses %j', async (body, message) => {
    const r = await atVerification();
    const res = await post(r, '/api/company/verification/send', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('a wrong, missing or expired code fails; 5 wrong tries kill the code', async () => {
    const r = await atVerification();
    const id = { websiteUrl: 'https://acmetools.in', email: 'jobs@acmetools.in' };
    await post(r, '/api/company/verification/send', id);
    const code = mailCode('jobs@acmetools.in')!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const empty = await post(r, '/api/company/verification/verify', { ...id, code: '' });
    expect(empty.json().error.message).toBe('Please enter the OTP');
    const bad = await post(r, '/api/company/verification/verify', { ...id, code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Invalid OTP');
    // The code is bound to the e-mail it was sent to.
    const other = await post(r, '/api/company/verification/verify', {
      ...id,
      email: 'ceo@acmetools.in',
      code,
    });
    expect(other.json().error.message).toBe('Invalid OTP');

    await t.ctx.db.query(
      `UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'company_email'`,
    );
    const expired = await post(r, '/api/company/verification/verify', { ...id, code });
    expect(expired.json().error.message).toBe('Invalid OTP');

    await t.ctx.db.query(
      `UPDATE one_time_codes SET created_at = created_at - interval '31 seconds' WHERE purpose = 'company_email'`,
    );
    await post(r, '/api/company/verification/send', id);
    const fresh = mailCode('jobs@acmetools.in')!;
    const freshWrong = String((Number(fresh) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      await post(r, '/api/company/verification/verify', { ...id, code: freshWrong });
    const dead = await post(r, '/api/company/verification/verify', { ...id, code: fresh });
    expect(dead.statusCode).toBe(400);
    const view = (
      await t.app.inject({ url: '/api/recruiter/profile', headers: { cookie: r.cookie } })
    ).json().profile;
    expect(view.isVerified).toBe(false);
  });

  it("'Skip for now' moves on to step 4 without verifying, and the first job completes onboarding", async () => {
    const r = await atVerification();
    const skip = await post(r, '/api/onboarding/recruiter/skip-verification');
    expect(skip.json()).toMatchObject({ nextStep: 4, user: { isOnboarded: false } });
    const job = await post(r, '/api/jobs', {
      title: 'Store Manager',
      cityId: bengaluru,
      type: 'full_time',
      level: '3_5',
      jobCategory: 'operations_admin',
      description: 'Run our HSR store.',
      minSalary: 4,
      maxSalary: 6,
    });
    expect(job.statusCode).toBe(201);
    expect(job.json().job).toMatchObject({
      company: 'Acme Tools Pvt Ltd',
      location: 'Bengaluru',
      status: 'open',
    });
    const me = (await t.app.inject({ url: '/api/me', headers: { cookie: r.cookie } })).json().user;
    expect(me).toMatchObject({ isOnboarded: true, onboardingStep: 4 });
  });

  it('cannot post a job before reaching step 4', async () => {
    const r = await newUser(t, 'recruiter');
    await put(r, '/api/onboarding/recruiter/1', profile);
    const res = await post(r, '/api/jobs', {
      title: 'X',
      cityId: null,
      type: 'full_time',
      level: 'entry',
      jobCategory: 'other',
      description: 'y',
    });
    expect(res.statusCode).toBe(409);
  });
});
