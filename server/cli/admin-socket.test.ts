import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, type BuiltApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { adminSocketPath } from './admin-socket.ts';

const run = promisify(execFile);

/** The real CLI, as `npm run admin` runs it, on a DATA_DIR. */
function admin(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, APP_ENV: 'development', DATA_DIR: dataDir };
  delete env.DATABASE_URL; // the embedded database, as `npm start` uses it
  return run(process.execPath, ['--import', 'tsx', 'server/cli/admin.ts', ...args], {
    env,
    cwd: path.resolve(import.meta.dirname, '../..'),
  });
}

describe('npm run admin while the development server runs on the same DATA_DIR', () => {
  let dir: string;
  let server: BuiltApp;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nh-admin-'));
    // The embedded database on disk, as `npm start` has it (not the tests' in-memory one).
    server = await buildApp(testConfig({ databaseUrl: null, dataDir: dir }));
  });
  afterAll(async () => {
    await server?.app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the running server makes the moderator: it signs in as one at once', async () => {
    const { stdout } = await admin(dir, 'add', '9000000099');
    expect(stdout.trim()).toBe('+919000000099 is a moderator');
    // The server's own database has the role (a second PGlite on the files would not show it).
    const rows = await server.ctx.db.query<{ user_role: string }>(
      'SELECT user_role FROM users WHERE phone_no = $1',
      ['+919000000099'],
    );
    expect(rows).toEqual([{ user_role: 'admin' }]);
    expect((await admin(dir, 'list')).stdout.trim()).toBe('+919000000099');
    // A refused command says why, with the CLI's exit code.
    await expect(admin(dir, 'add', '12345')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not an Indian mobile number'),
    });
  });

  it('only the owner reaches the socket, and it reads one bounded command a connection', async () => {
    const file = adminSocketPath(dir);
    // The folder is the owner's alone from before the socket exists.
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    /** Sends raw bytes; resolves with what came back before the socket closed. */
    const send = (bytes: string) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(file);
        let got = '';
        socket.setEncoding('utf8');
        socket.on('data', (d: string) => (got += d));
        socket.on('close', () => resolve(got));
        socket.on('error', () => resolve(got));
        socket.end(bytes);
      });
    // Too long: dropped without running, even with a command line in it.
    const long = `${JSON.stringify({ args: ['add', '9000000098'] })}\n${' '.repeat(10_001)}`;
    expect(await send(long)).toBe('');
    // Two lines in one connection: the first is answered once, the second never runs.
    const two = `${JSON.stringify({ args: ['list'] })}\n${JSON.stringify({ args: ['add', '9000000097'] })}\n`;
    const answer = await send(two);
    expect(answer.trim().split('\n')).toHaveLength(1);
    const admins = await server.ctx.db.query<{ phone_no: string }>(
      "SELECT phone_no FROM users WHERE user_role = 'admin' ORDER BY phone_no",
    );
    expect(admins.map((a) => a.phone_no)).toEqual(['+919000000099']);
  });
});
