import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningTestApp, login, type TestApp } from '../../test/app.ts';
import { freshPhone } from '../../test/users.ts';
import { connectWs } from '../../test/ws.ts';

// Settings, "Signed-in devices": a person sees where they are signed in and can sign out of every
// other device at once (a lost phone, a SIM swap, a shared computer), sockets included.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});

/** Another sign-in of the same phone (its resend cooldown passed), as from another device. */
async function signInAgain(phone: string, ip: string): Promise<string> {
  await t.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
    [`+91${phone}`],
  );
  return login(t, phone, ip);
}
const call = (cookie: string | null, method: string, url: string) =>
  t.app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {} });

describe('signed-in devices', () => {
  it('lists my live sessions, the current one marked, with no token in them', async () => {
    const phone = freshPhone();
    const laptop = await login(t, phone, '10.61.0.1');
    const phoneCookie = await signInAgain(phone, '10.61.0.2');
    const res = await call(laptop, 'GET', '/api/me/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json() as {
      sessions: { id: string; current: boolean; createdAt: string }[];
    };
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const token = (c: string) => c.split('=')[1]!;
    expect(res.body).not.toContain(token(laptop));
    expect(res.body).not.toContain(token(phoneCookie));
    expect((await call(null, 'GET', '/api/me/sessions')).statusCode).toBe(401);
  });

  it('signs out every other device, and closes their sockets, keeping this one and other people', async () => {
    const phone = freshPhone();
    const kept = await login(t, phone, '10.62.0.1');
    const lost = await signInAgain(phone, '10.62.0.2');
    const other = await login(t, freshPhone(), '10.62.0.3');
    const socket = await connectWs(base, lost);
    await socket.next((e) => e.type === 'hello');

    const res = await call(kept, 'POST', '/api/auth/logout-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await socket.closed).toBe(4401);
    expect((await call(lost, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(kept, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await call(other, 'GET', '/api/me')).statusCode).toBe(200);
    const { sessions } = (await call(kept, 'GET', '/api/me/sessions')).json() as {
      sessions: { current: boolean }[];
    };
    expect(sessions).toEqual([expect.objectContaining({ current: true })]);
    // Nothing left to end; and not from a foreign page.
    expect((await call(kept, 'POST', '/api/auth/logout-others')).json()).toEqual({ ended: 0 });
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-others',
      headers: { cookie: kept, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
