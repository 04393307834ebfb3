import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, login, type TestApp } from '../../test/app.ts';
import { freshPhone, newRecruiter } from '../../test/users.ts';
import { adminCommand } from '../../cli/admin.ts';

// A suspended account gets no new session, and its old ones stop working; a restore undoes both.
// It is sent no login code either, with the answer any phone gets (decision 028, session 23).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Past the 30 s resend cooldown of the phone's last code. */
const age = (phone: string) =>
  t.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
    [`+91${phone}`],
  );

async function act(admin: string, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/actions',
    headers: { cookie: admin },
    payload: body,
  });
}

const otp = (phone: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, remoteAddress: ip });
const verify = (phone: string, code: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { phone, code },
    remoteAddress: ip,
  });

describe('suspension and login', () => {
  it('refuses a suspended account a new session, and lets it in again once restored', async () => {
    const phone = `96${String(Date.now()).slice(-8)}`;
    await adminCommand(t.ctx.db, ['add', phone]);
    const admin = await login(t, phone, '10.98.0.1');
    const r = await newRecruiter(t);
    // A code that reached the phone just before the suspension.
    await age(r.phone);
    expect((await otp(r.phone, '10.98.0.2')).statusCode).toBe(200);
    const code = lastCode(t, `+91${r.phone}`);
    const suspend = await act(admin, { action: 'suspend', userId: r.id, reason: 'Asked for fees' });
    expect(suspend.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: r.cookie } })).statusCode).toBe(
      401,
    );
    // The code is right, but the code step makes no session: it tells the phone's owner why.
    const refused = await verify(r.phone, code, '10.98.0.2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('moderation.suspended');

    expect(
      (await act(admin, { action: 'restore', userId: r.id, reason: 'Appeal' })).statusCode,
    ).toBe(200);
    await age(r.phone);
    const cookie = await login(t, r.phone, '10.98.0.3');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('sends a suspended account no code, and answers its phone as any other', async () => {
    const phone = `94${String(Date.now()).slice(-8)}`;
    await adminCommand(t.ctx.db, ['add', phone]);
    const admin = await login(t, phone, '10.98.1.1');
    const r = await newRecruiter(t);
    expect((await act(admin, { action: 'suspend', userId: r.id, reason: 'Scam' })).statusCode).toBe(
      200,
    );
    await age(r.phone);
    const smsBefore = t.ctx.outbox.list(`+91${r.phone}`).length;
    const stranger = freshPhone('92');
    const asked = await otp(r.phone, '10.98.1.2');
    const other = await otp(stranger, '10.98.1.3');
    expect(asked.statusCode).toBe(200);
    expect(other.statusCode).toBe(200);
    // The same answer as for a number with no account: nothing says this one is suspended...
    expect(asked.json()).toEqual({ ...other.json(), phone: `+91${r.phone}` });
    // ...but no SMS went out for it.
    expect(t.ctx.outbox.list(`+91${r.phone}`)).toHaveLength(smsBefore);
    expect(t.ctx.outbox.list(`+91${stranger}`)).toHaveLength(1);
    // Asked again at once, both get the resend wait: the cooldown counts for the unsent code too.
    const again = await otp(r.phone, '10.98.1.2');
    const otherAgain = await otp(stranger, '10.98.1.3');
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe(otherAgain.json().error.code);
    expect(t.ctx.outbox.list(`+91${r.phone}`)).toHaveLength(smsBefore);

    // Restored, the next code is sent.
    expect((await act(admin, { action: 'restore', userId: r.id, reason: 'Ok' })).statusCode).toBe(
      200,
    );
    await age(r.phone);
    expect((await otp(r.phone, '10.98.1.2')).statusCode).toBe(200);
    expect(t.ctx.outbox.list(`+91${r.phone}`)).toHaveLength(smsBefore + 1);
  });

  it('the command line makes and removes moderators; nobody can choose the role', async () => {
    const phone = `95${String(Date.now()).slice(-8)}`;
    expect(await adminCommand(t.ctx.db, ['add', phone])).toMatch(/is a moderator/);
    expect(await adminCommand(t.ctx.db, ['list'])).toContain(`+91${phone}`);
    expect(await adminCommand(t.ctx.db, ['remove', phone])).toMatch(/no longer a moderator/);
    await expect(adminCommand(t.ctx.db, ['add', '123'])).rejects.toThrow(
      /"123" is not an Indian mobile number/,
    );
    const r = await newRecruiter(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      headers: { cookie: r.cookie },
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
  });
});
