import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net, { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REALTIME } from '#shared/limits.ts';
import { connectWs } from './test/ws.ts';

// The real server (server/main.ts) as a child process, stopped with SIGTERM while 40 requests
// are in flight: every one must be answered (none reset), the open WebSocket must be told
// "restarting", and the process must exit 0. On a scratch PostgreSQL database when DATABASE_URL
// is set (where the old bug showed as "Cannot use a pool after calling end on the pool"), else
// on an in-memory PGlite.
const ADMIN = process.env.DATABASE_URL;

/** A running server/main.ts: its address, its log lines and its exit. */
interface Server {
  proc: ChildProcess;
  base: string;
  port: number;
  exited: Promise<number | null>;
  logLines: string[];
  dbName: string | null;
}
const servers: Server[] = [];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN });
  await c.connect();
  await c.query(sql);
  await c.end();
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  let databaseUrl = 'memory';
  let dbName: string | null = null;
  if (ADMIN) {
    dbName = `nearhire_shutdown_${randomUUID().slice(0, 8)}`;
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(ADMIN);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      APP_ENV: 'development',
      DEMO_DATA: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SECRET_KEY: 'shutdown-secret-key-shutdown-secret-key-0123',
      LOG_LEVEL: 'info',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nearhire-shutdown-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const logLines: string[] = [];
  let pendingOut = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    pendingOut += String(chunk);
    const parts = pendingOut.split('\n');
    pendingOut = parts.pop()!;
    logLines.push(...parts.filter(Boolean));
  });
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  const server = { proc, base, port, exited, logLines, dbName };
  servers.push(server);
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

afterAll(async () => {
  for (const s of servers) {
    if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
    if (s.dbName) await admin(`DROP DATABASE IF EXISTS ${s.dbName} WITH (FORCE)`);
  }
});

interface Outcome {
  status?: number;
  connection?: string;
  error?: string;
  at?: number;
}

/** An ordinary request on its own connection. */
function request(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          connection: res.headers.connection,
          at: performance.now(),
        }),
      );
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

/**
 * A slow upload (a phone on a poor network): the head goes first with `Expect: 100-continue`,
 * the server's "100 Continue" proves it has the request (`received` resolves), and the body
 * follows only when `release` resolves — after SIGTERM. It is in flight when the signal comes.
 */
function slowUpload(
  port: number,
  pathname: string,
  body: unknown,
  release: Promise<void>,
): { received: Promise<void>; outcome: Promise<Outcome> } {
  const payload = JSON.stringify(body);
  let received!: () => void;
  const receivedP = new Promise<void>((resolve) => (received = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let raw = '';
    let error: string | undefined;
    socket.on('connect', () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
          `Expect: 100-continue\r\n\r\n`,
      );
      void release.then(() => socket.write(payload));
    });
    socket.on('data', (d) => {
      raw += String(d);
      if (raw.startsWith('HTTP/1.1 100')) received();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => {
      const status = [...raw.matchAll(/HTTP\/1\.1 (\d{3})/g)].at(-1)?.[1];
      const connection = /\r\nconnection: ([^\r]+)/i.exec(raw)?.[1];
      resolve(
        error || !status || status === '100'
          ? { error: error ?? 'closed without an answer' }
          : { status: Number(status), connection, at: performance.now() },
      );
    });
  });
  return { received: receivedP, outcome };
}

async function login(base: string, phone: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  await fetch(`${base}/api/auth/otp`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone }),
  });
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${phone}`)).json()) as {
    messages: { text: string }[];
  };
  const code = /(\d{6})/.exec(outbox.messages[0]!.text)![1];
  const res = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ phone, code }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe('SIGTERM', () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer();
  }, 60_000);

  it('answers all 40 requests in flight, tells sockets "restarting", then exits 0', async () => {
    const cookie = await login(s.base, '9876543001');
    const socket = await connectWs(s.base, cookie);
    await socket.next((e) => e.type === 'hello');
    expect((await request(`${s.base}/api/cities?q=a&limit=20`)).status).toBe(200);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // 20 slow uploads (login codes asked for 20 phones) and 20 ordinary searches, all at once.
    const before = s.logLines.length;
    const uploads = Array.from({ length: 20 }, (_, i) =>
      slowUpload(
        s.port,
        '/api/auth/otp',
        { phone: `98765431${String(i).padStart(2, '0')}` },
        released,
      ),
    );
    const searches = Array.from({ length: 20 }, (_, i) =>
      request(`${s.base}/api/cities?q=a&limit=${i + 1}`),
    );
    const requests = [...searches, ...uploads.map((u) => u.outcome)];
    // The server has every upload's head, and has begun (maybe finished) every search: all 40
    // are its requests now. (A connection it has not accepted yet would be reset by the kernel
    // when the listener closes: not a request in flight; see docs/decisions/015.)
    await Promise.all(uploads.map((u) => u.received));
    const begun = () =>
      s.logLines
        .slice(before)
        .filter((l) => l.includes('"incoming request"') && l.includes('/api/cities')).length;
    while (begun() < 20) await new Promise((r) => setTimeout(r, 5));

    const signalledAt = performance.now();
    s.proc.kill('SIGTERM');
    // The slow uploads finish sending only once the shutdown is under way.
    await new Promise((r) => setTimeout(r, 300));
    release();

    const outcomes = await Promise.all(requests);
    expect(outcomes.filter((o) => o.error)).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(40).fill(200));
    // Answered after the signal, and told not to reuse the connection.
    for (const o of outcomes.slice(20)) {
      expect(o.at).toBeGreaterThan(signalledAt);
      expect(o.connection).toBe('close');
    }
    expect(await socket.closed).toBe(REALTIME.restartCloseCode);
    expect(await s.exited).toBe(0);

    const entries = s.logLines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(s.logLines.join('\n')).not.toContain('Cannot use a pool');
    expect(entries.map((e) => e.msg)).toContain('shut down');
    // Closed for good: nothing listens any more.
    expect((await request(`${s.base}/api/health`)).error).toBe('ECONNREFUSED');
  });
});

describe('SIGTERM with SHUTDOWN_DELAY_SECONDS', () => {
  let s: Server;
  beforeAll(async () => {
    s = await startServer({ SHUTDOWN_DELAY_SECONDS: '2' });
  }, 60_000);

  it('goes on accepting and serving for the delay, its readiness saying "stopping", then stops', async () => {
    expect((await request(`${s.base}/api/ready`)).status).toBe(200);
    s.proc.kill('SIGTERM');
    // Readiness turns 503 at once…
    let ready: Response;
    do ready = await fetch(`${s.base}/api/ready`, { headers: { connection: 'close' } });
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('stopping');
    // …while new connections are still taken and served: a load balancer that has not yet
    // seen the instance leave sends them here.
    const late = await Promise.all(
      Array.from({ length: 10 }, (_, i) => request(`${s.base}/api/cities?q=a&limit=${i + 1}`)),
    );
    expect(late.map((o) => o.status)).toEqual(Array(10).fill(200));
    expect(await s.exited).toBe(0);
    expect((await request(`${s.base}/api/health`)).error).toBe('ECONNREFUSED');
    const entries = s.logLines.map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(entries.filter((e) => e.level >= 50)).toEqual([]);
    expect(entries.map((e) => e.msg)).toContain('shut down');
  });
});
