import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { COMPANY_RULE_VERSION } from '../../lib/company-domain.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, newRecruiter, newSeeker, type TestUser } from '../../test/users.ts';

// Decision 010 ("Brand look-alikes", session 25) and 028 ("Marks from an older rule re-checked"):
// a verified mark granted under an older company-verification rule is checked again at the next
// start; the ones the current rule refuses go, everywhere at once, with the reason kept.

let t: TestApp;
let blr: number;
beforeAll(async () => {
  t = await createTestApp();
  expect(await t.marksRechecked).toEqual({ checked: 0, removed: 0 });
  blr = await cityId(t, 'Bengaluru');
});
afterAll(async () => {
  await t.close();
});

/** Another start of the server on the same database (PGlite: the same one, in this process). */
async function start(lines: string[] = []): Promise<BuiltApp> {
  const logStream = { write: (line: string) => void lines.push(line) };
  const config = { ...t.ctx.config, logLevel: 'info' as const };
  return t.ctx.db.kind === 'postgres'
    ? buildApp(config, { overload: false, notifications: { poll: false }, logStream })
    : buildApp(config, {
        overload: false,
        notifications: { poll: false },
        logStream,
        db: t.ctx.db,
      });
}

/** A recruiter whose mark was granted before versioning (mark_rule 0) for this e-mail and site. */
async function markedBefore(company: string, email: string, site: string): Promise<TestUser> {
  const r = await newRecruiter(t, company);
  const domain = new URL(site).hostname.replace(/^www\./, '');
  await t.ctx.db.query(
    `UPDATE recruiter_profiles SET is_verified = true, verified_email = $2, email = $2, website_url = $3,
            verified_domain = $4, verified_at = now() - interval '2 days', mark_rule = 0
      WHERE user_id = $1`,
    [r.id, email, site, domain],
  );
  return r;
}

