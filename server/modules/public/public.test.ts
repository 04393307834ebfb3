import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, newRecruiter, type TestUser } from '../../test/users.ts';
import { forgetPublicStats } from './public.repo.ts';
import { RARE_CAP, rareWordsOf, SEARCH_WALK } from '../jobs/search-tiers.ts';

// The public pages' API, sitemap and robots (issue 17, decision 027), over HTTP against a real
// database: what a visitor without an account may read, and what they may not.

let t: TestApp;
let pune: number;
let blr: number;
let acme: TestUser;
let zen: TestUser;
let banned: TestUser;
let held: TestUser;
let minute = 0;

beforeAll(async () => {
  t = await createTestApp();
  [pune, blr] = await Promise.all([cityId(t, 'Pune'), cityId(t, 'Bengaluru')]);
  acme = await newRecruiter(t, 'Acme Logistics');
  zen = await newRecruiter(t, 'Zenith Softworks');
  banned = await newRecruiter(t, 'Shady Jobs');
  held = await newRecruiter(t, 'Held Corp');
  await t.ctx.db.query(
    `UPDATE recruiter_profiles SET is_verified = true, verified_domain = 'acme.in' WHERE user_id = $1`,
    [acme.id],
  );
});
afterAll(async () => {
  await t.close();
});

interface JobSpec {
  title?: string;
  city?: number | null;
  category?: string;
  status?: 'open' | 'closed';
  moderation?: 'published' | 'held' | 'hidden';
  min?: number | null;
  max?: number | null;
  description?: string;
  company?: string;
}

