import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildApp, type BuiltApp } from '../app.ts';
import { testConfig } from '../config.ts';

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
      stderr: expect.stringContaining('usage'),
    });
  });
});
