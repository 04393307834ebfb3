import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#shared/limits.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Overload forced: any heap in use is "too much", sampled every 10 ms.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { overload: { maxHeapUsedBytes: 1, sampleIntervalMs: 10 } });
  await t.app.ready();
  await new Promise((resolve) => setTimeout(resolve, 100));
});
afterAll(async () => {
  await t.close();
});

describe('load shedding', () => {
  it('answers 503 with Retry-After and the usual error body instead of queueing', async () => {
    const res = await t.app.inject({ url: '/api/cities?q=pune' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(OPERATIONS.retryAfterSeconds));
    expect(res.json()).toEqual({
      error: {
        code: 'errors.unavailable',
        key: 'errors.unavailable',
        message: expect.stringMatching(/busy/),
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp',
      payload: { phone: '9876500001' },
    });
    expect(login.statusCode).toBe(503);
  });

  it('still answers health and readiness probes', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('is on by default only in production', async () => {
    for (const isProduction of [false, true]) {
      const other = await createTestApp(
        { isProduction, env: isProduction ? 'production' : 'development' },
        { overload: undefined },
      );
      try {
        expect(other.app.hasDecorator('isUnderPressure')).toBe(isProduction);
      } finally {
        await other.close();
      }
    }
  });
});
