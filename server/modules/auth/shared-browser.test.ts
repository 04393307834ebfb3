import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '#shared/limits.ts';
import { browserSubscription } from '../../test/push-service.ts';
import { lastCode, listeningTestApp, sessionCookie, type TestApp } from '../../test/app.ts';
import { freshPhone, newUser, type TestUser } from '../../test/users.ts';
import { connectWs } from '../../test/ws.ts';

// One phone, several people (decision 028, session 23): a browser has one session cookie for all
// its tabs. When someone else signs in in one tab, the tabs still showing the previous person must
// not act as the new one, and the previous person's session (and its push subscription, this
// browser's) ends rather than living on, unreachable, behind the new cookie.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});

const asTab = (cookie: string, tabUser: string | null) => ({
  cookie,
  ...(tabUser ? { [SESSION.userHeader]: tabUser } : {}),
});

/** Signs a phone in through HTTP in a browser that may still hold someone's cookie. */
async function signInOver(cookie: string | null, phone: string, ip: string): Promise<string> {
  const headers = cookie ? { cookie } : {};
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp',
    payload: { phone },
    headers,
    remoteAddress: ip,
  });
  expect(sent.statusCode).toBe(200);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { phone, code: lastCode(t, `+91${phone}`) },
    headers,
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res.headers['set-cookie']);
}

async function subscribe(u: Pick<TestUser, 'cookie'>, name: string): Promise<string> {
  const sub = browserSubscription(`http://127.0.0.1:9/push/${name}-${freshPhone()}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: u.cookie },
    payload: { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
  });
  expect(res.statusCode).toBe(204);
  return sub.endpoint;
}

const subscriptionOwners = async (endpoint: string) =>
  (
    await t.ctx.db.query<{ user_id: string }>(
      'SELECT user_id FROM push_subscriptions WHERE endpoint = $1',
      [endpoint],
    )
  ).map((r) => r.user_id);

describe('a tab says whom it shows', () => {
  it("a tab of the previous person is refused on the new person's cookie, on every route", async () => {
    const a = await newUser(t, 'user');
    const b = await newUser(t, 'user');
    // B's cookie, a tab still showing A.
    const me = await t.app.inject({ url: '/api/me', headers: asTab(b.cookie, a.id) });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.code).toBe('session.switched');
    expect(me.json().error.message).toBe(
      'You were signed out: another account has logged in on this browser.',
    );
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: asTab(b.cookie, a.id),
      payload: { language: 'hi' },
    });
    expect(write.statusCode).toBe(401);
    // Its Sign out does not end B's session (a public route, refused all the same).
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: asTab(b.cookie, a.id),
    });
    expect(logout.statusCode).toBe(401);
    const still = await t.app.inject({ url: '/api/me', headers: asTab(b.cookie, b.id) });
    expect(still.statusCode).toBe(200);
    expect(still.json().user).toMatchObject({ id: b.id, language: null });
    // A tab that names nobody (signed out, or not yet known) is served as before.
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie } })).statusCode).toBe(
      200,
    );
  });

  it("the socket's handshake is refused for a tab of the previous person", async () => {
    const a = await newUser(t, 'user');
    const b = await newUser(t, 'user');
    await expect(connectWs(base, b.cookie, undefined, {}, `?as=${a.id}`)).rejects.toThrow(
      'handshake refused: 401',
    );
    const own = await connectWs(base, b.cookie, undefined, {}, `?as=${b.id}`);
    await own.next((e) => e.type === 'hello');
    own.close();
  });
});

describe('signing in over another live session in the same browser', () => {
  it("ends the previous person's session: their socket closes and this browser gets no more of their pushes", async () => {
    const phoneA = freshPhone();
    const a = { cookie: await signInOver(null, phoneA, '10.91.0.1') };
    const endpoint = await subscribe(a, 'shared-phone');
    const socket = await connectWs(base, a.cookie);
    await socket.next((e) => e.type === 'hello');

    // B signs in on the same browser (a login screen left open in another tab).
    const b = { cookie: await signInOver(a.cookie, freshPhone(), '10.91.0.2') };
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: a.cookie } })).statusCode).toBe(
      401,
    );
    expect(await subscriptionOwners(endpoint)).toEqual([]);
    expect(await socket.closed).toBe(4401);
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: b.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('the same person signing in again keeps their session and subscription as they were', async () => {
    const phone = freshPhone();
    const first = { cookie: await signInOver(null, phone, '10.92.0.1') };
    const endpoint = await subscribe(first, 'same-person');
    await t.ctx.db.query(
      `UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1`,
      [`+91${phone}`],
    );
    await signInOver(first.cookie, phone, '10.92.0.1');
    expect(
      (await t.app.inject({ url: '/api/me', headers: { cookie: first.cookie } })).statusCode,
    ).toBe(200);
    expect(await subscriptionOwners(endpoint)).toHaveLength(1);
  });
});
