import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { newRecruiter, type TestUser } from '../../test/users.ts';
import * as fixtures from './fixtures.ts';
import { matchingTestApp, type SeekerFields } from './fixtures.ts';
import { scoresFresh } from './candidates.repo.ts';

let t: TestApp;
let blr: number;
let mysuru: number;
let delhi: number;
beforeAll(async () => {
  ({ t, blr, mysuru, delhi } = await matchingTestApp());
});
afterAll(async () => {
  await t.close();
});

const get = (u: TestUser, qs = '') =>
  t.app.inject({ url: `/api/recruiter/candidates${qs}`, headers: { cookie: u.cookie } });

const req = (u: TestUser, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: u.cookie }, ...(payload ? { payload } : {}) });

const seeker = (name: string, p: SeekerFields, onboarded = true) =>
  fixtures.seeker(t, name, p, onboarded);
const job = (r: TestUser, over: Record<string, unknown> = {}) =>
  fixtures.job(t, r, { city: blr, ...over });

/** Runs the checks on the live query (stale scores), then on the precomputed scores. */
async function onBothPaths(r: TestUser, check: () => Promise<void>): Promise<void> {
  expect(await scoresFresh(t.ctx.db, r.id)).toBe(false);
  await check();
  await t.ctx.matching.drain();
  expect(await scoresFresh(t.ctx.db, r.id)).toBe(true);
  await check();
}

describe('recommended candidates', () => {
  it('ranks by score with reasons, nearest first among equals, and leaves out who must be left out', async () => {
    const r = await newRecruiter(t);
    const jobId = await job(r);
    await job(r, { title: 'Closed Accountant', category: 'finance_accounting', status: 'closed' });
    const perfect = await seeker('Perfect Fit', {
      category: 'software_development',
      type: 'full_time',
      experience: '1_3',
      salary: '6_10',
      city: blr,
      title: 'React developer',
    });
    const near = await seeker('Mysuru Fit', {
      category: 'software_development',
      type: 'full_time',
      experience: '1_3',
      salary: '6_10',
      city: mysuru,
      title: 'React developer',
    });
    const far = await seeker('Delhi Fit', {
      category: 'software_development',
      type: 'full_time',
      experience: '1_3',
      salary: '6_10',
      city: delhi,
      title: 'React developer',
    });
    const weak = await seeker('Weak Fit', { category: 'other', city: delhi });
    await seeker('Half Onboarded', { category: 'software_development', city: blr }, false);
    const rejected = await seeker('Rejected', {
      category: 'software_development',
      type: 'full_time',
      experience: '1_3',
      salary: '6_10',
      city: blr,
      title: 'React developer',
    });
    await fixtures.reject(t, r, rejected);
    const deleted = await seeker('Deleted', { category: 'software_development', city: blr });
    await t.ctx.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [deleted.id]);

    await onBothPaths(r, async () => {
      const res = await get(r);
      expect(res.statusCode).toBe(200);
      const list = res.json().candidates as {
        userId: string;
        matchScore: number;
        reasons: { code: string }[];
        bestJob: { id: string };
        distanceKm: number | null;
      }[];
      expect(list.map((c) => c.userId)).toEqual([perfect.id, near.id, far.id]);
      expect(list[0]).toMatchObject({ matchScore: 100, bestJob: { id: jobId }, distanceKm: 0 });
      expect(list[0]!.reasons.map((x) => x.code)).toEqual([
        'category',
        'jobType',
        'experience',
        'salary',
        'profile',
        'nearby',
      ]);
      // Mysuru (~128 km) and Delhi earn no distance points: equal scores, nearest first.
      expect(list[1]!.matchScore).toBe(list[2]!.matchScore);
      expect(list[1]!.distanceKm!).toBeLessThan(list[2]!.distanceKm!);
      expect(list.some((c) => c.userId === weak.id)).toBe(false); // nothing fits: score 0
    });
  });

  it('pages never repeat or skip anyone, even with many equal scores', async () => {
    const r = await newRecruiter(t);
    await job(r);
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push((await seeker(`Same ${i}`, { category: 'software_development', city: blr })).id);
    await onBothPaths(r, async () => {
      const seen: string[] = [];
      for (let offset = 0; ; offset += 10) {
        const res = await get(r, `?limit=10&offset=${offset}`);
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json();
        seen.push(...page.candidates.map((c: { userId: string }) => c.userId));
        if (!page.hasMore) break;
      }
      // Seekers of the earlier tests share this database: every one appears once, ours all appear,
      // and ours (equal score, equal distance) come in user-id order.
      expect(new Set(seen).size).toBe(seen.length);
      const ours = seen.filter((id) => ids.includes(id));
      expect(new Set(ours)).toEqual(new Set(ids));
      expect(ours).toEqual([...ours].sort());
    });
  });

  it('pages read after a cursor neither skip nor repeat anyone when the list changes between them', async () => {
    const r = await newRecruiter(t);
    await job(r);
    for (let i = 0; i < 25; i++)
      await seeker(`Cursor ${i}`, { category: 'software_development', city: blr });
    await onBothPaths(r, async () => {
      const first = (await get(r, '?limit=10')).json();
      expect(first.nextCursor).toEqual(expect.any(String));
      // Whole list as it stands, to know who came after page 1.
      const all: string[] = [];
      // Bounded: a cursor that did not move on would page forever.
      for (let after: string | null = null, n = 0; n < 50; n++) {
        const page: { candidates: { userId: string }[]; hasMore: boolean; nextCursor: string } = (
          await get(r, `?limit=10${after ? `&after=${after}` : ''}`)
        ).json();
        all.push(...page.candidates.map((c: { userId: string }) => c.userId));
        if (!page.hasMore) break;
        after = page.nextCursor;
      }
      const shown = first.candidates.map((c: { userId: string }) => c.userId);
      expect(all.slice(0, 10)).toEqual(shown);
      // One candidate of page 1 leaves the list (the recruiter blocks them): page 2 by offset
      // would now start one later and skip someone; after the cursor it starts where page 1 ended.
      const leaving = shown[3];
      expect((await req(r, 'POST', '/api/blocks', { userId: leaving })).statusCode).toBe(204);
      const second = (await get(r, `?limit=10&after=${first.nextCursor}`)).json();
      expect(second.candidates.map((c: { userId: string }) => c.userId)).toEqual(all.slice(10, 20));
      await req(r, 'DELETE', `/api/blocks/${leaving}`);
    });
    for (const bad of ['x', Buffer.from('[1,2]').toString('base64url')])
      expect((await get(r, `?after=${bad}`)).statusCode, bad).toBe(400);
  });

  it('is empty without open jobs; seekers cannot call it; absurd limit/offset are refused', async () => {
    const r = await newRecruiter(t);
    expect((await get(r)).json()).toEqual({ candidates: [], hasMore: false, nextCursor: null });
    const s = await seeker('Curious', { category: 'other' });
    expect((await get(s)).statusCode).toBe(403);
    // Refused with what the bound is (rules of the house: a message a person can act on).
    const limit = 'limit must be a whole number from 1 to 50.';
    const offset = 'offset must be a whole number from 0 to 10000.';
    for (const [qs, message] of [
      ['?limit=0', limit],
      ['?limit=1000', limit],
      ['?limit=abc', limit],
      ['?limit=2.5', limit],
      ['?offset=-1', offset],
      ['?offset=99999999', offset],
    ]) {
      const res = await get(r, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().error.message, qs).toBe(message);
    }
  });
});
