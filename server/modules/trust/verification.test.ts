import { textIn } from '#shared/i18n/texts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { english, type MessageKey } from '#shared/i18n/messages.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { newUser, type TestUser } from '../../test/users.ts';
import { humanWait } from '../../lib/errors.ts';

// Issue 11, part 1: the verified mark means a company domain. Everything through HTTP: onboarding
// steps 1 and 2, the e-mailed code (read from the dev outbox), Profile Settings, jobs.

let t: TestApp;
let bengaluru: number;
let mumbai: number;
beforeAll(async () => {
  t = await createTestApp();
  const find = async (q: string, state: string) => {
    const res = await t.app.inject({ url: `/api/cities?q=${encodeURIComponent(q)}` });
    const city = (res.json().cities as { id: number; name: string; state: string }[]).find(
      (c) => c.name === q && c.state === state,
    );
    if (!city) throw new Error(`no city ${q}`);
    return city.id;
  };
  bengaluru = await find('Bengaluru', 'Karnataka');
  mumbai = await find('Mumbai', 'Maharashtra');
});
afterAll(async () => {
  await t.close();
});

// One client address per recruiter: the per-IP code limits of other tests stay out of the way.
let ips = 0;
interface Recruiter extends TestUser {
  ip: string;
}

const call = (
  u: Recruiter | TestUser,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  body?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: u.cookie },
    remoteAddress: 'ip' in u ? u.ip : '127.0.0.1',
    ...(body === undefined ? {} : { payload: body }),
  });

const mailCode = (email: string) => t.ctx.outbox.list(email)[0]?.text.match(/\b(\d{6})\b/)?.[1];
const sentTo = (email: string) => t.ctx.outbox.list(email).length;

/** A recruiter through onboarding steps 1 and 2 (headquarters in `cityId`), at verification. */
async function atVerification(company: string, cityId: number = bengaluru): Promise<Recruiter> {
  const u = await newUser(t, 'recruiter');
  const r = { ...u, ip: `10.31.${Math.floor(++ips / 200)}.${(ips % 200) + 1}` };
  const one = await call(r, 'PUT', '/api/onboarding/recruiter/1', {
    fullName: 'Meera Iyer',
    companyName: company,
    designation: 'Talent Lead',
  });
  expect(one.statusCode).toBe(200);
  // The logo, as its upload would have stored it (a key must name a stored file).
  await t.ctx.storage.put(`public/u/${r.id}/logo-9f.webp`, Buffer.from('img'), 'image/webp');
  const two = await call(r, 'PUT', '/api/onboarding/recruiter/2', {
    companyName: company,
    companyLogo: `public/u/${r.id}/logo-9f.webp`,
    employeeSize: '51_200',
    financingStatus: 'series_a',
    annualRevenue: '11_50cr',
    headquartersAddress: 'Koramangala, Bengaluru',
    headquartersCityId: cityId,
  });
  expect(two.statusCode).toBe(200);
  return r;
}

const profileOf = async (r: Recruiter) =>
  (await call(r, 'GET', '/api/recruiter/profile')).json().profile;

const send = (r: Recruiter, websiteUrl: string, email: string) =>
  call(r, 'POST', '/api/company/verification/send', { websiteUrl, email });

/** Sends and enters the code: the whole verification through HTTP. */
async function verify(r: Recruiter, websiteUrl: string, email: string) {
  const sent = await send(r, websiteUrl, email);
  expect(sent.statusCode, sent.body).toBe(204);
  const code = mailCode(email);
  expect(code).toMatch(/^\d{6}$/);
  return call(r, 'POST', '/api/company/verification/verify', { websiteUrl, email, code });
}

const ZENITH = { websiteUrl: 'https://www.zenith.in', email: 'hr@careers.zenith.in' };

/** A recruiter verified for zenith.in through the real flow. */
async function verifiedZenith(): Promise<Recruiter> {
  const r = await atVerification('Zenith Foods Pvt Ltd');
  const ok = await verify(r, ZENITH.websiteUrl, ZENITH.email);
  expect(ok.statusCode, ok.body).toBe(200);
  expect(await profileOf(r)).toMatchObject({ isVerified: true, verifiedDomain: 'zenith.in' });
  return r;
}

