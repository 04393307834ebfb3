import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real server process (server/main.ts through tsx) for the two-instance tests, on a free port,
 * in development mode by name (the tests read login codes from the dev outbox), without demo data.
 */
export interface ServerProcess {
  proc: ChildProcess;
  base: string;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Starts one instance and waits until /api/health answers; `env` adds or overrides settings. */
export async function startServerProcess(options: {
  databaseUrl: string;
  redisUrl: string;
  secretKey: string;
  dataDirPrefix: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      APP_ENV: 'development',
      DEMO_DATA: 'false',
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      SECRET_KEY: options.secretKey,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), options.dataDirPrefix)),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { proc, base };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Logs a phone in over HTTP (code from the dev outbox); the session cookie for a Cookie header. */
export async function loginOverHttp(base: string, phone: string): Promise<string> {
  await fetch(`${base}/api/auth/otp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone }),
  });
  const outbox = (await (await fetch(`${base}/api/dev/outbox?to=${phone}`)).json()) as {
    messages: { text: string }[];
  };
  const code = outbox.messages[0]!.text.match(/(\d{6})/)![1];
  const res = await fetch(`${base}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, code }),
  });
  return res.headers.get('set-cookie')!.split(';')[0]!;
}
