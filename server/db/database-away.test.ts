import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textIn } from '#shared/i18n/texts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { cuttableProxy } from '../test/tcp-proxy.ts';
import { newUser, type TestUser } from '../test/users.ts';
import { databaseAway } from '../plugins/errors.ts';

// The database going away under a running instance (a failover, a restart) and coming back:
// requests are answered 503 with Retry-After, which clients wait on and send again (the web
// app's outbox does), not a 500 that reads as a refusal; the instance recovers without a restart.
// PostgreSQL only (PGlite lives inside the process), reached through a proxy this test can cut.

const ADMIN = process.env.DATABASE_URL;
const onPostgres = !!ADMIN && ADMIN !== 'memory';

describe('databaseAway', () => {
  it('tells a lost or refused connection from a refused statement', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET'])
      expect(databaseAway(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(databaseAway(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(databaseAway(new Error('timeout exceeded when trying to connect'))).toBe(true);
    for (const code of ['23505', '22P02', '42P01', undefined])
      expect(databaseAway(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
    expect(databaseAway(null)).toBe(false);
  });
});

describe.skipIf(!onPostgres)('the database lost and back under a running instance', () => {
  let proxy: ReturnType<typeof cuttableProxy>;
  let t: TestApp;
  let seeker: TestUser;
  beforeAll(async () => {
    const admin = new URL(ADMIN!);
    proxy = cuttableProxy(admin);
    const port = await proxy.listen();
    const proxied = new URL(ADMIN!);
    proxied.host = `127.0.0.1:${port}`;
    t = await createTestApp({ databaseUrl: proxied.toString() });
    seeker = await newUser(t, 'user');
  });
  afterAll(async () => {
    proxy.restore();
    await t.close();
    await proxy.close();
  });

  const me = () => t.app.inject({ url: '/api/me', headers: { cookie: seeker.cookie } });

  it('answers 503 with Retry-After and a message to try again, then serves again', async () => {
    expect((await me()).statusCode).toBe(200);
    proxy.cut();
    const away = await me();
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('5');
    expect(away.json()).toEqual({
      error: {
        code: 'errors.unavailable',
        key: 'errors.unavailable',
        message: textIn('en', 'errors.unavailable'),
      },
    });
    // A write is refused the same way, and nothing of it is half-saved.
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie: seeker.cookie, 'accept-language': 'hi' },
      payload: { language: 'hi' },
    });
    expect(write.statusCode).toBe(503);
    expect(write.json().error.message).toBe(textIn('hi', 'errors.unavailable'));
    proxy.restore();
    const deadline = Date.now() + 15_000;
    let back = await me();
    while (back.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      back = await me();
    }
    expect(back.statusCode).toBe(200);
    expect(back.json().user.language ?? null).toBeNull();
  });
});
