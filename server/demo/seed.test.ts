import { DEMO_COMPANIES, ZENITH_JOBS } from './companies.ts';
import { DEMO_SEEKER_COUNT } from './seekers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import { seedDemoData } from './seed.ts';
import { DEMO_RECRUITER_PHONE, DEMO_SEEKER_PHONE } from './users.ts';

const TABLES = [
  'users',
  'recruiter_profiles',
  'seeker_profiles',
  'work_experiences',
  'jobs',
] as const;

async function counts(t: TestApp): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const [row] = await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    out[table] = row!.n;
  }
  return out;
}

describe('seedDemoData on an empty database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates the demo recruiter and seeker and returns true', async () => {
    expect(await counts(t)).toEqual({
      users: 0,
      recruiter_profiles: 0,
      seeker_profiles: 0,
      work_experiences: 0,
      jobs: 0,
    });
    expect(await seedDemoData(t.ctx)).toBe(true);

    const [recruiter] = await t.ctx.db.query<{
      user_role: string;
      is_onboarded: boolean;
      company_name: string;
      is_verified: boolean;
      verified_at: string | null;
    }>(
      `SELECT u.user_role, u.is_onboarded, r.company_name, r.is_verified, r.verified_at
         FROM users u JOIN recruiter_profiles r ON r.user_id = u.id WHERE u.phone_no = $1`,
      [DEMO_RECRUITER_PHONE],
    );
    expect(DEMO_RECRUITER_PHONE).toBe('+919000000001');
    expect(recruiter).toMatchObject({
      user_role: 'recruiter',
      is_onboarded: true,
      is_verified: true,
    });
    expect(recruiter!.company_name).toBeTruthy();
    expect(recruiter!.verified_at).not.toBeNull();

    const [seeker] = await t.ctx.db.query<{
      user_role: string;
      is_onboarded: boolean;
      city: string | null;
    }>(
      `SELECT u.user_role, u.is_onboarded, c.name AS city
         FROM users u JOIN seeker_profiles s ON s.user_id = u.id
         LEFT JOIN cities c ON c.id = s.city_id
        WHERE u.phone_no = $1`,
      [DEMO_SEEKER_PHONE],
    );
    expect(DEMO_SEEKER_PHONE).toBe('+919000000002');
    expect(seeker).toEqual({ user_role: 'user', is_onboarded: true, city: 'Bengaluru' });
  });

  it('a second call returns false and creates nothing more', async () => {
    const before = await counts(t);
    // Two demo logins, five more companies and the generated seekers.
    expect(before.users).toBe(2 + DEMO_COMPANIES.length + DEMO_SEEKER_COUNT);
    expect(before.jobs).toBe(
      DEMO_COMPANIES.reduce((n, c) => n + c.jobs.length, ZENITH_JOBS.length),
    );
    expect(await seedDemoData(t.ctx)).toBe(false);
    expect(await counts(t)).toEqual(before);
  });

  it('the demo recruiter logs in through the real HTTP flow', async () => {
    const cookie = await login(t, DEMO_RECRUITER_PHONE, '10.5.0.1');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      phone: DEMO_RECRUITER_PHONE,
      role: 'recruiter',
      isOnboarded: true,
      fullName: 'Priya Sharma',
    });
  });

  it('the demo seeker logs in as an onboarded job seeker', async () => {
    const cookie = await login(t, DEMO_SEEKER_PHONE, '10.5.0.2');
    const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ role: 'user', isOnboarded: true });
  });
});

describe('seedDemoData in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns false and creates nothing, even on an empty database', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, isProduction: true } };
    expect(await seedDemoData(ctx)).toBe(false);
    expect(await counts(t)).toEqual({
      users: 0,
      recruiter_profiles: 0,
      seeker_profiles: 0,
      work_experiences: 0,
      jobs: 0,
    });
  });
});

