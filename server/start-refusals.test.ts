import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './test/server-process.ts';
import { createPostgresDatabase } from './test/template-db.ts';

// What an operator sees when the server cannot start: the last line of a crash loop's log. Each
// refusal is one line that names the setting and the reason, never a stack trace, and the
// process exits 1. The real entry points (server/main.ts, server/cli/admin.ts) as processes.
const ADMIN = process.env.DATABASE_URL;
const dropLater: (() => Promise<void>)[] = [];
const closeLater: Server[] = [];
afterAll(async () => {
  for (const s of closeLater) s.close();
  for (const drop of dropLater) await drop();
});

async function run(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stderr: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    // Only what is given: no APP_ENV means production, as on a server.
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nearhire-refusal-')),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  return { code, stderr: stderr.trim() };
}

const dev = (extra: Record<string, string>) => ({
  APP_ENV: 'development',
  DEMO_DATA: 'false',
  HOST: '127.0.0.1',
  SECRET_KEY: 'k7Qz2mVp9xLr4TbN8cWs1HdJ6fGy3EaU0oRi',
  ...extra,
});

/** One line, no stack frames. */
function expectOneLine(stderr: string, pattern: RegExp): void {
  expect(stderr.split('\n'), stderr).toHaveLength(1);
  expect(stderr).toMatch(pattern);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('a start that cannot succeed says why on one line', () => {
  it('production without its settings (the server and the admin CLI)', async () => {
    const server = await run('server/main.ts', {});
    expect(server.code).toBe(1);
    expectOneLine(server.stderr, /^Invalid configuration: DATABASE_URL is required in production/);
    const cli = await run('server/cli/admin.ts', {}, ['list']);
    expect(cli.code).toBe(1);
    expectOneLine(cli.stderr, /^Invalid configuration: DATABASE_URL is required in production/);
  });

  it('a database that refuses the connection: where, and why (no user or password)', async () => {
    const port = await freePort();
    const url = `postgres://app:hunter2secret@127.0.0.1:${port}/nearhire`;
    const server = await run('server/main.ts', dev({ DATABASE_URL: url, PORT: '0' }));
    expect(server.code).toBe(1);
    expectOneLine(
      server.stderr,
      new RegExp(
        `^Cannot connect to the database at 127\\.0\\.0\\.1:${port}/nearhire \\(DATABASE_URL\\): connection refused$`,
      ),
    );
    expect(server.stderr).not.toContain('hunter2');
    const cli = await run('server/cli/admin.ts', dev({ DATABASE_URL: url }), ['list']);
    expect(cli.code).toBe(1);
    expectOneLine(cli.stderr, /^Cannot connect to the database at .+: connection refused$/);
  });

  it.skipIf(!ADMIN || ADMIN === 'memory')('a database that does not exist', async () => {
    const url = new URL(ADMIN!);
    url.pathname = '/nearhire_no_such_database';
    const server = await run('server/main.ts', dev({ DATABASE_URL: url.toString(), PORT: '0' }));
    expect(server.code).toBe(1);
    expectOneLine(
      server.stderr,
      /^Cannot connect to the database at .+\/nearhire_no_such_database \(DATABASE_URL\): database "nearhire_no_such_database" does not exist$/,
    );
  });

  it('a port another process listens on', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    closeLater.push(taken);
    const port = (taken.address() as { port: number }).port;
    let databaseUrl = 'memory';
    if (ADMIN && ADMIN !== 'memory') {
      const made = await createPostgresDatabase(ADMIN);
      dropLater.push(made.drop);
      databaseUrl = made.url;
    }
    const server = await run(
      'server/main.ts',
      dev({ DATABASE_URL: databaseUrl, PORT: String(port) }),
    );
    expect(server.code).toBe(1);
    expectOneLine(
      server.stderr,
      new RegExp(
        `^Cannot listen on 127\\.0\\.0\\.1:${port} \\(HOST, PORT\\): another process is using it$`,
      ),
    );
  });
});
