import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

// The schema after every migration (PGlite, or PostgreSQL with DATABASE_URL).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * Foreign keys no index serves. An index serves one when its first n columns are the key's n
 * columns (in any order) and it covers every row — or, being partial, leaves out only rows whose
 * key is NULL (the foreign-key check asks for `col = $1`).
 */
const unindexedForeignKeys = () =>
  t.ctx.db.query<{ table_name: string; columns: string }>(`
    SELECT c.conrelid::regclass::text AS table_name,
           (SELECT string_agg(a.attname, ', ' ORDER BY k.ord)
              FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns
      FROM pg_constraint c
      JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f'
       AND n.nspname = current_schema()
       AND NOT EXISTS (
         SELECT 1
           FROM pg_index i
          WHERE i.indrelid = c.conrelid
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
            AND (i.indpred IS NULL
                 OR pg_get_expr(i.indpred, i.indrelid) ~ '^\\(?[a-z_]+ IS NOT NULL\\)?$'))
     ORDER BY 1, 2`);

describe('indexes', () => {
  it('every foreign key has an index led by its columns', async () => {
    expect(await unindexedForeignKeys()).toEqual([]);
  });

  it('the check sees a foreign key without one, or served only by a partial index', async () => {
    await t.ctx.db.exec(`
      CREATE TABLE fk_probe_parent (id integer PRIMARY KEY);
      CREATE TABLE fk_probe_child (
        id integer PRIMARY KEY,
        a integer REFERENCES fk_probe_parent (id),
        b integer REFERENCES fk_probe_parent (id),
        c integer REFERENCES fk_probe_parent (id),
        d integer REFERENCES fk_probe_parent (id),
        open boolean
      );
      CREATE INDEX fk_probe_b ON fk_probe_child (id, b);
      CREATE INDEX fk_probe_c ON fk_probe_child (c) WHERE open;
      CREATE INDEX fk_probe_d ON fk_probe_child (d, id) WHERE d IS NOT NULL;`);
    try {
      const found = (await unindexedForeignKeys()).filter((r) => r.table_name === 'fk_probe_child');
      expect(found.map((r) => r.columns)).toEqual(['a', 'b', 'c']);
    } finally {
      await t.ctx.db.exec('DROP TABLE fk_probe_child; DROP TABLE fk_probe_parent;');
    }
  });

  it('expired sessions are found by an index (the hourly prune)', async () => {
    const rows = await t.ctx.db.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'sessions'`,
    );
    expect(rows.some((r) => /\(expires_at\)/.test(r.indexdef))).toBe(true);
  });
});