async function postJob(r: TestUser, title: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: { cookie: r.cookie },
    payload: {
      title,
      cityId: blr,
      type: 'full_time',
      level: '1_3',
      jobCategory: 'software_development',
      description: 'Build and run our warehouse software.',
      minSalary: 6,
      maxSalary: 9,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().job.id as string;
}

interface Mark {
  isVerified: boolean;
  verifiedDomain: string | null;
}
async function feedMarks(s: TestUser): Promise<Map<string, Mark>> {
  const res = await t.app.inject({ url: '/api/jobs/feed', headers: { cookie: s.cookie } });
  expect(res.statusCode).toBe(200);
  const jobs = res.json().jobs as { id: string; recruiter: Mark }[];
  return new Map(
    jobs.map((j) => [
      j.id,
      { isVerified: j.recruiter.isVerified, verifiedDomain: j.recruiter.verifiedDomain },
    ]),
  );
}
async function jobPageMark(s: TestUser, id: string): Promise<Mark> {
  const res = await t.app.inject({ url: `/api/jobs/${id}`, headers: { cookie: s.cookie } });
  expect(res.statusCode).toBe(200);
  const { isVerified, verifiedDomain } = res.json().job.recruiter as Mark;
  return { isVerified, verifiedDomain };
}
async function publicPageDomain(id: string): Promise<string | null> {
  const res = await t.app.inject({ url: `/api/public/jobs/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().job.verifiedDomain as string | null;
}

describe('verified marks from an older rule, at start', () => {
  it('takes away a mark the current rule refuses, everywhere at once, and keeps and stamps an honest one', async () => {
    const scam = await markedBefore(
      'Zenith Hiring',
      'hr@amazonhiringindia.com',
      'https://amazonhiringindia.com',
    );
    const honest = await markedBefore('Zenith Softworks', 'hr@zenith.in', 'https://zenith.in');
    const scamJob = await postJob(scam, 'Warehouse Associate');
    const honestJob = await postJob(honest, 'Warehouse Supervisor');
    const seeker = await newSeeker(t, { city_id: blr });

    // Before: both cards carry the mark (and this process keeps them).
    const before = await feedMarks(seeker);
    expect(before.get(scamJob)).toEqual({
      isVerified: true,
      verifiedDomain: 'amazonhiringindia.com',
    });
    expect(before.get(honestJob)).toEqual({ isVerified: true, verifiedDomain: 'zenith.in' });
    expect(await publicPageDomain(scamJob)).toBe('amazonhiringindia.com');

    const lines: string[] = [];
    const next = await start(lines);
    try {
      expect(await next.marksRechecked).toEqual({ checked: 2, removed: 1 });
    } finally {
      await next.app.close();
    }

    // The kept cards of the first instance, its job page and the public page: no mark.
    const after = await feedMarks(seeker);
    expect(after.get(scamJob)).toEqual({ isVerified: false, verifiedDomain: null });
    expect(after.get(honestJob)).toEqual({ isVerified: true, verifiedDomain: 'zenith.in' });
    expect(await jobPageMark(seeker, scamJob)).toEqual({ isVerified: false, verifiedDomain: null });
    expect(await jobPageMark(seeker, honestJob)).toEqual({
      isVerified: true,
      verifiedDomain: 'zenith.in',
    });
    expect(await publicPageDomain(scamJob)).toBeNull();

    // The honest mark is stamped with the current version; the other is recorded, with why.
    const rows = await t.ctx.db.query<{ user_id: string; is_verified: boolean; mark_rule: number }>(
      'SELECT user_id, is_verified, mark_rule FROM recruiter_profiles WHERE user_id = ANY($1::uuid[])',
      [[scam.id, honest.id]],
    );
    expect(rows.find((r) => r.user_id === honest.id)).toMatchObject({
      is_verified: true,
      mark_rule: COMPANY_RULE_VERSION,
    });
    expect(rows.find((r) => r.user_id === scam.id)?.is_verified).toBe(false);
    const actions = await t.ctx.db.query<{ target_user_id: string; reason: string }>(
      `SELECT target_user_id, reason FROM moderation_actions WHERE action = 'unverify' AND admin_id IS NULL
        AND target_user_id = ANY($1::uuid[])`,
      [[scam.id, honest.id]],
    );
    expect(actions).toHaveLength(1);
    expect(actions[0]!.target_user_id).toBe(scam.id);
    expect(actions[0]!.reason).toContain('carries the name Amazon');

    // The recruiter's settings say why, in their language.
    const own = await t.app.inject({
      url: '/api/recruiter/profile',
      headers: { cookie: scam.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().profile).toMatchObject({
      isVerified: false,
      verifiedDomain: null,
      markRemoved: { key: 'companyDomain.brand', vars: { brand: 'Amazon' } },
    });
    const kept = await t.app.inject({
      url: '/api/recruiter/profile',
      headers: { cookie: honest.cookie },
    });
    expect(kept.json().profile).toMatchObject({ isVerified: true, markRemoved: null });

    // One line with the counts, and no domain or company name in it.
    const logged = lines.filter((l) => l.includes('verified marks from an older rule re-checked'));
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({ checked: 2, removed: 1 });
    expect(logged[0]).not.toMatch(/amazon|zenith/i);

    // A second start has nothing left to check.
    const again = await start();
    try {
      expect(await again.marksRechecked).toEqual({ checked: 0, removed: 0 });
    } finally {
      await again.app.close();
    }
  });

  it('takes away a mark next to a big employer’s name on a domain not theirs', async () => {
    const r = await markedBefore(
      'Amazon India',
      'hr@zenith-logistics.in',
      'https://zenith-logistics.in',
    );
    const next = await start();
    try {
      expect(await next.marksRechecked).toEqual({ checked: 1, removed: 1 });
    } finally {
      await next.app.close();
    }
    const own = await t.app.inject({
      url: '/api/recruiter/profile',
      headers: { cookie: r.cookie },
    });
    expect(own.json().profile.markRemoved).toMatchObject({
      key: 'companyDomain.brandName',
      vars: { brand: 'Amazon', domain: 'zenith-logistics.in' },
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two instances starting together do the work once (PostgreSQL)',
    async () => {
      const bad = await Promise.all(
        [1, 2, 3].map((i) =>
          markedBefore(`Crew ${i}`, `hr@tcs-careers${i}.in`, `https://tcs-careers${i}.in`),
        ),
      );
      const good = await Promise.all(
        [1, 2, 3, 4].map((i) =>
          markedBefore(`Orbit ${i}`, `hr@orbit-tools${i}.in`, `https://orbit-tools${i}.in`),
        ),
      );
      // A recruiter's row held by another transaction meanwhile (a verification in flight): both
      // instances reach the re-check while it is held, so their runs overlap for sure.
      const holder = new pg.Client({ connectionString: t.ctx.config.databaseUrl! });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM recruiter_profiles WHERE user_id = $1 FOR UPDATE', [
        bad[0]!.id,
      ]);
      const [a, b] = await Promise.all([start(), start()]);
      try {
        let settled = 0;
        for (const run of [a.marksRechecked, b.marksRechecked]) void run.then(() => (settled += 1));
        // Until one waits on the row (the other waits for it, or finds its batch taken), or both
        // are done (nothing held them back).
        for (;;) {
          const { rows } = await holder.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
              WHERE NOT l.granted AND a.datname = current_database()`,
          );
          if (rows[0]!.n >= 1 || settled === 2) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
        await holder.query('COMMIT');
        const [ra, rb] = await Promise.all([a.marksRechecked, b.marksRechecked]);
        expect((ra?.checked ?? 0) + (rb?.checked ?? 0)).toBe(7);
        expect((ra?.removed ?? 0) + (rb?.removed ?? 0)).toBe(3);
      } finally {
        await holder.query('ROLLBACK').catch(() => undefined);
        await holder.end();
        await Promise.all([a.app.close(), b.app.close()]);
      }
      const recorded = await t.ctx.db.query<{ target_user_id: string }>(
        `SELECT target_user_id FROM moderation_actions WHERE action = 'unverify'
          AND target_user_id = ANY($1::uuid[])`,
        [[...bad, ...good].map((u) => u.id)],
      );
      expect(recorded.map((r) => r.target_user_id).sort()).toEqual(bad.map((u) => u.id).sort());
    },
  );
});
