import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

// Every test file gets a database of its own with every migration applied. Applying them is cheap;
// starting an empty PGlite is not (initdb inside WebAssembly, about 2.5 s of CPU each time), and on
// PostgreSQL 25 migrations per file add up too. So a run migrates one template first (the vitest
// global setup, server/test/global-setup.ts) and each file starts from a copy of it: a copied PGlite
// data directory, or `CREATE DATABASE … TEMPLATE`. The template is built afresh for every run and
// removed after it, so a changed migration is always picked up; and `buildApp` still runs
// `migrate` on the copy (a no-op when nothing is missing), as it does on any database.

/** Where the global setup tells the test processes about the run's templates. */
export const PGLITE_TEMPLATE_ENV = 'NEARHIRE_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'NEARHIRE_TEST_POSTGRES_TEMPLATE';
/** The browser journeys' template: migrated and with the demo data loaded (`buildDemoPgliteTemplate`). */
export const DEMO_PGLITE_TEMPLATE_ENV = 'NEARHIRE_TEST_DEMO_PGLITE_TEMPLATE';

// Memory-backed when the machine has it, as the in-memory PGlite the copies stand in for.
const scratch = () => (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());

/** A migrated PGlite data directory for this run; `remove` deletes it. */
export async function buildPgliteTemplate(): Promise<{ dir: string; remove(): void }> {
  const dir = mkdtempSync(path.join(scratch(), 'nearhire-template-'));
  const db = await openDb(null, dir);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The browser journeys' template: migrated, then the demo data loaded by the app itself
 * (`seedDemoData`, as `startHarness` did on each file's server: about 2.5 s of CPU each time, the
 * company logos made with sharp among it). The logos are written under the test config's data
 * directory, which every harness of the run reads them from. The demo data's times are relative
 * to when it was loaded: to the run's start now, not to each file's (minutes earlier at most).
 */
export async function buildDemoPgliteTemplate(): Promise<{ dir: string; remove(): void }> {
  const template = await buildPgliteTemplate();
  try {
    const [{ buildApp }, { testConfig }, { seedDemoData }] = await Promise.all([
      import('../app.ts'),
      import('../config.ts'),
      import('../demo/seed.ts'),
    ]);
    const db = await openDb(null, template.dir);
    try {
      const server = await buildApp(testConfig({ databaseUrl: 'memory', port: 0 }), { db });
      try {
        if (!(await seedDemoData(server.ctx))) throw new Error('the demo data was not loaded');
      } finally {
        await server.app.close();
      }
    } finally {
      await db.close();
    }
  } catch (err) {
    template.remove();
    throw err;
  }
  return template;
}

/** A migrated PostgreSQL database on the server of `adminUrl`, named in `url`; `remove` drops it. */
export async function buildPostgresTemplate(
  adminUrl: string,
): Promise<{ url: string; remove(): Promise<void> }> {
  const name = `nearhire_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl, name);
  const db = await openDb(url, '');
  try {
    await migrate(db);
  } finally {
    // Nobody may be connected to a template while databases are made from it.
    await db.close();
  }
  return {
    url,
    remove: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * The run's PGlite template copied into a directory of its own and opened, or null when there is
 * no template (outside the vitest run, e.g. `npm run bench:lighthouse`). `remove` closes and deletes.
 * `demo`: the browser journeys' template, with the demo data (`buildDemoPgliteTemplate`).
 */
export async function openPgliteCopy(
  which: 'migrated' | 'demo' = 'migrated',
): Promise<{ db: Db; remove(): Promise<void> } | null> {
  const template = process.env[which === 'demo' ? DEMO_PGLITE_TEMPLATE_ENV : PGLITE_TEMPLATE_ENV];
  if (!template) return null;
  // Inside the template's folder: a copy a crashed test process left is removed with the run's.
  const dir = mkdtempSync(path.join(template, 'copy-'));
  cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  const db = await openDb(null, dir);
  return {
    db,
    async remove() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the server of `adminUrl` for one test file: a copy of the run's migrated
 * template when there is one on that server, else an empty one (`buildApp` migrates it). Returns
 * its URL and how to drop it.
 */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `nearhire_t_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const fromTemplate =
    template && withDatabase(template, 'postgres') === withDatabase(adminUrl, 'postgres')
      ? ` TEMPLATE ${new URL(template).pathname.slice(1)}`
      : '';
  await adminQuery(adminUrl, `CREATE DATABASE ${name}${fromTemplate}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** `url` naming another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on its own connection (CREATE / DROP DATABASE cannot run in a transaction). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
