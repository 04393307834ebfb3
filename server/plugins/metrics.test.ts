import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { cityId, markOnboarded, newRecruiter, newUser } from '../test/users.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
  open = await createTestApp(); // no METRICS_TOKEN: loopback only
});
afterAll(async () => {
  await t.close();
  await open.close();
});

const scrape = (app: TestApp, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
  app.app.inject({ url: '/metrics', headers, remoteAddress });
const bearer = { authorization: `Bearer ${TOKEN}` };
const line = (body: string, prefix: string) =>
  body.split('\n').find((l) => l.startsWith(prefix)) ?? null;

describe('GET /metrics', () => {
  it('shows the route-pattern histogram, the message and code counters, sockets and queue depth', async () => {
    const blr = await cityId(t, 'Bengaluru');
    const r = await newRecruiter(t);
    const s = await newUser(t, 'user');
    await t.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, city_id) VALUES ($1, 'Metrics Seeker', $2)`,
      [s.id, blr],
    );
    await markOnboarded(t, s.id, 6);
    const [job] = await t.ctx.db.query<{ id: string }>(
      `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, status)
       VALUES ($1, 'Delivery Executive', 'Acme', 'full_time', 'entry', 'operations_admin', 'Deliver', 'open')
       RETURNING id`,
      [r.id],
    );
    const room = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      payload: { jobId: job!.id },
      headers: { cookie: s.cookie },
    });
    expect(room.statusCode).toBe(201);
    const roomId: string = room.json().room.id;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/rooms/${roomId}/messages`,
      payload: { clientId: randomUUID(), message: 'Hello, is this job still open?' },
      headers: { cookie: s.cookie },
    });
    expect(sent.statusCode).toBeLessThan(300);
    // A wrong login code: one failure.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { phone: '9345611111', code: '000000' },
      remoteAddress: '10.9.0.7',
    });

    const res = await scrape(t, bearer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(
      line(
        body,
        'http_request_duration_seconds_count{method="POST",route="/api/rooms/:id/messages",status="2xx"}',
      ),
    ).toMatch(/ 1$/);
    expect(line(body, 'chat_messages_sent_total ')).toBe('chat_messages_sent_total 1');
    // newUser/newRecruiter log in through the real flow: each sent a login code.
    expect(line(body, 'login_codes_sent_total{purpose="login"}')).toMatch(/ [1-9]\d*$/);
    expect(line(body, 'login_code_failures_total{purpose="login",reason="wrong"}')).toMatch(/ 1$/);
    expect(line(body, 'realtime_open_sockets ')).toBe('realtime_open_sockets 0');
    expect(body).toMatch(/^job_queue_depth\{queue="candidate_score_seekers"\} \d+$/m);
    expect(body).toMatch(/^job_queue_depth\{queue="candidate_score_recruiters"\} \d+$/m);
    expect(body).toMatch(/^process_cpu_user_seconds_total /m);
    // No raw ids, phones or URLs in any label.
    expect(body).not.toContain(roomId);
    expect(body).not.toContain(s.id);
    expect(body).not.toContain('9345611111');
    expect(body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
  });

  it('an unmatched path is labelled as such, not by its URL', async () => {
    await t.app.inject({ url: `/api/no-such-thing/${randomUUID()}` });
    const body = (await scrape(t, bearer)).body;
    expect(body).toContain('route="unmatched",status="4xx"');
    expect(body).not.toContain('/api/no-such-thing');
  });

  it("the web app's files are one label, not one per file (a build has hundreds)", async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'metrics-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const name of ['index-a1b2c3.js', 'chat-d4e5f6.js'])
      writeFileSync(path.join(web, 'assets', name), 'export {};');
    const app = await createTestApp({ metricsToken: TOKEN, webDist: web });
    try {
      for (const url of ['/favicon.svg', '/assets/index-a1b2c3.js', '/assets/chat-d4e5f6.js'])
        expect((await app.app.inject({ url })).statusCode).toBe(200);
      const body = (await scrape(app, bearer)).body;
      expect(
        line(body, 'http_request_duration_seconds_count{method="GET",route="static",status="2xx"}'),
      ).toMatch(/ 3$/);
      expect(body).not.toContain('favicon.svg');
      expect(body).not.toContain('index-a1b2c3');
    } finally {
      await app.close();
      rmSync(web, { recursive: true, force: true });
    }
  });

  it('with METRICS_TOKEN set, refuses a missing or wrong token, from anywhere', async () => {
    for (const [headers, address] of [
      [{}, '10.9.0.1'],
      [{}, '127.0.0.1'],
      [{ authorization: 'Bearer wrong-token' }, '10.9.0.1'],
      [{ authorization: TOKEN }, '10.9.0.1'],
    ] as const) {
      const res = await scrape(t, headers, address);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('without METRICS_TOKEN, answers only unforwarded requests from loopback', async () => {
    const refused = await scrape(open);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('process_cpu');
    // A proxy on the same host: the socket is loopback, the client is not.
    const proxied = await scrape(open, { 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1');
    expect(proxied.statusCode).toBe(404);
    const local = await scrape(open, {}, '127.0.0.1');
    expect(local.statusCode).toBe(200);
    expect(local.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('two apps in one process keep their own registries', async () => {
    await login(open, '9345622222', '10.9.0.8');
    const mine = (await scrape(open, {}, '127.0.0.1')).body;
    const theirs = (await scrape(t, bearer)).body;
    expect(line(mine, 'chat_messages_sent_total ')).toBe('chat_messages_sent_total 0');
    expect(line(theirs, 'chat_messages_sent_total ')).toBe('chat_messages_sent_total 1');
  });
});
