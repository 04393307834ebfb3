import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { isPolicyName } from '../policies/policies.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// The only /api routes anyone may call without a session. Adding a route to this list is a
// decision to make on purpose: a route made public by accident fails the test below.
const PUBLIC_API_ROUTES = [
  'GET /api/health',
  // Readiness for load balancers: says only whether the database and Redis answer.
  'GET /api/ready',
  'GET /api/openapi.json',
  'GET /api/dev/outbox',
  'POST /api/auth/otp',
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'GET /api/cities',
  // The signed, expiring token in the query is the credential (decisions.md "Files").
  'GET /api/files/resume',
  // The public job pages, companies and salary guide (issue 17, decision 027): what a job
  // advertisement shows, never a person's data.
  'GET /api/public/jobs',
  'GET /api/public/jobs/:id',
  'GET /api/public/filters',
  'GET /api/public/companies',
  'GET /api/public/salary-guide',
].sort();

// The spec's wording differs by screen (section 5 and 8); every one is a 'log in' message.
const LOGIN_MESSAGES = [
  'You must be logged in to continue',
  'You must be logged in',
  'User not authenticated',
  'You must be logged in to post a job',
];

const PLAUSIBLE_UUID = '3f2b8c1e-9a4d-4c6b-8e2f-1a7d5b9c0e34';
const apiRoutes = () => t.routes.filter((r) => r.url.startsWith('/api/'));
const concreteUrl = (url: string) => url.replace(/:[^/]+/g, PLAUSIBLE_UUID);

function requestFor(method: string, url: string): InjectOptions {
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  return {
    method: method as InjectOptions['method'],
    url: concreteUrl(url),
    remoteAddress: '10.7.0.1',
    ...(withBody ? { payload: {} } : {}),
  };
}

describe('every /api route is private unless it says otherwise', () => {
  it('finds the routes to check', () => {
    const privateRoutes = apiRoutes().filter((r) => !r.public);
    // Guards the walk itself: an empty list would make the next test pass vacuously.
    expect(privateRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/me', 'PUT /api/me/role']),
    );
  });

  it('each non-public /api route answers 401 JSON without a session', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes().filter((r) => !r.public)) {
      const res = await t.app.inject(requestFor(route.method, route.url));
      const label = `${route.method} ${route.url}`;
      if (res.statusCode !== 401) {
        failures.push(`${label}: ${res.statusCode}`);
        continue;
      }
      expect(res.headers['content-type'], label).toMatch(/^application\/json/);
      if (route.method === 'HEAD') continue; // HEAD answers carry no body
      const body = res.json();
      expect(body, label).toEqual({
        error: { code: expect.any(String), key: expect.any(String), message: expect.any(String) },
      });
      expect(LOGIN_MESSAGES, label).toContain(body.error.message);
    }
    expect(failures).toEqual([]);
  });

  it('the public /api routes are exactly the allow-list', () => {
    const publicRoutes = apiRoutes().filter((r) => r.public);
    // Fastify adds a HEAD for every GET; it must be exactly as public as its GET.
    for (const head of publicRoutes.filter((r) => r.method === 'HEAD')) {
      expect(
        publicRoutes.some((r) => r.method === 'GET' && r.url === head.url),
        head.url,
      ).toBe(true);
    }
    const listed = publicRoutes
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(listed).toEqual(PUBLIC_API_ROUTES);
  });

  it('the public routes really are reachable without a session', async () => {
    for (const entry of PUBLIC_API_ROUTES) {
      const [method, url] = entry.split(' ') as [string, string];
      const res = await t.app.inject(requestFor(method, url));
      expect(res.statusCode, entry).not.toBe(401);
      expect(res.statusCode, entry).toBeLessThan(500);
    }
  });
});

describe('every /api route names its policy', () => {
  it('each /api route names a policy of server/policies/policies.ts', () => {
    const unnamed = apiRoutes()
      .filter((r) => !isPolicyName(r.policy))
      .map((r) => `${r.method} ${r.url}: ${String(r.policy)}`);
    expect(apiRoutes().length).toBeGreaterThan(30);
    expect(unnamed).toEqual([]);
  });

  it("a route's gate runs before its handler: a seeker is refused recruiter routes", async () => {
    const cookie = await login(t, '9345600003', '10.7.0.3');
    await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role: 'user' },
      headers: { cookie },
    });
    const gated = apiRoutes().filter(
      (r) => (r.policy === 'recruiter' || r.policy === 'onboardedRecruiter') && r.method !== 'HEAD',
    );
    expect(gated.length).toBeGreaterThan(5);
    for (const route of gated) {
      const res = await t.app.inject({
        ...requestFor(route.method, route.url),
        headers: { cookie },
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});

describe('sessions and unknown paths', () => {
  it('an unknown /api path answers 404 JSON', async () => {
    const cookie = await login(t, '9345600001', '10.7.0.2');
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/no-such-thing',
        headers: { cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        error: { code: 'errors.notFound', key: 'errors.notFound', message: 'Not found' },
      });
    }
  });

  it('an unknown /api path answers 404 without a session too', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/no-such-thing',
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
  });

  it('a percent-encoded path to a private route still needs a session', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/%61pi/me/role',
      payload: { role: 'user' },
    });
    expect(res.statusCode).toBe(401);
    const get = await t.app.inject({ url: '/%61pi/me' });
    expect(get.statusCode).toBe(401);
  });

  it('a garbage session cookie answers 401 with the session-expired message', async () => {
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: 'sid=not-a-real-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'session.expired',
        key: 'session.expired',
        message: 'Your session has expired. Please log in again.',
      },
    });
  });

  it('a garbage Bearer token answers 401 with the session-expired message', async () => {
    const res = await t.app.inject({
      url: '/api/me',
      headers: { authorization: 'Bearer not-a-real-token' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Your session has expired. Please log in again.');
  });

  it('a garbage cookie does not block a public route', async () => {
    const res = await t.app.inject({
      url: '/api/health',
      headers: { cookie: 'sid=not-a-real-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});
