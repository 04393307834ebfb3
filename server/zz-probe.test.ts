import { it } from 'vitest';
import { createTestApp } from './test/app.ts';
it('probe', async () => {
  const t = await createTestApp();
  for (const [method, url, payload] of [
    ['PUT', '/%61pi/me/role', {}],
    ['PUT', '/%61pi/me/role', { role: 'user' }],
    ['POST', '/api/nope', {}],
    ['HEAD', '/api/me', undefined],
  ] as const) {
    const r = await t.app.inject({ method, url, payload });
    console.log(method, url, r.statusCode, r.headers['content-type'], r.body.slice(0, 200));
  }
  const p = await createTestApp({ isProduction: true, env: 'production' });
  const r = await p.app.inject({ url: '/api/dev/outbox' });
  console.log('prod outbox', r.statusCode, r.body);
  await p.close();
  await t.close();
});
