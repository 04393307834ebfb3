import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listeningTestApp, type TestApp } from '../test/app.ts';
import { chatPair, fetchAs } from '../test/chat.ts';
import { connectWs } from '../test/ws.ts';
import { cuttableProxy } from '../test/tcp-proxy.ts';

// Redis going away and coming back under a running instance: readiness says so and recovers
// without a restart, and the logs get one line each way, as JSON, instead of ioredis's stack
// traces on stderr at every reconnect attempt. Redis is reached through a proxy this test can
// cut (the machine's Redis serves other tests meanwhile).

const proxy = cuttableProxy(new URL(process.env.REDIS_URL!));
const lines: string[] = [];
let t: TestApp;
let base: string;
beforeAll(async () => {
  const port = await proxy.listen();
  ({ t, base } = await listeningTestApp(
    { redisUrl: `redis://127.0.0.1:${port}`, logLevel: 'info' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  ));
});
afterAll(async () => {
  await t.close();
  await proxy.close();
});

const ready = async () => {
  const res = await t.app.inject({ url: '/api/ready' });
  const body = res.json() as { status: string; redis: string };
  return { code: res.statusCode, status: body.status, redis: body.redis };
};
const logged = (text: string) => lines.filter((l) => l.includes(text));

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Redis lost and back under a running instance', () => {
  it('people go on reading and writing meanwhile; this instance still delivers to its sockets', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha');
    const seekerSocket = await connectWs(base, s.cookie);
    try {
      await until(ready, (x) => x.redis === 'ok');
      proxy.cut();
      await until(ready, (x) => x.redis === 'failed');
      // Each answered at once (no waiting on Redis's retries), not a 500 for a message that
      // was stored all the same (which invited the sender to send it again).
      for (const path of ['/api/rooms', `/api/rooms/${room}`, '/api/jobs/feed']) {
        const started = Date.now();
        const res = await fetchAs(base, s, 'GET', path);
        expect(res.status, path).toBe(200);
        expect(Date.now() - started, path).toBeLessThan(1000);
      }
      const started = Date.now();
      const sent = await fetchAs(base, r, 'POST', `/api/rooms/${room}/messages`, {
        clientId: randomUUID(),
        message: 'Can you come in on Monday?',
      });
      expect(sent.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      // The seeker's socket is on this instance: it hears the message without Redis.
      await seekerSocket.next(
        (e) => e.type === 'message.created' && e.message.message === 'Can you come in on Monday?',
      );
    } finally {
      seekerSocket.close();
      proxy.restore();
      await until(ready, (x) => x.redis === 'ok');
    }
  });

  it('readiness says degraded and back to ready, still 200; one JSON line each way, nothing on stderr', async () => {
    const stderr = vi.spyOn(console, 'error');
    lines.length = 0;
    try {
      const up = { code: 200, status: 'ready', redis: 'ok' };
      expect(await until(ready, (r) => r.redis === 'ok')).toEqual(up);
      proxy.cut();
      expect(await until(ready, (r) => r.redis === 'failed')).toEqual({
        code: 200,
        status: 'degraded',
        redis: 'failed',
      });
      // Several reconnect attempts fail meanwhile (ioredis waits a little longer before each).
      expect(
        await until(
          async () => proxy.refused,
          (n) => n >= 6,
        ),
      ).toBeGreaterThanOrEqual(6);
      const lost = logged('redis: connection lost');
      expect(lost.length).toBeGreaterThanOrEqual(1);
      // One per connection (publish and subscribe), not one per attempt.
      expect(lost.length).toBeLessThanOrEqual(2);
      for (const line of lost) expect(JSON.parse(line)).toMatchObject({ level: 40 });
      proxy.restore();
      expect(await until(ready, (r) => r.redis === 'ok')).toEqual(up);
      await until(
        async () => logged('redis: connection back').length,
        (n) => n === lost.length,
      );
      expect(logged('redis: connection back')).toHaveLength(lost.length);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
  });
});
