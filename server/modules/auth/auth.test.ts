import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN } from '#shared/limits.ts';
import { createTestApp, lastCode, login, sessionCookie, type TestApp } from '../../test/app.ts';

let t: TestApp;
let n = 0;
let ips = 0;
// A fresh phone (and IP) per test keeps the limits of one test out of the next.
const freshPhone = () => `98${String(100_000_00 + ++n).padStart(8, '0')}`;
const fullPhone = (p: string) => `+91${p}`;
const freshIp = () => {
  ips++;
  return `10.1.${Math.floor(ips / 250)}.${ips % 250}`;
};

const requestCode = (phone: string, ip = '10.9.9.9', headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/otp',
    payload: { phone },
    remoteAddress: ip,
    headers,
  });
const verify = (phone: string, code: string, ip = '10.9.9.9') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { phone, code },
    remoteAddress: ip,
  });

/** Moves a phone's codes and limit events back in time, as if `seconds` had passed. */
async function age(phone: string, seconds: number) {
  await t.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - make_interval(secs => $2), expires_at = expires_at - make_interval(secs => $2) WHERE target = $1`,
    [fullPhone(phone), seconds],
  );
  await t.ctx.db.query(
    `UPDATE rate_events SET at = at - make_interval(secs => $2) WHERE key = $1`,
    [fullPhone(phone), seconds],
  );
}
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');
/** The catalogue key of an error answer. */
const errorCode = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('login flow', () => {
  it('sends a code, verifies it, creates the user with a session cookie, and /api/me answers', async () => {
    const phone = freshPhone();
    const sent = await requestCode(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({
      phone: fullPhone(phone),
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
    });

    const code = lastCode(t, fullPhone(phone));
    const ok = await verify(phone, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      phone: fullPhone(phone),
      role: null,
      isOnboarded: false,
      onboardingStep: 1,
    });
    const setCookie = String(ok.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const me = await t.app.inject({
      url: '/api/me',
      headers: { cookie: sessionCookie(ok.headers['set-cookie']) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.phone).toBe(fullPhone(phone));
  });

  it('stores only a keyed hash of the code', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = lastCode(t, fullPhone(phone));
    const rows = await t.ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM one_time_codes WHERE target = $1',
      [fullPhone(phone)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the same phone logs in again as the same user with a new session', async () => {
    const phone = freshPhone();
    const first = await login(t, phone, freshIp());
    await age(phone, 31);
    const second = await login(t, phone, freshIp());
    expect(second).not.toBe(first);
    const a = await t.app.inject({ url: '/api/me', headers: { cookie: first } });
    const b = await t.app.inject({ url: '/api/me', headers: { cookie: second } });
    expect(a.json().user.id).toBe(b.json().user.id);
  });

  it('accepts the session token as a Bearer token', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    const res = await t.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${cookie.slice(4)}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses a bad phone with the spec's message", async () => {
    const res = await requestCode('12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid 10-digit phone number');
  });

  it("refuses a malformed code with the spec's message", async () => {
    const res = await verify(freshPhone(), '12ab');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter a valid 6-digit OTP');
  });

  it('answers a missing body and broken JSON with 400, not 500', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/otp' });
    expect(empty.statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBeTruthy();
    expect(broken.body).not.toMatch(/at .*\.ts/);
  });
});

describe('wrong, expired and reused codes', () => {
  it('a wrong code and an expired code get the same answer', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = lastCode(t, fullPhone(phone));
    const wrong = await verify(phone, wrongCode(code));
    expect(wrong.statusCode).toBe(400);

    await t.ctx.db.query(
      `UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE target = $1`,
      [fullPhone(phone)],
    );
    const expired = await verify(phone, code);
    expect(expired.statusCode).toBe(wrong.statusCode);
    expect(expired.json()).toEqual(wrong.json());
    expect(expired.json().error.message).toBe('Invalid OTP. Please try again.');
  });

  it('a code works once', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = lastCode(t, fullPhone(phone));
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Invalid OTP. Please try again.');
  });

  it('a new code replaces the old one', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const old = lastCode(t, fullPhone(phone));
    await age(phone, 31);
    await requestCode(phone);
    const current = lastCode(t, fullPhone(phone));
    if (current !== old) expect((await verify(phone, old)).statusCode).toBe(400);
    expect((await verify(phone, current)).statusCode).toBe(200);
  });

  it(`after ${LOGIN.maxWrongTriesPerCode} wrong tries (from any IPs) the code is dead, even the right one fails`, async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const code = lastCode(t, fullPhone(phone));
    for (let i = 0; i < LOGIN.maxWrongTriesPerCode; i++) {
      const res = await verify(phone, wrongCode(code), freshIp());
      expect(res.json().error.message).toBe('Invalid OTP. Please try again.');
    }
    const sixth = await verify(phone, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.message).toBe('Too many wrong tries. Please request a new OTP.');
    // A new code works again.
    await age(phone, 31);
    await requestCode(phone);
    expect((await verify(phone, lastCode(t, fullPhone(phone)))).statusCode).toBe(200);
  });
});

describe('limits at N and N+1', () => {
  it('resend inside the 30 s cooldown is refused with Retry-After; after it, allowed', async () => {
    const phone = freshPhone();
    expect((await requestCode(phone)).statusCode).toBe(200);
    const again = await requestCode(phone);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(25);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(30);
    await age(phone, 29);
    expect((await requestCode(phone)).statusCode).toBe(429);
    await age(phone, 2);
    expect((await requestCode(phone)).statusCode).toBe(200);
  });

  it(`${LOGIN.maxCodesPerPhonePerHour} codes per phone per hour from one network, then 429`, async () => {
    const phone = freshPhone();
    const ip = freshIp();
    for (let i = 0; i < LOGIN.maxCodesPerPhonePerHour; i++) {
      expect((await requestCode(phone, ip)).statusCode).toBe(200);
      await age(phone, 31);
    }
    const over = await requestCode(phone, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many OTP requests. Please try again later.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
  });

  it(`${LOGIN.maxCodesPerPhonePerDay} codes per phone per day from one network, then 429`, async () => {
    const phone = freshPhone();
    const ip = freshIp();
    for (let i = 0; i < LOGIN.maxCodesPerPhonePerDay; i++) {
      expect((await requestCode(phone, ip)).statusCode).toBe(200);
      await age(phone, 3601); // past the hourly window, still inside the day
    }
    const over = await requestCode(phone, ip);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it("a stranger asking for codes to someone's phone spends their own allowance, not the owner's", async () => {
    const phone = freshPhone();
    const stranger = freshIp();
    for (let i = 0; i < LOGIN.maxCodesPerPhonePerHour; i++) {
      expect((await requestCode(phone, stranger)).statusCode).toBe(200);
      await age(phone, 31);
    }
    expect((await requestCode(phone, stranger)).statusCode).toBe(429);
    const owner = freshIp();
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    expect((await verify(phone, lastCode(t, fullPhone(phone)), owner)).statusCode).toBe(200);
  });

  it(`${LOGIN.maxCodesPerPhoneAllNetworksPerDay} codes to one phone a day from every network together, then 429`, async () => {
    const phone = freshPhone();
    for (let i = 0; i < LOGIN.maxCodesPerPhoneAllNetworksPerDay; i++) {
      expect((await requestCode(phone, freshIp())).statusCode).toBe(200);
      await age(phone, 31);
    }
    const over = await requestCode(phone, freshIp());
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it(`${LOGIN.maxFailuresPerPhonePerIpPerDay} failures at codes issued to a phone from one IP in a day, then 429 for that IP on that phone`, async () => {
    const phone = freshPhone();
    const owner = freshIp();
    const attacker = freshIp();
    let failures = 0;
    while (failures < LOGIN.maxFailuresPerPhonePerIpPerDay) {
      expect((await requestCode(phone, owner)).statusCode).toBe(200);
      const code = lastCode(t, fullPhone(phone));
      // Four at a time, so no code dies: the daily bound stops the IP, not the tries per code.
      for (let i = 0; i < 4 && failures < LOGIN.maxFailuresPerPhonePerIpPerDay; i++, failures++) {
        const res = await verify(phone, wrongCode(code), attacker);
        expect(errorCode(res)).toBe('login.verifyFailed');
      }
      await age(phone, 31);
    }
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    const code = lastCode(t, fullPhone(phone));
    // Even the right code is refused to that IP, and it may not have codes sent either.
    const locked = await verify(phone, code, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many failed attempts. Please try again later.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3600);
    await age(phone, 31);
    const send = await requestCode(phone, attacker);
    expect(send.statusCode).toBe(429);
    expect(errorCode(send)).toBe('login.tooManyFailures');
    // The refusals touched nothing: the owner's code is live and works for the owner.
    expect((await verify(phone, code, owner)).statusCode).toBe(200);
    // And that IP is not barred from other phones.
    const other = freshPhone();
    await requestCode(other, freshIp());
    expect((await verify(other, lastCode(t, fullPhone(other)), attacker)).statusCode).toBe(200);
  });

  it(`${LOGIN.maxCodesPerIpPerHour} codes per IP per hour, then 429`, async () => {
    const ip = '10.200.0.1';
    for (let i = 0; i < LOGIN.maxCodesPerIpPerHour; i++)
      expect((await requestCode(freshPhone(), ip)).statusCode).toBe(200);
    const over = await requestCode(freshPhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('an IPv6 client counts as its /64: a new address in it is no new allowance', async () => {
    // One subscriber holds the whole /64: each request from another of its addresses.
    for (let i = 0; i < LOGIN.maxCodesPerIpPerHour; i++)
      expect((await requestCode(freshPhone(), `2001:db8:1234:5678::${i + 1}`)).statusCode).toBe(
        200,
      );
    const next = await requestCode(freshPhone(), '2001:db8:1234:5678:ffff:1:2:3');
    expect(next.statusCode).toBe(429);
    expect(errorCode(next)).toBe('login.tooManyCodes');
    // The next /64 is another subscriber.
    expect((await requestCode(freshPhone(), '2001:db8:1234:5679::1')).statusCode).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not change the rate-limit key', async () => {
    const ip = '10.201.0.1';
    for (let i = 0; i < LOGIN.maxCodesPerIpPerHour; i++) {
      expect(
        (await requestCode(freshPhone(), ip, { 'x-forwarded-for': `203.0.113.${i}` })).statusCode,
      ).toBe(200);
    }
    const spoofed = await requestCode(freshPhone(), ip, { 'x-forwarded-for': '198.51.100.77' });
    expect(spoofed.statusCode).toBe(429);
  });

  it(`${LOGIN.maxFailuresPerIpPerHour} failed tries per IP per hour, then 429`, async () => {
    const ip = '10.202.0.1';
    let failures = 0;
    while (failures < LOGIN.maxFailuresPerIpPerHour) {
      const phone = freshPhone();
      await requestCode(phone, freshIp());
      const code = lastCode(t, fullPhone(phone));
      for (let i = 0; i < 5 && failures < LOGIN.maxFailuresPerIpPerHour; i++, failures++) {
        expect((await verify(phone, wrongCode(code), ip)).statusCode).toBe(400);
      }
    }
    const phone = freshPhone();
    await requestCode(phone, freshIp());
    expect((await verify(phone, lastCode(t, fullPhone(phone)), ip)).statusCode).toBe(429);
  });

  it('the per-IP bound comes first: failures without any code count, and an IP over it changes nothing on the phone', async () => {
    const ip = '10.203.0.1';
    // Guesses at phones that never asked for a code still count against the IP.
    for (let i = 0; i < LOGIN.maxFailuresPerIpPerHour; i++) {
      const res = await verify(freshPhone(), '000000', ip);
      expect(errorCode(res)).toBe('login.verifyFailed');
    }
    const phone = freshPhone();
    const owner = freshIp();
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    const code = lastCode(t, fullPhone(phone));
    for (const guess of [wrongCode(code), code]) {
      const res = await verify(phone, guess, ip);
      expect(res.statusCode).toBe(429);
      expect(errorCode(res)).toBe('login.tooManyFailures');
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    }
    const [row] = await t.ctx.db.query<{ attempts: number; consumed: boolean }>(
      'SELECT attempts, consumed_at IS NOT NULL AS consumed FROM one_time_codes WHERE target = $1',
      [fullPhone(phone)],
    );
    expect(row).toEqual({ attempts: 0, consumed: false });
    expect((await verify(phone, code, owner)).statusCode).toBe(200);
  });
});

describe('strangers cannot lock the owner out', () => {
  it('wrong codes for a phone that never asked for one count against the IP only; the owner then logs in', async () => {
    const phone = freshPhone();
    const stranger = freshIp();
    const guesses = LOGIN.maxFailuresPerPhonePerIpPerDay + 5;
    for (let i = 0; i < guesses; i++) {
      const res = await verify(phone, String(i).padStart(6, '0'), stranger);
      // The same answer as a wrong guess at a real code: nothing is learned.
      expect(res.statusCode).toBe(400);
      expect(errorCode(res)).toBe('login.verifyFailed');
    }
    // Nothing was counted against the phone.
    expect(
      await t.ctx.db.query('SELECT bucket FROM rate_events WHERE key = $1', [fullPhone(phone)]),
    ).toEqual([]);
    const owner = freshIp();
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    expect((await verify(phone, lastCode(t, fullPhone(phone)), owner)).statusCode).toBe(200);
  });

  it("a stranger's wrong guesses kill the owner's code; the owner asks for a fresh one and logs in", async () => {
    const phone = freshPhone();
    const owner = freshIp();
    const stranger = freshIp();
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    const code = lastCode(t, fullPhone(phone));
    for (let i = 0; i < LOGIN.maxWrongTriesPerCode; i++) {
      expect(errorCode(await verify(phone, wrongCode(code), stranger))).toBe('login.verifyFailed');
    }
    const dead = await verify(phone, code, owner);
    expect(dead.statusCode).toBe(400);
    expect(errorCode(dead)).toBe('login.tooManyTries');
    await age(phone, 31); // past the resend cooldown
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    expect((await verify(phone, lastCode(t, fullPhone(phone)), owner)).statusCode).toBe(200);
  });

  it('strangers on many IPs, asking for codes themselves and failing more than 10 times, never stop the owner', async () => {
    const phone = freshPhone();
    const owner = freshIp();
    for (let c = 0; c < 3; c++) {
      // Codes asked for by the owner and by strangers alike.
      expect((await requestCode(phone, c % 2 ? freshIp() : owner)).statusCode).toBe(200);
      const code = lastCode(t, fullPhone(phone));
      for (let i = 0; i < LOGIN.maxWrongTriesPerCode; i++) {
        expect((await verify(phone, wrongCode(code), freshIp())).statusCode).toBe(400);
      }
      await age(phone, 31);
    }
    for (let i = 0; i < 12; i++) {
      expect((await verify(phone, String(i).padStart(6, '0'), freshIp())).statusCode).toBe(400);
    }
    expect((await requestCode(phone, owner)).statusCode).toBe(200);
    expect((await verify(phone, lastCode(t, fullPhone(phone)), owner)).statusCode).toBe(200);
  });

  it('company e-mail codes follow the same rules (the class, directly)', async () => {
    const target = `user-1|hr@acmetools.in|https://acmetools.in`;
    const owner = freshIp();
    const stranger = freshIp();
    const req = (ip: string) => ({ purpose: 'company_email' as const, target, ip });
    for (let i = 0; i < LOGIN.maxFailuresPerPhonePerIpPerDay + 2; i++) {
      await expect(
        t.ctx.codes.verify({ ...req(stranger), code: String(i).padStart(6, '0') }),
      ).rejects.toMatchObject({ status: 400, code: 'login.verifyFailed' });
    }
    const first = await t.ctx.codes.issue(req(owner));
    for (let i = 0; i < LOGIN.maxWrongTriesPerCode; i++) {
      await expect(
        t.ctx.codes.verify({ ...req(stranger), code: wrongCode(first.code) }),
      ).rejects.toMatchObject({ status: 400, code: 'login.verifyFailed' });
    }
    await expect(t.ctx.codes.verify({ ...req(owner), code: first.code })).rejects.toMatchObject({
      status: 400,
      code: 'login.tooManyTries',
    });
    await t.ctx.db.query(
      "UPDATE one_time_codes SET created_at = created_at - interval '31 seconds' WHERE target = $1",
      [target],
    );
    const fresh = await t.ctx.codes.issue(req(owner));
    await expect(t.ctx.codes.verify({ ...req(owner), code: fresh.code })).resolves.toBeUndefined();
  });
});