/** A job inserted as posted `minute` minutes after a fixed start, so the order is known. */
async function job(recruiter: TestUser, spec: JobSpec = {}): Promise<string> {
  minute += 1;
  const [row] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category,
                       min_salary, max_salary, description, status, moderation_state, created_at)
     VALUES ($1, $2, $3, $4, $5, 'full_time', '1_3', $6, $7, $8, $9, $10, $11,
             timestamptz '2026-01-01 00:00Z' + make_interval(mins => $12))
     RETURNING id`,
    [
      recruiter.id,
      spec.title ?? 'Warehouse Associate',
      spec.company ?? 'Acme Logistics',
      spec.city === null ? 'Remote' : 'Pune',
      spec.city === undefined ? pune : spec.city,
      spec.category ?? 'operations_admin',
      spec.min ?? null,
      spec.max ?? null,
      spec.description ?? 'Pick, pack and ship orders.',
      spec.status ?? 'open',
      spec.moderation ?? 'published',
      minute,
    ],
  );
  return row!.id;
}

const get = (url: string, ip = '10.17.0.1') => t.app.inject({ url, remoteAddress: ip });
let ipCounter = 0;
/** A fresh client address per request: the per-address limit is tested on its own. */
const visit = (url: string) => get(url, `10.17.1.${(ipCounter++ % 250) + 1}`);

type Page = {
  listing: Record<string, unknown>;
  jobs: { id: string; title: string; path: string; status: string }[];
  nextCursor: string | null;
};
const list = async (query = ''): Promise<Page> => {
  const res = await visit(`/api/public/jobs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the public job list', () => {
  let visible: string;
  let closed: string;
  let heldJob: string;
  let bannedJob: string;
  let heldRecruiterJob: string;

  beforeAll(async () => {
    visible = await job(acme, { title: 'Listed Associate' });
    closed = await job(acme, { title: 'Closed Associate', status: 'closed' });
    heldJob = await job(acme, { title: 'Held Associate', moderation: 'held' });
    bannedJob = await job(banned, { title: 'Banned Associate', company: 'Shady Jobs' });
    heldRecruiterJob = await job(held, { title: 'Reported Associate', company: 'Held Corp' });
    await t.ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [banned.id]);
    await t.ctx.db.query('UPDATE users SET held_at = now() WHERE id = $1', [held.id]);
  });

  it('needs no session and lists only open, published jobs of recruiters in good standing', async () => {
    const page = await list('?q=associate');
    const ids = page.jobs.map((j) => j.id);
    expect(ids).toContain(visible);
    for (const hidden of [closed, heldJob, bannedJob, heldRecruiterJob])
      expect(ids).not.toContain(hidden);
    expect(page.listing).toMatchObject({ kind: 'all' });
  });

  it('answers a job as an advertisement: no recruiter name, photo, phone or id', async () => {
    const page = await list('?q=listed');
    expect(page.jobs).toHaveLength(1);
    const [card] = page.jobs as unknown as Record<string, unknown>[];
    expect(card).toMatchObject({
      title: 'Listed Associate',
      company: 'Acme Logistics',
      verifiedDomain: 'acme.in',
      location: 'Pune',
      city: { slug: 'pune', name: 'Pune', state: 'Maharashtra' },
      status: 'open',
      path: `/jobs/view/listed-associate-acme-logistics-pune-${visible}`,
    });
    expect(JSON.stringify(card)).not.toContain(acme.id);
    expect(JSON.stringify(card)).not.toContain(acme.phone.slice(-10));
    expect(card).not.toHaveProperty('recruiter');
  });

  it('pages newest first by keyset, every job once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 45; i++)
      ids.unshift(
        await job(zen, {
          title: `Paging Tester ${i}`,
          company: 'Zenith Softworks',
          category: 'software_development',
          city: blr,
        }),
      );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Page = await list(
        `?q=paging%20tester${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.jobs.length).toBeLessThanOrEqual(20);
      seen.push(...page.jobs.map((j) => j.id));
      cursor = page.nextCursor;
      pages += 1;
      // A job posted while someone pages does not shift the pages after it.
      if (pages === 1)
        await job(zen, {
          title: 'Paging Tester late',
          category: 'software_development',
          city: blr,
        });
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(ids);
  });

  it('filters by category, by city slug and by words, and combines them', async () => {
    const software = await list('?category=software_development');
    expect(software.jobs.length).toBeGreaterThan(0);
    expect(
      software.jobs.every(
        (j) => (j as unknown as { jobCategory: string }).jobCategory === 'software_development',
      ),
    ).toBe(true);
    const inPune = await list('?city=pune');
    expect(inPune.jobs.map((j) => j.id)).toContain(visible);
    expect(
      inPune.jobs.every((j) => (j as unknown as { location: string }).location === 'Pune'),
    ).toBe(true);
    const both = await list('?city=bengaluru&category=operations_admin');
    expect(both.jobs).toEqual([]);
    const words = await list('?q=LISTED%20associate');
    expect(words.jobs.map((j) => j.id)).toEqual([visible]);
    // LIKE's wildcards are plain characters in a search.
    expect((await list('?q=%25')).jobs).toEqual([]);
  });

  it('/jobs/{slug}: a category, a city, a topic of the spec sample; anything else is 404', async () => {
    expect((await list('?in=software-development')).listing).toMatchObject({
      kind: 'category',
      category: 'software_development',
    });
    expect((await list('?in=pune')).listing).toMatchObject({
      kind: 'city',
      city: { slug: 'pune', name: 'Pune', state: 'Maharashtra' },
    });
    const insurance = await job(zen, {
      title: 'Health Insurance Advisor',
      category: 'sales_bd',
      description: 'Sell health insurance plans.',
    });
    const recruiter = await job(zen, { title: 'Tech Recruiter', category: 'other' });
    const health = await list('?in=health-insurance');
    expect(health.listing).toMatchObject({ kind: 'topic', topic: 'healthInsurance' });
    expect(health.jobs.map((j) => j.id)).toEqual([insurance]);
    const tech = await list('?in=tech-recruiter');
    expect(tech.jobs.map((j) => j.id)).toEqual([recruiter]);
    expect((await visit('/api/public/jobs?in=no-such-place')).statusCode).toBe(404);
    expect((await visit('/api/public/jobs?city=atlantis')).statusCode).toBe(404);
    // Cities that share a name: the biggest keeps the plain slug, the others name their state.
    const aurangabad = await list('?in=aurangabad');
    expect(aurangabad.listing).toMatchObject({ kind: 'city', city: { state: 'Maharashtra' } });
    expect((await list('?in=aurangabad-bihar')).listing).toMatchObject({
      city: { name: 'Aurangabad', state: 'Bihar' },
    });
  });

  it('refuses a tampered cursor with 400, never 500', async () => {
    expect((await visit('/api/public/jobs?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('answers public, cacheable JSON for everyone alike', async () => {
    const res = await visit('/api/public/jobs');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await visit('/api/public/jobs?in=nowhere-at-all')).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it("a job page: open; closed says so with validThrough past; held or banned recruiter's is 404", async () => {
    const open = await visit(`/api/public/jobs/${visible}`);
    expect(open.statusCode).toBe(200);
    const openJob = open.json().job;
    expect(openJob).toMatchObject({
      status: 'open',
      description: 'Pick, pack and ship orders.',
      path: `/jobs/view/listed-associate-acme-logistics-pune-${visible}`,
    });
    expect(Date.parse(openJob.validThrough)).toBeGreaterThan(Date.now());

    const closedRes = await visit(`/api/public/jobs/${closed}`);
    expect(closedRes.statusCode).toBe(200);
    const closedJob = closedRes.json().job;
    expect(closedJob.status).toBe('closed');
    expect(Date.parse(closedJob.validThrough)).toBeLessThanOrEqual(Date.now());

    for (const hidden of [heldJob, bannedJob, heldRecruiterJob])
      expect((await visit(`/api/public/jobs/${hidden}`)).statusCode).toBe(404);
    expect((await visit('/api/public/jobs/not-a-uuid')).statusCode).toBe(404);
  });
});

describe("a job page's address", () => {
  it('a wrong slug with the right id answers 301 to the canonical address, query kept', async () => {
    const id = await job(acme, { title: 'Forklift Driver' });
    const canonical = `/jobs/view/forklift-driver-acme-logistics-pune-${id}`;
    const wrong = await visit(`/jobs/view/old-title-${id}?chat=1`);
    expect(wrong.statusCode).toBe(301);
    expect(wrong.headers.location).toBe(`${canonical}?chat=1`);
    expect((await visit(`/jobs/view/${id}`)).headers.location).toBe(canonical);
    // The canonical address goes on to the web app (no redirect loop).
    expect((await visit(canonical)).statusCode).not.toBe(301);
    // A remote job is named by its location.
    const remote = await job(acme, { title: 'Remote Dispatcher', city: null });
    expect((await visit(`/jobs/view/x-${remote}`)).headers.location).toBe(
      `/jobs/view/remote-dispatcher-acme-logistics-remote-${remote}`,
    );
  });

  it('an id nobody may see is not redirected anywhere', async () => {
    const hidden = await job(acme, { title: 'Hidden Driver', moderation: 'hidden' });
    expect((await visit(`/jobs/view/hidden-driver-${hidden}`)).statusCode).not.toBe(301);
  });
});

describe('companies and the salary guide', () => {
  it('/companies lists verified companies in good standing with open jobs, with their newest jobs', async () => {
    const res = await visit('/api/public/companies');
    expect(res.statusCode).toBe(200);
    const { companies } = res.json() as {
      companies: {
        name: string;
        verifiedDomain: string;
        openJobs: number;
        jobs: { title: string }[];
      }[];
    };
    expect(companies.map((c) => c.name)).toEqual(['Acme Logistics']);
    const [acmeCard] = companies;
    expect(acmeCard!.verifiedDomain).toBe('acme.in');
    expect(acmeCard!.jobs.length).toBe(3);
    expect(acmeCard!.openJobs).toBeGreaterThanOrEqual(3);
    // A verified company whose recruiter is suspended is not listed.
    await t.ctx.db.query(
      `UPDATE recruiter_profiles SET is_verified = true, verified_domain = 'shady.in' WHERE user_id = $1`,
      [banned.id],
    );
    expect((await visit('/api/public/companies')).json().companies).toHaveLength(1);
  });

  it('/companies pages by name, keyset', async () => {
    const names: string[] = [];
    for (let i = 0; i < 22; i++) {
      const r = await newRecruiter(t, `Company ${String(i).padStart(2, '0')}`);
      await t.ctx.db.query(
        `UPDATE recruiter_profiles SET is_verified = true, verified_domain = $2 WHERE user_id = $1`,
        [r.id, `c${i}.in`],
      );
      await job(r, { title: 'Any Job', company: `Company ${i}` });
      names.push(`Company ${String(i).padStart(2, '0')}`);
    }
    const first = (await visit('/api/public/companies')).json();
    expect(first.companies).toHaveLength(20);
    const second = (
      await visit(`/api/public/companies?cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.companies, ...second.companies].map((c: { name: string }) => c.name);
    expect(all).toEqual(
      ['Acme Logistics', ...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // The cursor names no account: nothing in it reads as the last company's recruiter id.
    const ids = (
      await t.ctx.db.query<{ user_id: string }>(
        'SELECT user_id::text FROM recruiter_profiles WHERE is_verified',
      )
    ).map((r) => r.user_id);
    const decoded = Buffer.from(first.nextCursor, 'base64url').toString('latin1');
    for (const id of ids) {
      expect(first.nextCursor).not.toContain(id);
      expect(decoded).not.toContain(id);
    }
    // An altered cursor is a 400, not another page.
    const altered = `${first.nextCursor.slice(0, -2)}${first.nextCursor.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await visit(`/api/public/companies?cursor=${altered}`)).statusCode).toBe(400);
  });

  it('the salary guide: low, median and high per category, for India and per city', async () => {
    const r = await newRecruiter(t, 'Salary Co');
    const mumbai = await cityId(t, 'Mumbai');
    for (const [min, max] of [
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ])
      await job(r, { title: 'Teacher', category: 'education_training', city: mumbai, min, max });
    await job(r, { title: 'Teacher', category: 'education_training', city: mumbai });
    forgetPublicStats(t.ctx.db);
    const res = await visit('/api/public/salary-guide');
    expect(res.statusCode).toBe(200);
    const guide = res.json();
    const india = guide.india.find(
      (row: { category: string }) => row.category === 'education_training',
    );
    expect(india).toEqual({
      category: 'education_training',
      jobs: 5,
      withSalary: 4,
      low: 3.5,
      median: 6,
      high: 8.5,
    });
    const city = guide.cities.find((c: { slug: string }) => c.slug === 'mumbai');
    expect(city.rows).toEqual([india]);
    // The filters' counts come from the same aggregate.
    const filters = (await visit('/api/public/filters')).json();
    expect(filters.cities).toContainEqual({
      slug: 'mumbai',
      name: 'Mumbai',
      state: 'Maharashtra',
      jobs: 5,
    });
    expect(filters.categories).toContainEqual({
      code: 'education_training',
      slug: 'education-training',
      jobs: 5,
    });
  });
});

describe('robots.txt, the sitemap and /manifest.json', () => {
  it('robots.txt allows the public pages, disallows the API and signed-in screens, names the sitemap', async () => {
    const res = await visit('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /jobseeker-dashboard',
        'Disallow: /recruiter-dashboard',
      ]),
    );
    expect(lines).toContain(`Sitemap: ${t.ctx.config.publicOrigin}/sitemap.xml`);
    expect(lines).not.toContain('Disallow: /jobs');
  });

  it('a small sitemap is one file: the public pages and every open job', async () => {
    const res = await visit('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml/);
    expect(res.body).toContain('<urlset');
    const origin = t.ctx.config.publicOrigin;
    for (const p of [
      '/jobs',
      '/companies',
      '/salary-guide',
      '/privacy',
      '/jobs/health-insurance',
      '/jobs/tech-recruiter',
      '/jobs/software-development',
      '/jobs/pune',
    ])
      expect(res.body).toContain(`<loc>${origin}${p}</loc>`);
    const open = await t.ctx.db.query<{ id: string }>(
      `SELECT id FROM jobs WHERE status = 'open' AND moderation_state = 'published'
          AND recruiter_id NOT IN ($1, $2)`,
      [banned.id, held.id],
    );
    const listed = [...res.body.matchAll(/\/jobs\/view\/[^<]*-([0-9a-f-]{36})<\/loc>/g)].map(
      (m) => m[1],
    );
    expect(listed.sort()).toEqual(open.map((r) => r.id).sort());
  });

  it('/manifest.json is never the HTML shell', async () => {
    const res = await visit('/manifest.json');
    expect(res.headers['content-type'] ?? '').not.toMatch(/text\/html/);
    expect([301, 404]).toContain(res.statusCode);
    if (res.statusCode === 301) expect(res.headers.location).toBe('/manifest.webmanifest');
  });
});

describe('a large sitemap is an index of files (page size made small)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({}, { sitemapUrlsPerFile: 5 });
  });
  afterAll(async () => {
    await small.close();
  });

  it('splits the open jobs into files of at most 5 URLs, each job once, none hidden', async () => {
    const r = await newRecruiter(small, 'Split Co');
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const [row] = await small.ctx.db.query<{ id: string }>(
        `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, created_at)
         VALUES ($1, $2, 'Split Co', 'full_time', 'entry', 'other', 'Work',
                 timestamptz '2026-02-01 00:00Z' + make_interval(mins => $3)) RETURNING id`,
        [r.id, `Split Job ${i}`, i],
      );
      ids.push(row!.id);
    }
    await small.ctx.db.query(`UPDATE jobs SET status = 'closed' WHERE id = $1`, [ids[3]]);
    const open = ids.filter((_, i) => i !== 3);
    const origin = small.ctx.config.publicOrigin;
    const index = await small.app.inject({ url: '/sitemap.xml', remoteAddress: '10.18.0.1' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
    const files = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(files[0]).toBe(`${origin}/sitemaps/pages.xml`);
    expect(files).toHaveLength(1 + Math.ceil(open.length / 5));
    const seen: string[] = [];
    for (const file of files.slice(1)) {
      const res = await small.app.inject({
        url: file.slice(origin.length),
        remoteAddress: '10.18.0.2',
      });
      expect(res.statusCode, file).toBe(200);
      const jobs = [...res.body.matchAll(/-([0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
      expect(jobs.length).toBeLessThanOrEqual(5);
      seen.push(...jobs);
    }
    expect(seen).toEqual(open);
    const pages = await small.app.inject({
      url: '/sitemaps/pages.xml',
      remoteAddress: '10.18.0.3',
    });
    expect(pages.body).toContain(`<loc>${origin}/jobs</loc>`);
    expect(
      (await small.app.inject({ url: '/sitemaps/jobs-bogus.xml', remoteAddress: '10.18.0.4' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await small.app.inject({ url: '/sitemaps/other.xml', remoteAddress: '10.18.0.4' }))
        .statusCode,
    ).toBe(404);
    // Cursors of the right shape whose values SQL would refuse mid-stream (a cut-off file served
    // as a cacheable 200): refused before anything is sent.
    for (const forged of [
      ['1', '-'.repeat(36)],
      ['1', '3f2b8c1e-9a4d-4c6b-8e2f-1a7d5b9c0e34'],
      ['2026-13-45 99:00:00+00', '3f2b8c1e-9a4d-4c6b-8e2f-1a7d5b9c0e34'],
    ]) {
      const res = await small.app.inject({
        url: `/sitemaps/jobs-${Buffer.from(JSON.stringify(forged)).toString('base64url')}.xml`,
        remoteAddress: '10.18.0.5',
      });
      expect(res.statusCode, JSON.stringify(forged)).toBe(404);
    }
  });
});

describe('the per-address limit', () => {
  it('refuses a burst from one address with 429 and Retry-After, and other addresses go on', async () => {
    let refused = null;
    for (let i = 0; i < 80 && !refused; i++) {
      const res = await get('/api/public/filters', '10.17.250.1');
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.json().error.message).toMatch(/^Too many requests from your network/);
    expect((await get('/api/public/filters', '10.17.250.2')).statusCode).toBe(200);
  });

  it('counts an IPv6 client as its /64: each request from a new address of it is refused too', async () => {
    let refused = null;
    for (let i = 1; i < 200 && !refused; i++) {
      const res = await get('/api/public/filters', `2001:db8:77:1:${i.toString(16)}::1`);
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect((await get('/api/public/filters', '2001:db8:77:1:ffff::9')).statusCode).toBe(429);
    expect((await get('/api/public/filters', '2001:db8:77:2::1')).statusCode).toBe(200);
  });
});

describe('public search over a large catalogue', () => {
  it('finds a rare word behind more jobs than a search walks, newest first, page by page', async () => {
    const p = await createTestApp();
    try {
      const r = await newRecruiter(p, 'Catalogue Co');
      const city = await cityId(p, 'Pune');
      // 25 jobs with the word, older than SEARCH_WALK + 100 jobs without it.
      const count = SEARCH_WALK + 125;
      const made = await p.ctx.db.query<{ id: string; g: number }>(
        `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
         SELECT $1, 'Job ' || g || CASE WHEN g > $3::int - 25 THEN ' Zyxwarehouse' ELSE '' END,
                'Catalogue Co', 'Pune', $2::int, 'full_time', '1_3', 'operations_admin', 'd',
                now() - g * interval '1 minute'
           -- Oldest first, as jobs are posted: a read in the table's order meets the oldest first.
           FROM generate_series($3::int, 1, -1) g
         RETURNING id, split_part(title, ' ', 2)::int AS g`,
        [r.id, city, count],
      );
      const rare = made.filter((j) => j.g > count - 25).sort((a, b) => a.g - b.g);
      const search = async (word: string, pages = Infinity) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await p.app.inject({
            url: `/api/public/jobs?q=${word}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json() as Page;
          seen.push(...page.jobs.map((j) => j.id));
          cursor = page.nextCursor;
        } while (cursor && --pages > 0);
        return seen;
      };
      expect(await search('zyxwarehouse')).toEqual(rare.map((j) => j.id));
      // Found rare, the word is remembered, and its next search reads the index first: the same
      // jobs in the same order.
      const words = rareWordsOf(p.ctx.db);
      expect([...words.keys()]).toEqual(['public:::zyxwarehouse']);
      expect(await search('zyxwarehouse')).toEqual(rare.map((j) => j.id));
      // A word no job has is as rare as a word gets (the list's rules are in its statement).
      expect(await search('nowordlikethis')).toEqual([]);
      expect(words.has('public:::nowordlikethis')).toBe(true);
      // A word remembered rare that is not (every job has it, more than RARE_CAP): still the
      // newest jobs, and no longer remembered.
      expect(count).toBeGreaterThan(RARE_CAP);
      words.set('public:::job', true);
      const newest = made.sort((a, b) => a.g - b.g).slice(0, 40);
      expect(await search('job', 2)).toEqual(newest.map((j) => j.id));
      expect(words.has('public:::job')).toBe(false);
    } finally {
      await p.close();
    }
  }, 60_000);
});
