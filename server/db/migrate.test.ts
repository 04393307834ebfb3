import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { openDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';
import { adminQuery, withDatabase } from '../test/template-db.ts';

// Instances that start together on an empty database (the first deploy of several replicas, a
// scaled-up set after a restore) each run the migrations. Only PostgreSQL has several processes
// on one database; PGlite belongs to one process.
const ADMIN = process.env.DATABASE_URL;
const FILES = readdirSync(path.join(import.meta.dirname, 'migrations')).filter((f) =>
  /^\d{3}-.+\.sql$/.test(f),
);

describe.skipIf(!ADMIN || ADMIN === 'memory')('migrations started together', () => {
  it('six instances on an empty database: every one starts, each file runs once', async () => {
    // The race is between `CREATE TABLE IF NOT EXISTS schema_migrations` statements: PostgreSQL
    // lets two of them both try to create the table, and the loser fails with a unique violation
    // in pg_type. It showed in about one round in two with six pools; three rounds to be sure.
    for (let round = 0; round < 3; round++) {
      const name = `nearhire_migrate_${randomBytes(5).toString('hex')}`;
      await adminQuery(ADMIN!, `CREATE DATABASE ${name}`);
      const url = withDatabase(ADMIN!, name);
      const dbs: Db[] = [];
      try {
        for (let i = 0; i < 6; i++) dbs.push(await openDb(url, ''));
        const results = await Promise.allSettled(dbs.map((db) => migrate(db)));
        const failed = results.flatMap((r) =>
          r.status === 'rejected' ? [(r.reason as Error).message] : [],
        );
        expect(failed, `round ${round}`).toEqual([]);
        const applied = results.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
        expect(applied.sort()).toEqual([...FILES].sort());
        const [recorded] = await dbs[0]!.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM schema_migrations',
        );
        expect(recorded!.n).toBe(FILES.length);
      } finally {
        await Promise.all(dbs.map((db) => db.close()));
        await adminQuery(ADMIN!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  });
});
