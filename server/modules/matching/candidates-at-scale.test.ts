import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { cityId, newRecruiter, type TestUser } from '../../test/users.ts';
import { CANDIDATES_KEPT, poolSql } from './candidate-score-sql.ts';
import { refreshRecruiter, refreshSeekers } from './candidate-scores.ts';
import { recommendCandidates, scoredCandidates, scoreState } from './candidates.repo.ts';
import { cityBands } from './city-bands.ts';
import { job, matchingTestApp, seeker, type SeekerFields } from './fixtures.ts';

// Recommended candidates at scale (decision 025): each recruiter keeps only their best
// CANDIDATES_KEPT, found through bounded index branches; seekers enter and leave a kept list by
// its last row, and a list that lost too many is refreshed. Small `keep` and `cap` values here
// exercise the same code the defaults run.

let t: TestApp;
let blr: number;
let delhi: number;
beforeAll(async () => {
  ({ t, blr, delhi } = await matchingTestApp());
});
afterAll(async () => {
  await t.close();
});

const db = () => t.ctx.db;
const ids = (list: { userId: string }[]) => list.map((c) => c.userId);
const stateOf = async (r: TestUser) =>
  (
    await db().query<{ kept: number; truncated: boolean; fresh: boolean }>(
      `SELECT kept, truncated, scored_rev = jobs_rev AS fresh FROM candidate_score_state WHERE recruiter_id = $1`,
      [r.id],
    )
  )[0]!;