/** What Profile Settings sends back when nothing was changed. */
const settingsOf = (p: Record<string, unknown>) => ({
  fullName: p.fullName,
  email: p.email,
  designation: p.designation,
  companyName: p.companyName,
  websiteUrl: p.websiteUrl,
  headquartersAddress: p.headquartersAddress,
  employeeSize: p.employeeSize,
  financingStatus: p.financingStatus,
  gstin: p.gstin,
});

const expectError = (
  res: { statusCode: number; json(): { error: { code: string; message: string } } },
  status: number,
  code: MessageKey,
  vars?: Record<string, string | number>,
) => {
  expect(res.statusCode).toBe(status);
  // The answer may carry more variables than the message uses (a GST refusal names the state).
  expect(res.json().error).toMatchObject({ code, key: code, message: english(code, vars) });
};

describe('verification is step 3, and its code is for an address', () => {
  it('a recruiter who has not saved the company details (step 2) cannot verify past them', async () => {
    const u = await newUser(t, 'recruiter');
    const r = { ...u, ip: `10.32.0.${++ips % 200}` };
    await call(r, 'PUT', '/api/onboarding/recruiter/1', {
      fullName: 'Meera Iyer',
      companyName: 'Zenith Foods Pvt Ltd',
      designation: 'Talent Lead',
    });
    const sent = await send(r, ZENITH.websiteUrl, ZENITH.email);
    expect(sent.statusCode, sent.body).toBe(204);
    const code = mailCode(ZENITH.email);
    const res = await call(r, 'POST', '/api/company/verification/verify', { ...ZENITH, code });
    expect(res.statusCode).toBe(409);
    const p = await profileOf(r);
    expect(p.isVerified).toBe(false);
    const [row] = await t.ctx.db.query<{ onboarding_step: number }>(
      'SELECT onboarding_step FROM users WHERE id = $1',
      [r.id],
    );
    expect(row!.onboarding_step).toBe(2);
  });

  it('another spelling of the website sends no second code to the same inbox within the cooldown', async () => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    const email = 'talent@zenith.in';
    expect((await send(r, 'https://zenith.in', email)).statusCode).toBe(204);
    const again = await send(r, 'https://www.zenith.in', email);
    expect(again.statusCode).toBe(429);
    expect(sentTo(email)).toBe(1);
    // The code sent with one spelling verifies with another of the same domain.
    const code = mailCode(email);
    const ok = await call(r, 'POST', '/api/company/verification/verify', {
      websiteUrl: 'https://careers.zenith.in',
      email,
      code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileOf(r)).toMatchObject({ isVerified: true, verifiedDomain: 'zenith.in' });
  });
});

describe('the verification e-mail', () => {
  it("is in the recruiter's language, else their browser's", async () => {
    const r = await atVerification('Bhasha Foods');
    const email = 'hr@bhasha.in';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/company/verification/send',
      headers: { cookie: r.cookie, 'accept-language': 'hi-IN,hi;q=0.9' },
      remoteAddress: r.ip,
      payload: { websiteUrl: 'https://bhasha.in', email },
    });
    expect(res.statusCode, res.body).toBe(204);
    const [mail] = t.ctx.outbox.list(email);
    expect(mail!.text).toContain(mailCode(email)!);
    expect(mail!.text).toBe(textIn('hi', 'onboarding.emailCodeText', { code: mailCode(email)! }));
  });
});

