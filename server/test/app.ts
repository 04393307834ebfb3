import type { AddressInfo } from 'node:net';
import { buildApp, type BuildOptions, type BuiltApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createPostgresDatabase, openPgliteCopy } from './template-db.ts';

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
}

/**
 * A whole server for one test file, on its own database: a throwaway PGlite, or — when
 * DATABASE_URL is set (CI runs the suite that way too) — a fresh PostgreSQL database created for
 * this file and dropped after, so files never share state. Either starts as a copy of the run's
 * migrated template (server/test/template-db.ts).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'db'> = {},
): Promise<TestApp> {
  const base = testConfig(overrides);
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseUrl = base.databaseUrl;
  let db: Db | undefined;
  if (databaseUrl && databaseUrl !== 'memory') {
    const created = await createPostgresDatabase(databaseUrl);
    databaseUrl = created.url;
    dropDatabase = created.drop;
  } else if (databaseUrl === 'memory') {
    const copy = await openPgliteCopy();
    db = copy?.db;
    dropDatabase = copy?.remove ?? null;
  }
  // No load shedding unless a test asks for it: a production configuration would turn it on, and
  // the embedded database's work inside the event loop would read as lag.
  // The notification worker runs only when a test drains it, unless the test asks for it to run
  // on its own: its work (and statement count) stays out of tests that are not about it.
  const built = await buildApp(
    { ...base, databaseUrl },
    { overload: false, notifications: { poll: false }, ...options, db },
  ).catch(async (err: unknown) => {
    await dropDatabase?.();
    throw err;
  });
  return {
    ...built,
    async close() {
      await built.app.close();
      await dropDatabase?.();
    },
  };
}

/**
 * Starts `t` on a free port of the loopback address and returns its base URL: for tests that need
 * a real socket (websockets, fetch, two clients at once) rather than `inject`.
 */
export async function listenOnFreePort(t: BuiltApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** `createTestApp` listening on a free port (`listenOnFreePort`), with its base URL. */
export async function listeningTestApp(
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, 'db'> = {},
): Promise<{ t: TestApp; base: string }> {
  const t = await createTestApp(overrides, options);
  return { t, base: await listenOnFreePort(t) };
}

/** The session cookie from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const sid = all.find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie in response');
  return sid.split(';')[0]!;
}

/** Reads the newest login code sent to a phone from the dev outbox. */
export function lastCode(app: BuiltApp, phone: string): string {
  const entry = app.ctx.outbox.list(phone)[0];
  const code = entry?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in outbox for ${phone}`);
  return code;
}

/** Logs a phone in through the real HTTP flow and returns its Cookie header value. */
export async function login(t: BuiltApp, phone: string, ip = '10.0.0.1'): Promise<string> {
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/auth/otp',
    payload: { phone },
    remoteAddress: ip,
  });
  if (sent.statusCode !== 200) throw new Error(`otp: ${sent.statusCode} ${sent.body}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { phone, code: lastCode(t, `+91${phone.replace(/\D/g, '').slice(-10)}`) },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
  return sessionCookie(res.headers['set-cookie']);
}

/**
 * Another server instance on the same PostgreSQL database as `t` (what two processes behind a
 * load balancer share). Closing it leaves the database to `t`. PGlite is one process's memory:
 * there is no second instance to build.
 */
export async function secondApp(t: BuiltApp): Promise<BuiltApp> {
  const url = t.ctx.config.databaseUrl;
  if (!url || url === 'memory') throw new Error('a second instance needs DATABASE_URL');
  return buildApp({ ...t.ctx.config, databaseUrl: url });
}