describe('demo companies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.ctx);
  });
  afterAll(async () => {
    await t.close();
  });

  it('each has a stored logo, and the verified ones carry the mark', async () => {
    const rows = await t.ctx.db.query<{
      company_name: string;
      company_logo: string;
      is_verified: boolean;
    }>(
      'SELECT company_name, company_logo, is_verified FROM recruiter_profiles ORDER BY company_name',
    );
    expect(rows.map((r) => r.company_name)).toContain('Zenith Softworks');
    for (const row of rows) {
      const file = await t.ctx.storage.get(row.company_logo);
      expect(file?.contentType, row.company_name).toBe('image/webp');
    }
    expect(rows.filter((r) => r.is_verified).length).toBeGreaterThanOrEqual(4);
  });

  it('recommended candidates are precomputed for every demo recruiter, nothing left queued', async () => {
    const [row] = await t.ctx.db.query<{ stale: number; queued: number; recruiters: number }>(
      `SELECT (SELECT count(*)::int FROM candidate_score_state WHERE scored_rev <> jobs_rev) AS stale,
              (SELECT count(*)::int FROM candidate_score_dirty) AS queued,
              (SELECT count(DISTINCT recruiter_id)::int FROM candidate_scores) AS recruiters`,
    );
    expect(row).toEqual({ stale: 0, queued: 0, recruiters: DEMO_COMPANIES.length + 1 });
    // The Home tab's journeys (e2e/candidates.test.ts) scroll to a second page of 20: the demo
    // recruiter's seekers of their categories or area (decision 025) must fill it.
    const [demo] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM candidate_scores cs JOIN users u ON u.id = cs.recruiter_id
        WHERE u.phone_no = $1`,
      [DEMO_RECRUITER_PHONE],
    );
    expect(demo!.n).toBeGreaterThan(40);
  });

  it('generated seekers are onboarded with varied preferences across cities', async () => {
    const [row] = await t.ctx.db.query<{
      cities: number;
      categories: number;
      levels: number;
      missing: number;
    }>(
      `SELECT count(DISTINCT s.city_id)::int AS cities, count(DISTINCT s.job_category)::int AS categories,
              count(DISTINCT s.education_level)::int AS levels,
              count(*) FILTER (WHERE s.city_id IS NULL OR s.introduction IS NULL OR NOT u.is_onboarded)::int AS missing
         FROM seeker_profiles s JOIN users u ON u.id = s.user_id`,
    );
    expect(row!.cities).toBeGreaterThan(15);
    expect(row!.categories).toBeGreaterThanOrEqual(6);
    expect(row!.levels).toBeGreaterThanOrEqual(3);
    expect(row!.missing).toBe(0);
  });
});

describe('demo conversations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.ctx);
  });
  afterAll(async () => {
    await t.close();
  });

  it('the demo recruiter has chats in several statuses, one with the demo seeker', async () => {
    const cookie = await login(t, DEMO_RECRUITER_PHONE, '10.5.1.1');
    const statuses = new Set<string>();
    for (const status of ['initiated', 'interested', 'shortlisted', 'interviewing', 'hired']) {
      const res = await t.app.inject({ url: `/api/rooms?status=${status}`, headers: { cookie } });
      if (res.json().rooms.length > 0) statuses.add(status);
    }
    expect(statuses.size).toBeGreaterThanOrEqual(4);
    const seekerCookie = await login(t, DEMO_SEEKER_PHONE, '10.5.1.2');
    const mine = (
      await t.app.inject({ url: '/api/rooms', headers: { cookie: seekerCookie } })
    ).json().rooms;
    expect(mine[0]).toMatchObject({
      userName: 'Priya Sharma',
      status: 'shortlisted',
      jobTitle: 'Frontend Developer (React)',
    });
    expect(mine[0].unreadCount).toBe(1);
    // Automatic messages are stored as the app stores them: each reader's app says them in their
    // language from the kind and meta; an interview is ahead, not in the past.
    const auto = await t.ctx.db.query<{ kind: string; meta: Record<string, string> | null }>(
      `SELECT kind, meta FROM chat_messages WHERE kind IN ('status', 'interview')`,
    );
    expect(auto.length).toBeGreaterThanOrEqual(2);
    for (const m of auto) expect(m.meta, m.kind).not.toBeNull();
    const interview = auto.find((m) => m.kind === 'interview')!;
    expect(interview.meta!.date! >= new Date().toISOString().slice(0, 10)).toBe(true);
    // The demo seeker wrote to the demo recruiter: she sees his contact details.
    const rahul = await t.ctx.db.query<{ user_id: string }>(
      `SELECT u.id AS user_id FROM users u WHERE u.phone_no = $1`,
      [DEMO_SEEKER_PHONE],
    );
    const card = await t.app.inject({
      url: `/api/candidates/${rahul[0]!.user_id}`,
      headers: { cookie },
    });
    expect(card.json().profile).toMatchObject({ contactShared: true });
  });
});
