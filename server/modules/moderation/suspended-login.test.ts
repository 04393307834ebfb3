import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../test/app.ts';
import { newRecruiter } from '../../test/users.ts';
import { adminCommand } from '../../cli/admin.ts';

// A suspended account gets no new session, and its old ones stop working; a restore undoes both.

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

describe('suspension and login', () => {
  it('refuses a suspended account a new session, and lets it in again once restored', async () => {
    const phone = `96${String(Date.now()).slice(-8)}`;
    await adminCommand(t.ctx.db, ['add', phone]);
    const admin = await login(t, phone, '10.98.0.1');
    const r = await newRecruiter(t);
    const suspend = await act(admin, { action: 'suspend', userId: r.id, reason: 'Asked for fees' });
    expect(suspend.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: r.cookie } })).statusCode).toBe(
      401,
    );
    await age(r.phone);
    await expect(login(t, r.phone, '10.98.0.2')).rejects.toThrow(/verify: 403 .*suspended/);

    expect(
      (await act(admin, { action: 'restore', userId: r.id, reason: 'Appeal' })).statusCode,
    ).toBe(200);
    await age(r.phone);
    const cookie = await login(t, r.phone, '10.98.0.3');
    expect((await t.app.inject({ url: '/api/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('the command line makes and removes moderators; nobody can choose the role', async () => {
    const phone = `95${String(Date.now()).slice(-8)}`;
    expect(await adminCommand(t.ctx.db, ['add', phone])).toMatch(/is a moderator/);
    expect(await adminCommand(t.ctx.db, ['list'])).toContain(`+91${phone}`);
    expect(await adminCommand(t.ctx.db, ['remove', phone])).toMatch(/no longer a moderator/);
    await expect(adminCommand(t.ctx.db, ['add', '123'])).rejects.toThrow(/usage/);
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
