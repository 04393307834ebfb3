import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId } from '../../test/users.ts';
import { cityBands } from './city-bands.ts';
import { cityPointsSql, paramList } from './score-sql.ts';

// The feed's area (decision 020) is computed in TypeScript once per city; it must give every city
// the same distance points as the SQL the score used before (and the reasons on the cards).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('city bands', () => {
  it('agree with the SQL distance points for every city, and split near from further', async () => {
    for (const name of ['Bengaluru', 'Delhi', 'Mumbai']) {
      const id = await cityId(t, name);
      const bands = await cityBands(t.ctx.db, id);
      const [home] = await t.ctx.db.query<{ lat: number; lon: number }>(
        'SELECT lat, lon FROM cities WHERE id = $1',
        [id],
      );
      const params: unknown[] = [];
      const sql = cityPointsSql(
        {
          jobCategory: null,
          jobType: null,
          experienceRange: null,
          salaryRange: null,
          lat: home!.lat,
          lon: home!.lon,
        },
        paramList(params),
      );
      const [row] = await t.ctx.db.query<{ pts: number[] }>(`SELECT ${sql} AS pts`, params);
      expect(bands.points).toEqual(row!.pts);
      expect(bands.near[0]).toBe(id);
      for (const c of bands.near) expect(bands.points[c - 1]).toBeGreaterThan(0);
      for (const c of bands.further) expect(bands.points[c - 1]).toBe(0);
      expect(new Set([...bands.near, ...bands.further]).size).toBe(
        bands.near.length + bands.further.length,
      );
    }
    const blr = await cityBands(t.ctx.db, await cityId(t, 'Bengaluru'));
    const mysuru = await cityId(t, 'Mysuru');
    const delhi = await cityId(t, 'Delhi');
    expect(blr.further).toContain(mysuru);
    expect([...blr.near, ...blr.further]).not.toContain(delhi);
    expect(await cityBands(t.ctx.db, null)).toEqual({ points: [], near: [], further: [] });
  });
});
