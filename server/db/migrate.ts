import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './client.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: several instances starting together take turns instead of racing.
const LOCK_ID = 727_001;

/** Applies every numbered .sql file not applied yet, in order, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  // Under the lock too: two `CREATE TABLE IF NOT EXISTS` at once on an empty database can both
  // try to create it, and the second fails with a unique violation in pg_type (two instances
  // starting together on a new database stopped that way; session 25, decision 028).
  await db.tx(async (t) => {
    if (db.kind === 'postgres') await t.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await t.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}-.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    await db.tx(async (t) => {
      if (db.kind === 'postgres') await t.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
      const done = await t.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (done.length > 0) return;
      await t.exec(sql);
      await t.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    });
  }
  return applied;
}