describe('verification needs a company domain', () => {
  it('refuses gmail.com as website and e-mail under the name "Infosys Limited": no code, no mark', async () => {
    const r = await atVerification('Infosys Limited');
    const res = await send(r, 'https://gmail.com', 'me@gmail.com');
    expectError(res, 400, 'companyDomain.freeMail');
    expect(sentTo('me@gmail.com')).toBe(0);
    // Even a valid code (issued here directly: none is ever sent for it) cannot verify it: the
    // rule is checked again on verify.
    const { code } = await t.ctx.codes.issue({
      purpose: 'company_email',
      target: `${r.id}|me@gmail.com`,
      ip: r.ip,
      userId: r.id,
    });
    const verifyAnyway = await call(r, 'POST', '/api/company/verification/verify', {
      websiteUrl: 'https://gmail.com',
      email: 'me@gmail.com',
      code,
    });
    expectError(verifyAnyway, 400, 'companyDomain.freeMail');
    expect(await profileOf(r)).toMatchObject({ isVerified: false, verifiedDomain: null });
  });

  it('refuses a look-alike: infosys.com.attacker.in with an @attacker.in address', async () => {
    const r = await atVerification('Infosys Limited');
    const res = await send(r, 'https://infosys.com.attacker.in', 'hr@attacker.in');
    expectError(res, 400, 'companyDomain.lookalike');
    expect(sentTo('hr@attacker.in')).toBe(0);
    expect((await profileOf(r)).isVerified).toBe(false);
  });

  it("refuses a domain carrying a big employer's name that is not theirs: tcs-careers.in", async () => {
    const r = await atVerification('Tata Consultancy Services');
    const email = 'hr@tcs-careers.in';
    const res = await send(r, 'https://www.tcs-careers.in', email);
    expectError(res, 400, 'companyDomain.brand', { brand: 'TCS' });
    expect(res.json().error.message).toContain('support@nearhire.in');
    // No code issued, no e-mail, no mark.
    expect(sentTo(email)).toBe(0);
    const codes = await t.ctx.db.query(
      "SELECT 1 FROM one_time_codes WHERE purpose = 'company_email' AND user_id = $1",
      [r.id],
    );
    expect(codes).toHaveLength(0);
    // In Hindi too, naming the brand.
    const hi = await t.app.inject({
      method: 'POST',
      url: '/api/company/verification/send',
      headers: { cookie: r.cookie, 'accept-language': 'hi-IN,hi;q=0.9' },
      remoteAddress: r.ip,
      payload: { websiteUrl: 'https://www.tcs-careers.in', email },
    });
    expect(hi.statusCode).toBe(400);
    expect(hi.json().error.message).toBe(textIn('hi', 'companyDomain.brand', { brand: 'TCS' }));
    // A code got some other way still cannot verify it: the rule is checked again on verify.
    const { code } = await t.ctx.codes.issue({
      purpose: 'company_email',
      target: `${r.id}|${email}`,
      ip: r.ip,
      userId: r.id,
    });
    const verifyAnyway = await call(r, 'POST', '/api/company/verification/verify', {
      websiteUrl: 'https://www.tcs-careers.in',
      email,
      code,
    });
    expectError(verifyAnyway, 400, 'companyDomain.brand', { brand: 'TCS' });
    expect(await profileOf(r)).toMatchObject({ isVerified: false, verifiedDomain: null });
  });

  it("refuses the mark for a company name claiming a big employer on a domain not theirs: 'Amazon India' on kaveri.in", async () => {
    const KAVERI = { websiteUrl: 'https://www.kaveri.in', email: 'hr@kaveri.in' };
    const r = await atVerification('Amazon India Pvt Ltd');
    const res = await send(r, KAVERI.websiteUrl, KAVERI.email);
    expectError(res, 400, 'companyDomain.brandName', { brand: 'Amazon', domain: 'kaveri.in' });
    expect(sentTo(KAVERI.email)).toBe(0);
    // A code got some other way is refused at verify too.
    const { code } = await t.ctx.codes.issue({
      purpose: 'company_email',
      target: `${r.id}|${KAVERI.email}`,
      ip: r.ip,
      userId: r.id,
    });
    const verifyAnyway = await call(r, 'POST', '/api/company/verification/verify', {
      ...KAVERI,
      code,
    });
    expectError(verifyAnyway, 400, 'companyDomain.brandName', {
      brand: 'Amazon',
      domain: 'kaveri.in',
    });
    expect(await profileOf(r)).toMatchObject({ isVerified: false, verifiedDomain: null });
  });

  it("verifies a big employer's own domain: amazon.in", async () => {
    const r = await atVerification('Amazon Development Centre India');
    const ok = await verify(r, 'https://www.amazon.in', 'talent@amazon.in');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileOf(r)).toMatchObject({ isVerified: true, verifiedDomain: 'amazon.in' });
  });

  it.each([
    ['yahoo.com', 'https://zenith.in', 'hr@yahoo.com'],
    ['yahoo.co.in as the website too', 'https://yahoo.co.in', 'zenith@yahoo.co.in'],
    ['outlook.com', 'https://zenith.in', 'hr@outlook.com'],
    ['hotmail.com', 'https://zenith.in', 'hr@hotmail.com'],
    ['rediffmail.com', 'https://zenith.in', 'hr@rediffmail.com'],
    ['rediffmail.com as the website too', 'https://rediffmail.com', 'hr@rediffmail.com'],
    ['protonmail.com', 'https://zenith.in', 'hr@protonmail.com'],
    ['proton.me', 'https://proton.me', 'hr@proton.me'],
    ['the disposable mailinator.com', 'https://mailinator.com', 'hr@mailinator.com'],
    ['a mailinator.com address', 'https://zenith.in', 'hr@mailinator.com'],
    ['a yopmail.com address', 'https://zenith.in', 'hr@yopmail.com'],
    ['a guerrillamail.com address', 'https://zenith.in', 'hr@guerrillamail.com'],
  ])('refuses %s as a free or disposable provider', async (_name, websiteUrl, email) => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    expectError(await send(r, websiteUrl, email), 400, 'companyDomain.freeMail');
    expect(sentTo(email)).toBe(0);
    expect((await profileOf(r)).isVerified).toBe(false);
  });

  it.each([
    // GAIL (India) Ltd, a Navratna PSU: its label is one edit from "gmail".
    ['GAIL (India) Limited', 'https://gail.co.in', 'hr@gail.co.in', 'gail.co.in'],
    ['Hotmart', 'https://hotmart.com', 'jobs@hotmart.com', 'hotmart.com'],
  ])(
    'verifies a real company whose name is close to a provider: %s',
    async (company, websiteUrl, email, domain) => {
      const r = await atVerification(company);
      const ok = await verify(r, websiteUrl, email);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await profileOf(r)).toMatchObject({ isVerified: true, verifiedDomain: domain });
    },
  );

  it('verifies hr@careers.zenith.in for https://www.zenith.in and the mark names zenith.in on the job', async () => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    const ok = await verify(r, ZENITH.websiteUrl, ZENITH.email);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileOf(r)).toMatchObject({
      isVerified: true,
      verifiedDomain: 'zenith.in',
      websiteUrl: 'https://www.zenith.in',
      email: 'hr@careers.zenith.in',
    });

    const job = await call(r, 'POST', '/api/jobs', {
      title: 'Store Manager',
      cityId: bengaluru,
      type: 'full_time',
      level: '3_5',
      jobCategory: 'operations_admin',
      description: 'Run our Koramangala store.',
    });
    expect(job.statusCode, job.body).toBe(201);
    const jobId = job.json().job.id as string;
    const seeker = await newUser(t, 'user');
    const seen = await call(seeker, 'GET', `/api/jobs/${jobId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().job.recruiter).toMatchObject({
      isVerified: true,
      verifiedDomain: 'zenith.in',
      gstRegistered: false,
    });

    // The mark goes with a changed website, on the job page too.
    const p = await profileOf(r);
    const moved = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(p),
      websiteUrl: 'https://zenithfoods.in',
    });
    expect(moved.statusCode).toBe(200);
    const after = (await call(seeker, 'GET', `/api/jobs/${jobId}`)).json().job.recruiter;
    expect(after).toMatchObject({ isVerified: false, verifiedDomain: null });
  });

  it('keeps the mark when Profile Settings are saved unchanged', async () => {
    const r = await verifiedZenith();
    const res = await call(r, 'PUT', '/api/recruiter/settings', settingsOf(await profileOf(r)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ isVerified: true, verifiedDomain: 'zenith.in' });
    // Other fields may change without touching the mark.
    const designation = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(await profileOf(r)),
      designation: 'Head of People',
      fullName: 'Meera S Iyer',
    });
    expect(designation.json().profile).toMatchObject({
      designation: 'Head of People',
      isVerified: true,
      verifiedDomain: 'zenith.in',
    });
  });

  it.each([
    ['company name', { companyName: 'Zenith Beverages Ltd' }],
    ['website', { websiteUrl: 'https://zenithfoods.co.in' }],
    ['office e-mail', { email: 'someone@zenith.in' }],
    ['office e-mail, removed', { email: null }],
    ['website, removed', { websiteUrl: '' }],
  ])('takes the mark away when the %s changes', async (_name, change) => {
    const r = await verifiedZenith();
    const res = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(await profileOf(r)),
      ...change,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ isVerified: false, verifiedDomain: null });
    expect(await profileOf(r)).toMatchObject({ isVerified: false, verifiedDomain: null });
  });
});

describe('GSTIN in Profile Settings', () => {
  // 29 = Karnataka; a published Maharashtra (27) GSTIN.
  const KARNATAKA = '29AAACI1681G1ZL';
  const MAHARASHTRA = '27AAPFU0939F1ZV';

  it('stores a valid GSTIN of the headquarters state, upper-cased, and shows "GST registered"', async () => {
    const r = await verifiedZenith();
    const res = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(await profileOf(r)),
      gstin: ` ${KARNATAKA.toLowerCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      gstin: KARNATAKA,
      gstRegistered: true,
      headquartersCity: { id: bengaluru, state: 'Karnataka' },
      // A GSTIN is not one of the verified facts: the mark stays.
      isVerified: true,
    });
    const [row] = await t.ctx.db.query<{ gstin: string }>(
      'SELECT gstin FROM recruiter_profiles WHERE user_id = $1',
      [r.id],
    );
    expect(row!.gstin).toBe(KARNATAKA);
    // Job pages say so.
    const job = await call(r, 'POST', '/api/jobs', {
      title: 'Accountant',
      cityId: bengaluru,
      type: 'full_time',
      level: '1_3',
      jobCategory: 'finance_accounting',
      description: 'Books.',
    });
    expect(job.json().job.recruiter).toMatchObject({ gstRegistered: true });
  });

  it.each([
    ['a wrong check digit', '29AAACI1681G1ZK', 'gst.checkDigit'],
    ['a bad format', '29AAACI1681G1AL', 'gst.format'],
    ['a bad format (too short)', '29AAACI', 'gst.format'],
    ['an unknown state code', '00AAACI1681G1ZL', 'gst.format'],
  ] as const)(
    'refuses %s with 400 and saves nothing of the request',
    async (_name, gstin, code) => {
      const r = await verifiedZenith();
      const before = await profileOf(r);
      const res = await call(r, 'PUT', '/api/recruiter/settings', {
        ...settingsOf(before),
        fullName: 'Somebody Else',
        designation: 'CEO',
        companyName: 'Renamed Foods',
        gstin,
      });
      expectError(res, 400, code);
      // Not half-saved: the other fields of the refused request are not stored, the mark stays.
      expect(await profileOf(r)).toEqual(before);
    },
  );

  it('refuses a Maharashtra GSTIN for a company headquartered in Karnataka, naming the state', async () => {
    const r = await verifiedZenith();
    const before = await profileOf(r);
    const res = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(before),
      headquartersAddress: 'Somewhere new',
      gstin: MAHARASHTRA,
    });
    expectError(res, 400, 'gst.state', { state: 'Karnataka' });
    expect(res.json().error.message).toContain('Karnataka');
    expect(await profileOf(r)).toEqual(before);
  });

  it('a stored GSTIN never contradicts the headquarters state, even when the headquarters move', async () => {
    const r = await verifiedZenith();
    await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(await profileOf(r)),
      gstin: KARNATAKA,
    });
    expect((await profileOf(r)).gstin).toBe(KARNATAKA);
    // Onboarding step 2 can be saved again at any time, with another headquarters city.
    const moved = await call(r, 'PUT', '/api/onboarding/recruiter/2', {
      companyName: 'Zenith Foods Pvt Ltd',
      companyLogo: `public/u/${r.id}/logo-9f.webp`,
      employeeSize: '51_200',
      financingStatus: 'series_a',
      annualRevenue: '11_50cr',
      headquartersAddress: 'Andheri, Mumbai',
      headquartersCityId: mumbai,
    });
    // Either the move is refused for the GSTIN's sake, or the GSTIN of the old state goes.
    const p = await profileOf(r);
    if (moved.statusCode === 200) {
      expect(p.headquartersCity).toMatchObject({ state: 'Maharashtra' });
      expect(p).toMatchObject({ gstin: null, gstRegistered: false });
    } else {
      expect(moved.statusCode).toBe(400);
      expect(p).toMatchObject({ gstin: KARNATAKA, headquartersCity: { state: 'Karnataka' } });
    }
  });

  it('a GSTIN needs a headquarters city to check its state; one chosen in settings counts', async () => {
    const r = await atVerification('Nowhere Traders');
    await t.ctx.db.query(
      'UPDATE recruiter_profiles SET headquarters_city_id = NULL WHERE user_id = $1',
      [r.id],
    );
    const p = await profileOf(r);
    const refused = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(p),
      gstin: MAHARASHTRA,
    });
    expectError(refused, 400, 'gst.needsHeadquarters');
    expect((await profileOf(r)).gstin).toBeNull();
    // The city of the same save is the one the GSTIN is checked against.
    const wrong = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(p),
      gstin: MAHARASHTRA,
      headquartersCityId: bengaluru,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('gst.state');
    const ok = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(p),
      gstin: MAHARASHTRA,
      headquartersCityId: mumbai,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile).toMatchObject({
      gstin: MAHARASHTRA,
      gstRegistered: true,
      headquartersCity: { state: 'Maharashtra' },
    });
    // Left out, the stored city stays.
    const kept = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(await profileOf(r)),
    });
    expect(kept.json().profile.headquartersCity).toMatchObject({ state: 'Maharashtra' });
  });

  it('accepts the Maharashtra GSTIN for a company headquartered in Mumbai', async () => {
    const r = await atVerification('Mumbai Traders', mumbai);
    const p = await profileOf(r);
    const res = await call(r, 'PUT', '/api/recruiter/settings', {
      ...settingsOf(p),
      gstin: MAHARASHTRA,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ gstin: MAHARASHTRA, gstRegistered: true });
  });
});

