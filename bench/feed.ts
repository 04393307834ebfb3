// npm run bench:feed — the seeker feed with 100,000 jobs on PostgreSQL.
// Seeds its own scratch database, serves the real API on a local port and times, sequentially:
// feed page 1, page 50 and a search through HTTP, next to the same SQL statement run bare
// through the driver in this process (the baseline), plus the simplest indexed page query as a
// floor. Prints EXPLAIN ANALYZE plans. Pass: each endpoint's p99 within 2x its baseline's.
import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { createSession } from '#server/modules/auth/sessions.ts';
import { feedQuery, seekerSide } from '#server/modules/jobs/feed.repo.ts';
import { measure, scratchDatabase, table, type Timing } from './lib.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const N = Number(process.env.BENCH_N ?? 200);

const db = await scratchDatabase('nearhire_bench_feed');
// BENCH_PG_OPTIONS lets a run try server settings, e.g. "-c random_page_cost=1.1" (SSD).
const pgOptions = process.env.BENCH_PG_OPTIONS
  ? `?options=${encodeURIComponent(process.env.BENCH_PG_OPTIONS)}`
  : '';
const { app, ctx } = await buildApp({
  ...testConfig(),
  databaseUrl: db.url + pgOptions,
  logLevel: 'silent',
});
try {
  console.log(`seeding ${JOBS} jobs...`);
  await ctx.db.exec(`
    INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
      SELECT '+9170000' || lpad(g::text, 5, '0'), 'recruiter', true, 4 FROM generate_series(1, 200) g;
    INSERT INTO recruiter_profiles (user_id, full_name, company_name, is_verified)
      SELECT id, 'Recruiter ' || phone_no, 'Company ' || right(phone_no, 3), (right(phone_no, 1)::int % 2 = 0) FROM users;
    INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, min_salary, max_salary, description, status, created_at)
      SELECT r.user_id,
             (ARRAY['Sales Executive','React Developer','Accountant','Warehouse Supervisor','Telecaller','Teacher','Data Analyst','Store Manager'])[1 + g % 8] || ' ' || g,
             r.company_name,
             CASE WHEN g % 10 = 0 THEN 'Remote' ELSE c.name END,
             CASE WHEN g % 10 = 0 THEN NULL ELSE c.id END,
             (ARRAY['full_time','part_time','contract','internship'])[1 + (g / 7) % 4],
             (ARRAY['entry','1_3','3_5','5_plus','senior'])[1 + (g / 3) % 5],
             (ARRAY['software_development','marketing_advertising','sales_bd','finance_accounting','customer_support','education_training','operations_admin','other'])[1 + (g / 11) % 8],
             (g % 12)::float8, (g % 12 + 3)::float8,
             'Job number ' || g || ': a realistic description of duties, shifts, benefits and the team you will join.',
             CASE WHEN g % 9 = 0 THEN 'closed' ELSE 'open' END,
             now() - (g || ' minutes')::interval
        FROM generate_series(1, ${JOBS}) g
        JOIN LATERAL (SELECT user_id, company_name FROM recruiter_profiles ORDER BY user_id OFFSET (g % 200) LIMIT 1) r ON true
        JOIN cities c ON c.id = 1 + (g * 7919) % 300;
    INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ('+919999900001', 'user', true, 6);
    INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, experience_range, salary_range, city_id)
      SELECT id, 'Bench Seeker', 'software_development', 'full_time', '1_3', '6_10', (SELECT id FROM cities WHERE name = 'Bengaluru' LIMIT 1)
        FROM users WHERE phone_no = '+919999900001';`);
  // As autovacuum would after a bulk load: statistics and the visibility map for index-only scans.
  await ctx.db.exec('VACUUM ANALYZE');
  const [seeker] = await ctx.db.query<{ id: string }>(
    `SELECT id FROM users WHERE phone_no = '+919999900001'`,
  );
  const token = await createSession(ctx.db, seeker!.id, '127.0.0.1', 'bench');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const headers = { cookie: `sid=${token}` };
  const get = async (qs: string) => {
    const res = await fetch(`${base}/api/jobs/feed${qs}`, { headers });
    if (res.status !== 200) throw new Error(`feed ${res.status}: ${await res.text()}`);
    return (await res.json()) as { jobs: unknown[]; nextCursor: string | null };
  };

  // The cursor of page 50, found by walking the feed like a client would.
  let cursor: string | null = null;
  for (let i = 1; i < 50; i++) cursor = (await get(cursor ? `?cursor=${cursor}` : '')).nextCursor;
  const me = await seekerSide(ctx.db, seeker!.id);
  const scenarios: { name: string; qs: string; opts: { q: string; cursor?: string } }[] = [
    { name: 'feed page 1', qs: '', opts: { q: '' } },
    { name: 'feed page 50', qs: `?cursor=${cursor}`, opts: { q: '', cursor: cursor! } },
    { name: "feed search 'warehouse'", qs: '?q=warehouse', opts: { q: 'warehouse' } },
  ];

  const rows: Timing[] = [];
  const verdicts: string[] = [];
  for (const s of scenarios) {
    const { sql, params } = feedQuery(me, s.opts, seeker!.id);
    const api = await measure(`${s.name} (HTTP API)`, N, () => get(s.qs));
    const bare = await measure(`${s.name} (bare SQL baseline)`, N, () => ctx.db.query(sql, params));
    rows.push(api, bare);
    const ratio = api.p99 / bare.p99;
    verdicts.push(
      `${s.name}: p99 ${api.p99.toFixed(1)} ms vs baseline ${bare.p99.toFixed(1)} ms = ${ratio.toFixed(2)}x ${ratio <= 2 ? 'PASS' : 'FAIL'}`,
    );
  }
  rows.push(
    await measure('floor: newest 21 open jobs (index only)', N, () =>
      ctx.db.query(
        `SELECT id FROM jobs WHERE status = 'open' ORDER BY created_at DESC, id DESC LIMIT 21`,
      ),
    ),
  );

  console.log(
    `\n${JOBS} jobs, ${N} sequential requests each, PostgreSQL (${db.url.replace(/\/\/[^@]*@/, '//')})\n`,
  );
  console.log(table(rows));
  console.log(`\n${verdicts.join('\n')}`);

  const explain = async (label: string, sql: string, params: unknown[]) => {
    const plan = await ctx.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      params,
    );
    console.log(`\n--- EXPLAIN ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  if (process.env.BENCH_EXPLAIN !== '0') {
    for (const s of scenarios) {
      const { sql, params } = feedQuery(me, s.opts, seeker!.id);
      await explain(s.name, sql, params);
    }
    const [rec] = await ctx.db.query<{ user_id: string }>(
      'SELECT user_id FROM recruiter_profiles LIMIT 1',
    );
    await explain(
      'recruiter list page 1',
      `SELECT j.id FROM jobs j WHERE j.recruiter_id = $1 ORDER BY j.created_at DESC, j.id DESC LIMIT 21`,
      [rec!.user_id],
    );
  }
  process.exitCode = verdicts.some((v) => v.endsWith('FAIL')) ? 1 : 0;
} finally {
  await app.close();
  await db.drop();
}