describe('candidates at scale', () => {
  it('keep only the best few; a changed seeker enters by its last row; a list that lost too many refills', async () => {
    const r = await newRecruiter(t);
    await job(t, r, { city: blr }); // React Developer, software, full time, 1-3 years, 6-9 LPA
    const keep = 5;
    // Scores 20 (area only) to 100; the same score breaks ties by user id.
    const base = { category: 'software_development', city: blr };
    const s: TestUser[] = [];
    const grades = [
      { type: 'full_time', experience: '1_3', salary: '6_10', title: 'React developer' },
      { type: 'full_time', experience: '1_3', salary: '6_10' },
      { type: 'full_time', experience: '1_3' },
      { type: 'full_time' },
      {},
      {},
      {},
      {},
    ];
    for (const [i, g] of grades.entries())
      s.push(await seeker(t, `Graded ${i}`, { ...base, ...g }));
    await refreshRecruiter(db(), r.id, keep);
    const full = await recommendCandidates(db(), r.id, 50, 0, 50);
    expect(full.length).toBe(8);
    const top = await scoredCandidates(db(), r.id, 50, 0);
    expect(top).toEqual(full.slice(0, keep));
    expect(top).toEqual(await recommendCandidates(db(), r.id, 50, 0, keep));
    expect(await stateOf(r)).toEqual({ kept: 5, truncated: true, fresh: true });

    // One of the three left out now fits better than the last kept: it enters, the last leaves.
    const outside = full.slice(keep).map((c) => c.userId);
    const riser = outside[0]!;
    await db().query(
      `UPDATE seeker_profiles SET job_type = 'full_time', experience_range = '1_3' WHERE user_id = $1`,
      [riser],
    );
    // Another left out changes but still ranks below the last kept: it stays out.
    const stayer = outside[1]!;
    await db().query(`UPDATE seeker_profiles SET salary_range = 'under_3' WHERE user_id = $1`, [
      stayer,
    ]);
    await refreshSeekers(db(), { keep });
    const truth = async () => (await recommendCandidates(db(), r.id, 50, 0, 50)).slice(0, keep);
    let after = await scoredCandidates(db(), r.id, 50, 0);
    expect(ids(after)).toEqual(ids(await truth()));
    expect(ids(after)).toContain(riser);
    expect(ids(after)).not.toContain(stayer);
    expect(ids(after)).not.toContain(top.at(-1)!.userId); // pushed out by the riser
    expect(await stateOf(r)).toEqual({ kept: 5, truncated: true, fresh: true });

    // The last kept changes words that do not count for this job: it keeps its place.
    const last = after.at(-1)!.userId;
    await db().query(
      `UPDATE seeker_profiles SET introduction = 'Calm and kind' WHERE user_id = $1`,
      [last],
    );
    await refreshSeekers(db(), { keep });
    after = await scoredCandidates(db(), r.id, 50, 0);
    expect(ids(after)).toEqual(ids(await truth()));
    expect(ids(after).at(-1)).toBe(last);
    expect(await stateOf(r)).toEqual({ kept: 5, truncated: true, fresh: true });

    // Two kept seekers leave the pool (another category, far away): the list is short by two, under
    // 90% of `keep`, so the recruiter is refreshed; meanwhile the shorter list answers.
    const leaving = ids(after).slice(0, 2);
    await db().query(
      `UPDATE seeker_profiles SET job_category = 'other', city_id = $2 WHERE user_id = ANY($1::uuid[])`,
      [leaving, delhi],
    );
    await refreshSeekers(db(), { keep });
    expect(await stateOf(r)).toEqual({ kept: 3, truncated: true, fresh: false });
    expect(await scoreState(db(), r.id)).toBe('previous');
    const res = await t.app.inject({
      url: '/api/recruiter/candidates?limit=20',
      headers: { cookie: r.cookie },
    });
    expect(ids(res.json().candidates)).toEqual(ids(after).slice(2));
    await refreshRecruiter(db(), r.id, keep);
    expect(await scoredCandidates(db(), r.id, 50, 0)).toEqual(
      (await recommendCandidates(db(), r.id, 50, 0, 50)).slice(0, keep),
    );
    expect(await stateOf(r)).toEqual({ kept: 5, truncated: true, fresh: true });
  });

  it('retrieve through bounded branches: most recently updated first, nearest city first', async () => {
    const pune = await cityId(t, 'Pune');
    const near = (await cityBands(db(), pune)).near;
    expect(near[0]).toBe(pune);
    const nextCity = near[1]!;
    const made: string[] = [];
    const at = async (name: string, p: SeekerFields, minutesAgo: number) => {
      const u = await seeker(t, name, p);
      await db().query(
        `UPDATE seeker_profiles SET updated_at = now() - make_interval(mins => $2) WHERE user_id = $1`,
        [u.id, minutesAgo],
      );
      made.push(u.id);
      return u.id;
    };
    // The category branch: 6 teachers far away, the 3 most recent are read.
    const teachers: string[] = [];
    for (let i = 0; i < 6; i++)
      teachers.push(
        await at(`Teacher ${i}`, { category: 'education_training', city: delhi }, 60 - i),
      );
    const pool = async (jobs: Parameters<typeof poolSql>[0], cap: number) =>
      (
        await db().query<{ user_id: string }>(
          `SELECT DISTINCT user_id FROM (${poolSql(jobs, cap)}) p`,
        )
      ).map((x) => x.user_id);
    expect(
      new Set(await pool([{ category: 'education_training', experiences: [], near: [] }], 3)),
    ).toEqual(new Set(teachers.slice(3)));
    // The area branch: Pune's own seekers first (newest first), then the next nearest city's.
    const inPune = [
      await at('Pune A', { category: 'other', city: pune }, 5),
      await at('Pune B', { category: 'other', city: pune }, 50),
    ];
    const nextDoor = [
      await at('Next A', { category: 'other', city: nextCity }, 1),
      await at('Next B', { category: 'other', city: nextCity }, 2),
    ];
    const area = await pool([{ category: 'customer_support', experiences: [], near }], 3);
    expect(new Set(area)).toEqual(new Set([...inPune, nextDoor[0]]));
    // Under the bounds everything that fits is read: the pool is exact for small places.
    const all = await pool([{ category: 'education_training', experiences: ['3_5'], near }], 1_000);
    expect(new Set(all)).toEqual(new Set([...teachers, ...inPune, ...nextDoor]));
  });

  it(`answer at most ${CANDIDATES_KEPT} candidates through the API, then say there are no more`, async () => {
    const r = await newRecruiter(t);
    await job(t, r, { city: null, title: 'Remote Accountant', category: 'finance_accounting' });
    await db().exec(`
      INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
        SELECT '+9173' || lpad(g::text, 8, '0'), 'user', true, 6 FROM generate_series(1, ${CANDIDATES_KEPT + 30}) g;
      INSERT INTO seeker_profiles (user_id, full_name, job_category, city_id)
        SELECT id, 'Bulk', 'finance_accounting', ${delhi} FROM users WHERE phone_no LIKE '+9173%';`);
    await t.ctx.matching.drain();
    const seen: string[] = [];
    for (let offset = 0; ; offset += 50) {
      const res = await t.app.inject({
        url: `/api/recruiter/candidates?limit=50&offset=${offset}`,
        headers: { cookie: r.cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...ids(res.json().candidates));
      if (!res.json().hasMore) break;
    }
    expect(seen.length).toBe(CANDIDATES_KEPT);
    expect(new Set(seen).size).toBe(CANDIDATES_KEPT);
    expect(await stateOf(r)).toEqual({ kept: CANDIDATES_KEPT, truncated: true, fresh: true });
  });
});