describe('verification e-mails per day', () => {
  const limit = TRUST_LIMITS.verificationAddressesPerDay;
  const address = (i: number) => `hr${i}@zenith.in`;
  const age = (r: Recruiter, seconds: number) =>
    t.ctx.db.query(
      `UPDATE one_time_codes SET created_at = created_at - make_interval(secs => $2)
        WHERE purpose = 'company_email' AND user_id = $1`,
      [r.id, seconds],
    );

  it(`refuses a ${limit + 1}th different address in a day with 429, Retry-After and a message`, async () => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    for (let i = 1; i <= limit; i++) {
      const res = await send(r, 'https://zenith.in', address(i));
      expect(res.statusCode, `${address(i)}: ${res.body}`).toBe(204);
      expect(sentTo(address(i))).toBe(1);
    }
    const over = await send(r, 'https://zenith.in', address(limit + 1));
    expect(over.statusCode).toBe(429);
    const retryAfter = Number(over.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    // The oldest address frees up a day after it was first used.
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(over.json().error).toEqual({
      code: 'limits.verificationAddresses',
      key: 'limits.verificationAddresses',
      message: english('limits.verificationAddresses', { limit, wait: humanWait(retryAfter) }),
      vars: { seconds: retryAfter, limit },
    });
    expect(over.json().error.message).not.toContain('{{');
    expect(sentTo(address(limit + 1))).toBe(0);

    // An address already used is not refused by this rule: only the 30 s resend cooldown applies.
    const tooSoon = await send(r, 'https://zenith.in', address(1));
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error.code).toBe('login.resendTooSoon');
    await age(r, 31);
    const again = await send(r, 'https://zenith.in', address(1));
    expect(again.statusCode, again.body).toBe(204);
    expect(sentTo(address(1))).toBe(2);
    // Still a new address is refused, and that code still verifies.
    expect((await send(r, 'https://zenith.in', address(limit + 2))).statusCode).toBe(429);
    const ok = await call(r, 'POST', '/api/company/verification/verify', {
      websiteUrl: 'https://zenith.in',
      email: address(1),
      code: mailCode(address(1)),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await profileOf(r)).toMatchObject({ isVerified: true, verifiedDomain: 'zenith.in' });
  });

  it('holds when the sends come all at once', async () => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    const replies = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => send(r, 'https://zenith.in', address(300 + i))),
    );
    const sent = replies.filter((x) => x.statusCode === 204).length;
    const refused = replies.filter((x) => x.statusCode === 429);
    expect(sent).toBeLessThanOrEqual(limit);
    expect(sent + refused.length).toBe(limit + 3);
    for (const x of refused) expect(x.json().error.code).toBe('limits.verificationAddresses');
    const addresses = await t.ctx.db.query(
      `SELECT DISTINCT split_part(target, '|', 2) FROM one_time_codes WHERE purpose = 'company_email' AND user_id = $1`,
      [r.id],
    );
    expect(addresses.length).toBeLessThanOrEqual(limit);
  });

  it('refused addresses (free mail) do not use up the allowance, and a day later it is back', async () => {
    const r = await atVerification('Zenith Foods Pvt Ltd');
    for (let i = 0; i < limit + 2; i++) {
      expect((await send(r, 'https://zenith.in', `hr${i}@gmail.com`)).statusCode).toBe(400);
    }
    for (let i = 1; i <= limit; i++) {
      expect((await send(r, 'https://zenith.in', address(100 + i))).statusCode).toBe(204);
    }
    expect((await send(r, 'https://zenith.in', address(200))).statusCode).toBe(429);
    await age(r, 24 * 3600 + 1);
    expect((await send(r, 'https://zenith.in', address(200))).statusCode).toBe(204);
  });
});
