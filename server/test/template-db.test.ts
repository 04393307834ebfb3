import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { createTestApp, type TestApp } from './app.ts';

// The test apps start from copies of one migrated template (server/test/template-db.ts): each copy
// must hold every migration there is, and be a database of its own.

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('test databases', () => {
  it('have every migration applied', async () => {
    const files = (await readdir(new URL('../db/migrations/', import.meta.url)))
      .filter((f) => /^\d{3}-.+\.sql$/.test(f))
      .sort();
    const applied = await a.ctx.db.query<{ name: string }>(
      'SELECT name FROM schema_migrations ORDER BY name',
    );
    expect(applied.map((r) => r.name)).toEqual(files);
  });

  it('are each their own: what one file writes, no other sees', async () => {
    await a.ctx.db.exec('CREATE TABLE isolation_probe (id integer PRIMARY KEY)');
    const seen = async (t: TestApp) =>
      (
        await t.ctx.db.query<{ t: string | null }>(
          `SELECT to_regclass('isolation_probe')::text AS t`,
        )
      )[0]!.t;
    expect(await seen(a)).toBe('isolation_probe');
    expect(await seen(b)).toBeNull();
    const c = await createTestApp();
    try {
      expect(await seen(c)).toBeNull();
    } finally {
      await c.close();
    }
  });
});