describe('brute force', () => {
  it('a thousand wrong codes for one phone from a thousand IPs never get in: the code dies after 5', async () => {
    const phone = freshPhone();
    await requestCode(phone);
    const right = lastCode(t, fullPhone(phone));
    const answers = new Map<string, number>();
    for (let i = 0; i < 1000; i++) {
      const guess = String(i).padStart(6, '0');
      if (guess === right) continue;
      const res = await verify(phone, guess, `10.50.${i % 200}.${Math.floor(i / 200)}`);
      const key = `${res.statusCode} ${errorCode(res)}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    }
    expect(answers.get('400 login.verifyFailed')).toBe(LOGIN.maxWrongTriesPerCode);
    expect(answers.get('400 login.tooManyTries')).toBeGreaterThan(990);
    expect(answers.size).toBe(2);
    expect((await verify(phone, right, '10.60.0.1')).statusCode).not.toBe(200);
  });

  it(`a day of guessing at one phone, from fresh IPs, gets at most ${LOGIN.maxCodesPerPhoneAllNetworksPerDay} codes × ${LOGIN.maxWrongTriesPerCode} tries`, async () => {
    const phone = freshPhone();
    let checked = 0;
    for (let c = 0; c < LOGIN.maxCodesPerPhoneAllNetworksPerDay; c++) {
      expect((await requestCode(phone, freshIp())).statusCode).toBe(200);
      const right = lastCode(t, fullPhone(phone));
      for (let i = 0; i < 3 * LOGIN.maxWrongTriesPerCode; i++) {
        const res = await verify(phone, wrongCode(String(Number(right) + i)), freshIp());
        expect(res.statusCode).toBe(400);
        if (errorCode(res) === 'login.verifyFailed') checked++;
      }
      expect(errorCode(await verify(phone, right, freshIp()))).toBe('login.tooManyTries');
      await age(phone, 3601); // past the hourly code limit, still inside the day
    }
    expect((await requestCode(phone, freshIp())).statusCode).toBe(429);
    expect(checked).toBe(LOGIN.maxCodesPerPhoneAllNetworksPerDay * LOGIN.maxWrongTriesPerCode);
    const [row] = await t.ctx.db.query<{ tries: number }>(
      'SELECT sum(attempts)::int AS tries FROM one_time_codes WHERE target = $1',
      [fullPhone(phone)],
    );
    expect(row!.tries).toBe(LOGIN.maxCodesPerPhoneAllNetworksPerDay * LOGIN.maxWrongTriesPerCode);
  });
});

describe('sessions', () => {
  it('sign out revokes the session on the server', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    // The old token no longer works even if a client kept it.
    const after = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Your session has expired. Please log in again.');
  });

  it('an expired session is refused', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    await t.ctx.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a state-changing request from a foreign origin is refused', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role: 'user' },
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('role choice', () => {
  it('sets the role; an onboarded user cannot switch it here', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role: 'recruiter' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('recruiter');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    await t.ctx.db.query('UPDATE users SET is_onboarded = true WHERE id = $1', [me.json().user.id]);
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role: 'user' },
      headers: { cookie },
    });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an unknown role', async () => {
    const cookie = await login(t, freshPhone(), freshIp());
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role: 'admin' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Failed to set user role. Please try again.');
  });
});
