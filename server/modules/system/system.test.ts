import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, lastCode, login, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const requestCode = (phone: string, ip = '10.4.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { phone }, remoteAddress: ip });

/** Moves a phone's codes back in time, as if `seconds` had passed (past the resend cooldown). */
async function age(fullPhone: string, seconds: number) {
  await t.ctx.db.query(
    `UPDATE one_time_codes SET created_at = created_at - make_interval(secs => $2) WHERE target = $1`,
    [fullPhone, seconds],
  );
}

describe('GET /api/health', () => {
  it('answers ok with the database engine in use', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const expected = process.env.DATABASE_URL ? 'postgres' : 'pglite';
    expect(res.json()).toEqual({ status: 'ok', database: expected });
  });
});

describe('GET /api/ready', () => {
  const redis = process.env.REDIS_URL ? 'ok' : 'not configured';

  it('answers ready when the database (and Redis, when configured) answer', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'ok', redis });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the database when it does not answer', async () => {
    const spy = vi.spyOn(t.ctx.db, 'query').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', database: 'failed', redis });
      expect(res.body).not.toContain('connection refused');
    } finally {
      spy.mockRestore();
    }
  });

  it('stays in the balancer without Redis, naming it: 200 degraded (an instance serves alone)', async () => {
    const spy = vi.spyOn(t.ctx.bus, 'ping').mockRejectedValueOnce(new Error('ECONNREFUSED'));
    try {
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'failed' });
    } finally {
      spy.mockRestore();
    }
  });

  it('gives up on a part that hangs instead of hanging with it', async () => {
    const spy = vi.spyOn(t.ctx.bus, 'ping').mockReturnValueOnce(new Promise(() => {}));
    try {
      const started = Date.now();
      const res = await t.app.inject({ url: '/api/ready' });
      expect(res.json()).toMatchObject({ status: 'degraded', redis: 'failed' });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document that lists the login routes', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'NearHire API', version: expect.any(String) });
    expect(doc.paths['/api/auth/otp']).toHaveProperty('post');
    expect(doc.paths['/api/auth/verify']).toHaveProperty('post');
    // The request body schema came through the zod transform, not as an empty object.
    const otpBody = doc.paths['/api/auth/otp'].post.requestBody.content['application/json'].schema;
    expect(otpBody.properties).toHaveProperty('phone');
    // Routes marked hidden stay out of the document.
    expect(doc.paths).not.toHaveProperty('/api/openapi.json');
  });
});

describe('the OpenAPI document is generated from the routes', () => {
  it('documents every /api route and method but the few hidden on purpose', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const undocumented = t.routes
      .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .filter((route) => {
        const [method, url] = route.split(' ') as [string, string];
        const path = url.replace(/:([A-Za-z_]+)/g, '{$1}');
        return !doc.paths[path]?.[method.toLowerCase()];
      });
    // Hidden: the document itself and the WebSocket upgrade (not a REST call).
    expect(undocumented.sort()).toEqual(['GET /api/openapi.json', 'GET /api/ws']);
  });
});

describe('GET /api/dev/outbox', () => {
  it('normalises `to` and lists that phone’s messages newest first', async () => {
    const phone = '+919876543210';
    expect((await requestCode('9876543210')).statusCode).toBe(200);
    const first = lastCode(t, phone);
    await age(phone, 31);
    expect((await requestCode('9876543210')).statusCode).toBe(200);
    // Someone else's code must not show up under this number.
    expect((await requestCode('9811122233')).statusCode).toBe(200);

    const res = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent('98765 43210')}`,
    });
    expect(res.statusCode).toBe(200);
    // Login codes: never kept by a cache on the way.
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json();
    expect(messages).toHaveLength(2);
    for (const m of messages) expect(m).toMatchObject({ channel: 'sms', to: phone });
    expect(Date.parse(messages[0].at)).toBeGreaterThanOrEqual(Date.parse(messages[1].at));
    expect(messages[1].text).toContain(first);

    // The newest message carries the code that is live now: it logs in.
    const newest = messages[0].text.match(/\b(\d{6})\b/)[1];
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone, code: newest },
      remoteAddress: '10.4.0.1',
    });
    expect(verified.statusCode).toBe(200);

    const withPlus = await t.app.inject({
      url: `/api/dev/outbox?to=${encodeURIComponent('+91 98765-43210')}`,
    });
    expect(withPlus.json().messages).toHaveLength(2);
  });

  it('is not served with a production configuration', async () => {
    const prod = await createTestApp({ isProduction: true, env: 'production' });
    try {
      expect(prod.routes.some((r) => r.url === '/api/dev/outbox')).toBe(false);
      // Nor the API's map.
      expect((await prod.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(404);
      const cookie = await login(prod, '9876500099', '10.4.0.9');
      const res = await prod.app.inject({ url: '/api/dev/outbox', headers: { cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('errors.notFound');
      const anonymous = await prod.app.inject({ url: '/api/dev/outbox' });
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.body).not.toContain('messages');
    } finally {
      await prod.close();
    }
  });
});

describe('GET /api/cities', () => {
  const cities = async (query: string) => {
    const res = await t.app.inject({ url: `/api/cities?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json().cities as { id: number; name: string; state: string }[];
  };

  it('q=beng returns Bengaluru first', async () => {
    const rows = await cities('q=beng');
    expect(rows[0]).toMatchObject({ name: 'Bengaluru', state: 'Karnataka' });
  });

  it('puts prefix matches before substring matches', async () => {
    const rows = await cities('q=pur&limit=20');
    expect(rows.length).toBeGreaterThan(1);
    const prefix = rows.map((r) => r.name.toLowerCase().startsWith('pur'));
    // Once a non-prefix match appears, no prefix match follows it.
    expect(prefix.slice(prefix.indexOf(false)).every((p) => !p)).toBe(true);
    for (const r of rows) expect(r.name.toLowerCase()).toContain('pur');
  });

  it('treats % and _ in q literally', async () => {
    // Unescaped, 'b%u' would match Bengaluru and 'p_ne' would match Pune.
    expect(await cities(`q=${encodeURIComponent('b%u')}`)).toEqual([]);
    expect(await cities(`q=${encodeURIComponent('p_ne')}`)).toEqual([]);
    expect(await cities(`q=${encodeURIComponent('%')}`)).toEqual([]);
    expect((await cities('q=pune')).map((r) => r.name)).toContain('Pune');
  });

  it('honours limit up to 20 and refuses more', async () => {
    expect(await cities('limit=20')).toHaveLength(20);
    expect(await cities('q=a&limit=3')).toHaveLength(3);
    const over = await t.app.inject({ url: '/api/cities?limit=21' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('errors.badRequest');
  });
});
