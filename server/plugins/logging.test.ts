import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, listenOnFreePort, type TestApp } from '../test/app.ts';
import { newUser } from '../test/users.ts';
import { connectWs } from '../test/ws.ts';
import { redactUrl, requestId } from './logging.ts';
import type { IncomingMessage } from 'node:http';

// The log as an operator's collector would receive it: every line the server writes.
const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
});

const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('logs', () => {
  it('are JSON lines; each request has an id, in its log lines and in the X-Request-Id header', async () => {
    lines.length = 0;
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const mine = entries().filter((e) => e.reqId === id);
    expect(mine.map((e) => e.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[0]).toMatchObject({ req: { method: 'GET', url: '/api/health' } });
    expect(mine[1]).toMatchObject({ res: { statusCode: 200 } });
  });

  it('keep a safe incoming X-Request-Id and replace an unsafe one', async () => {
    const kept = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    expect(entries().some((e) => e.reqId === 'lb-7f3a9c21-0001')).toBe(true);

    for (const unsafe of ['"}{"level":60', 'a b c d e f g', 'x'.repeat(500), 'q1w2e']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.some((l) => l.includes(unsafe))).toBe(false);
    }
  });

  it('never hold a resume link token, a cookie, a bearer token or a login code', async () => {
    lines.length = 0;
    const token = 'eyJzZWNyZXQiOiJyZXN1bWUtdG9rZW4tdmFsdWUifQ.c2lnbmF0dXJlLXZhbHVl';
    const cookie = 'sid=cookie-value-that-must-not-be-logged';
    const bearer = 'bearer-value-that-must-not-be-logged';
    const link = await t.app.inject({
      url: `/api/files/resume?token=${token}&x=1`,
      headers: { cookie, authorization: `Bearer ${bearer}` },
    });
    expect(link.statusCode).toBeGreaterThanOrEqual(400);
    const missing = await t.app.inject({ url: `/api/files/resume/nothing?token=${token}` });
    expect(missing.statusCode).toBe(404);

    // A login: the code travels in a request body, which is never logged.
    const phone = '9876512345';
    await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone } });
    const code = lastCode(t, `+91${phone}`);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone, code },
    });
    expect(verified.statusCode).toBe(200);
    const sid = String(verified.headers['set-cookie']).match(/sid=([^;]+)/)![1]!;

    const log = lines.join('');
    expect(log).not.toContain(token);
    expect(log).not.toContain('cookie-value-that-must-not-be-logged');
    expect(log).not.toContain(bearer);
    expect(log).not.toContain(sid);
    expect(log).toContain('/api/files/resume?token=[REDACTED]&x=1');
    // Only the development SMS driver prints the code (that is its job; production refuses it).
    const withCode = lines.filter((l) => l.includes(code));
    expect(withCode.every((l) => l.includes('[sms:console]'))).toBe(true);
    for (const e of entries().filter((x) => x.msg === 'incoming request'))
      expect(e.reqId).toEqual(expect.any(String));
  });
});

describe('redactUrl', () => {
  it('replaces credential query values and leaves the rest', () => {
    expect(redactUrl('/api/files/resume?token=abc.def')).toBe('/api/files/resume?token=[REDACTED]');
    expect(redactUrl('/x?a=1&TOKEN=abc&code=123456&q=beng')).toBe(
      '/x?a=1&TOKEN=[REDACTED]&code=[REDACTED]&q=beng',
    );
    expect(redactUrl('/x?%74oken=abc')).toBe('/x?%74oken=[REDACTED]');
    expect(redactUrl('/x?token')).toBe('/x?token=[REDACTED]');
    expect(redactUrl('/x?%E0%A4=1')).toBe('/x?%E0%A4=1');
    expect(redactUrl('/api/cities?q=pune')).toBe('/api/cities?q=pune');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('requestId', () => {
  const req = (id?: string | string[]) =>
    ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as unknown as IncomingMessage;
  it('takes a trace id that looks like one, and makes one otherwise', () => {
    expect(requestId(req('Root=1-67891233-abcdef012345678912345678'))).toBe(
      'Root=1-67891233-abcdef012345678912345678',
    );
    expect(requestId(req())).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(req(['a1b2c3d4e5', 'f6g7h8i9j0']))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(req('bad\nid-12345'))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('TRUST_PROXY_HOPS left at 0 behind a proxy', () => {
  it('the first request with X-Forwarded-For says so in the log, once; with hops set, never', async () => {
    for (const hops of [0, 1]) {
      const own: string[] = [];
      const app = await createTestApp(
        { logLevel: 'info', trustProxyHops: hops },
        { logStream: { write: (line: string) => void own.push(line) } },
      );
      try {
        await app.app.inject({ url: '/api/health' });
        for (let i = 0; i < 3; i++)
          await app.app.inject({
            url: '/api/health',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          });
        const hints = own
          .map((l) => JSON.parse(l) as { level: number; msg: string })
          .filter((e) => e.msg.includes('TRUST_PROXY_HOPS'));
        if (hops === 0) {
          expect(hints).toHaveLength(1);
          expect(hints[0]!.level).toBe(40);
          expect(hints[0]!.msg).toMatch(/per-IP limits/);
        } else expect(hints).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });
});

describe("a database error's detail", () => {
  it("is left out: PostgreSQL puts the row's values there (a phone number in a unique violation)", async () => {
    const phone = '+919812300077';
    await t.ctx.db.query('INSERT INTO users (phone_no) VALUES ($1)', [phone]);
    const err = await t.ctx.db
      .query('INSERT INTO users (phone_no) VALUES ($1)', [phone])
      .catch((e: unknown) => e as Error & { detail?: string });
    expect((err as { detail?: string }).detail).toContain(phone.slice(3));
    lines.length = 0;
    // As the error handler logs a 500, and as the workers log what failed.
    t.app.log.error({ err }, 'request failed');
    t.app.log.error({ err: new Error('wrapped', { cause: err }) }, 'job failed');
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).not.toContain(phone.slice(3));
    expect(entries()[0]).toMatchObject({ err: { message: expect.stringMatching(/unique/) } });
  });
});

describe('a client that breaks the WebSocket protocol', () => {
  it('is closed (1009 for an oversized frame) and logged as its doing, not as a server error', async () => {
    const base = await listenOnFreePort(t);
    const u = await newUser(t, 'user');
    const ws = await connectWs(base, u.cookie);
    lines.length = 0;
    ws.socket.send('x'.repeat(20_000));
    expect(await ws.closed).toBe(1009);
    const said = await (async () => {
      for (let i = 0; i < 50; i++) {
        const found = entries().find((e) => String(e.msg).startsWith('websocket:'));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    })();
    expect(said).toMatchObject({ level: 30, code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
    expect(entries().filter((e) => Number(e.level) >= 50)).toEqual([]);
  });
});
