import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { FEED_CANDIDATES, WIDER_CANDIDATES } from './feed.repo.ts';
import { rankingsOf } from './feed-rankings.ts';
import { farHits, RARE_CAP, rareWordsOf, SEARCH_WALK } from './search-tiers.ts';
import {
  cityId,
  markOnboarded,
  newRecruiter,
  newSeeker,
  newUser,
  type TestUser,
} from '../../test/users.ts';

let t: TestApp;
let blr: number;
let mysuru: number;
let delhi: number;
beforeAll(async () => {
  t = await createTestApp();
  [blr, mysuru, delhi] = await Promise.all([
    cityId(t, 'Bengaluru'),
    cityId(t, 'Mysuru'),
    cityId(t, 'Delhi'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const job = (over: Record<string, unknown> = {}) => ({
  title: 'Frontend Developer',
  cityId: blr,
  type: 'full_time',
  level: '1_3',
  jobCategory: 'software_development',
  description: 'Build our React app.',
  minSalary: 6,
  maxSalary: 9,
  ...over,
});
const post = (u: TestUser, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/jobs',
    payload: body as object,
    headers: { cookie: u.cookie },
  });
const get = (u: TestUser, url: string) => t.app.inject({ url, headers: { cookie: u.cookie } });

const seeker = (prefs: Record<string, string | number | null> = {}): Promise<TestUser> =>
  newSeeker(t, { city_id: blr, ...prefs });

describe('posting a job', () => {
  it('takes the company from the profile, never from the request', async () => {
    const r = await newRecruiter(t, 'Zenith Softworks');
    const res = await post(r, { ...job(), company: 'Google' });
    expect(res.statusCode).toBe(201);
    expect(res.json().job).toMatchObject({
      company: 'Zenith Softworks',
      location: 'Bengaluru',
      status: 'open',
      applications: 0,
    });
  });

  it.each([
    ['title', 'Please enter a job title'],
    ['cityId', 'Please choose a location'],
    ['type', 'Please choose a job type'],
    ['level', 'Please choose an experience level'],
    ['jobCategory', 'Please choose a job category'],
    ['description', 'Please enter a job description'],
  ])('refuses a job without %s', async (field, message) => {
    const r = await newRecruiter(t);
    const res = await post(r, job({ [field]: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('accepts Remote (no city) and missing salaries; refuses min > max and nonsense salaries', async () => {
    const r = await newRecruiter(t);
    const remote = await post(r, job({ cityId: null, minSalary: undefined, maxSalary: '' }));
    expect(remote.json().job).toMatchObject({
      location: 'Remote',
      minSalary: null,
      maxSalary: null,
    });
    const order = await post(r, job({ minSalary: 10, maxSalary: 5 }));
    expect(order.json().error.message).toBe('Minimum salary cannot be more than maximum salary');
    const nonsense = await post(r, job({ minSalary: 'lots' }));
    expect(nonsense.json().error.message).toBe(
      'Please enter the salary in LPA as a number between 0 and 1000',
    );
  });

  it('salaries are plain numbers: hex, exponents and Infinity are refused', async () => {
    const r = await newRecruiter(t);
    for (const minSalary of ['0x10', '1e2', 'Infinity', '-3', '4.'])
      expect((await post(r, job({ minSalary }))).statusCode, minSalary).toBe(400);
    expect((await post(r, job({ minSalary: ' 4.5 ' }))).json().job.minSalary).toBe(4.5);
  });

  it('over-long texts are told their bound, not that they are missing', async () => {
    const r = await newRecruiter(t);
    const title = await post(r, job({ title: 'x'.repeat(121) }));
    expect(title.json().error.message).toBe('Please keep this to 120 characters or fewer.');
    const description = await post(r, job({ description: 'x'.repeat(5001) }));
    expect(description.json().error.message).toBe('Please keep this to 5000 characters or fewer.');
  });

  it('a title of nothing but emoji or symbols is refused; emoji beside words stay', async () => {
    const r = await newRecruiter(t);
    for (const title of ['🚀🚀🚀', '***', '🙏 — ✨'])
      expect((await post(r, job({ title }))).json().error.message, title).toBe(
        'Please write the job title in words, not only symbols or emoji',
      );
    for (const title of ['Barista ☕', 'सेल्स एग्ज़ीक्यूटिव', 'C++ Developer']) {
      const res = await post(r, job({ title }));
      expect(res.statusCode, title).toBe(201);
      expect(res.json().job.title).toBe(title);
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/jobs/${res.json().job.id}`,
        payload: { title: '🚀' },
        headers: { cookie: r.cookie },
      });
      expect(edit.json().error.message).toBe(
        'Please write the job title in words, not only symbols or emoji',
      );
    }
  });

  it('the same post twice at once (a double tap) makes one job; a different one is another', async () => {
    const r = await newRecruiter(t);
    const body = job({ title: 'Double Tap Tester' });
    const [a, b] = await Promise.all([post(r, body), post(r, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().job.id).toBe(b.json().job.id);
    const other = await post(r, job({ title: 'Double Tap Tester', cityId: null }));
    expect(other.json().job.id).not.toBe(a.json().job.id);
    const [mine] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM jobs WHERE recruiter_id = $1',
      [r.id],
    );
    expect(mine!.n).toBe(2);
  });

  it('a seeker cannot post; without a session the spec message comes back', async () => {
    const s = await seeker();
    const res = await post(s, job());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Only recruiters can post jobs');
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/jobs', payload: job() });
    expect(anonymous.json().error.message).toBe('You must be logged in to post a job');
  });
});

describe('changing a job', () => {
  it('the owner edits and closes it; another recruiter cannot', async () => {
    const owner = await newRecruiter(t);
    const other = await newRecruiter(t);
    const id = (await post(owner, job())).json().job.id;
    const headers = (u: TestUser) => ({ cookie: u.cookie });

    const theirs = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${id}`,
      payload: { title: 'Hacked' },
      headers: headers(other),
    });
    expect(theirs.statusCode).toBe(403);
    const closeTheirs = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}/status`,
      payload: { status: 'closed' },
      headers: headers(other),
    });
    expect(closeTheirs.statusCode).toBe(403);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${id}`,
      payload: { title: 'Senior Frontend Developer', cityId: mysuru, maxSalary: 12 },
      headers: headers(owner),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().job).toMatchObject({
      title: 'Senior Frontend Developer',
      location: 'Mysuru',
      minSalary: 6,
      maxSalary: 12,
    });
    const badOrder = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${id}`,
      payload: { minSalary: 20 },
      headers: headers(owner),
    });
    expect(badOrder.json().error.message).toBe('Minimum salary cannot be more than maximum salary');

    const close = await t.app.inject({
      method: 'PUT',
      url: `/api/jobs/${id}/status`,
      payload: { status: 'closed' },
      headers: headers(owner),
    });
    expect(close.json().job.status).toBe('closed');
    const s = await seeker();
    expect((await get(s, `/api/jobs/${id}`)).json().job.status).toBe('closed');
  });

  it('an edit says the bound of an over-long text and asks for a location that is not one', async () => {
    const owner = await newRecruiter(t);
    const id = (await post(owner, job())).json().job.id;
    const patch = (payload: object) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/jobs/${id}`,
        payload,
        headers: { cookie: owner.cookie },
      });
    expect((await patch({ title: 'x'.repeat(121) })).json().error.message).toBe(
      'Please keep this to 120 characters or fewer.',
    );
    expect((await patch({ description: 'x'.repeat(5001) })).json().error.message).toBe(
      'Please keep this to 5000 characters or fewer.',
    );
    for (const cityId of [-1, 1.5, 'Pune'])
      expect((await patch({ cityId })).json().error.message, String(cityId)).toBe(
        'Please choose a location',
      );
  });

  it("'Job not found' for a missing or malformed id", async () => {
    const s = await seeker();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-job', '%27%3B--']) {
      const res = await get(s, `/api/jobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('Job not found');
    }
  });
});

describe('the seeker feed', () => {
  // Each describe gets its own database so counts are exact.
  let f: TestApp;
  const fpost = (u: TestUser, body: unknown) =>
    f.app.inject({
      method: 'POST',
      url: '/api/jobs',
      payload: body as object,
      headers: { cookie: u.cookie },
    });
  const feed = (u: TestUser, qs = '') =>
    f.app.inject({ url: `/api/jobs/feed${qs}`, headers: { cookie: u.cookie } });
  let recruiter: TestUser;
  let fSeeker: TestUser;

  beforeAll(async () => {
    f = await createTestApp();
    recruiter = await newRecruiter(f, 'Feed Co');
    fSeeker = await newUser(f, 'user');
    await f.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, experience_range, salary_range, city_id)
       VALUES ($1, 'S', 'software_development', 'full_time', '1_3', '6_10', $2)`,
      [fSeeker.id, blr],
    );
    await markOnboarded(f, fSeeker.id, 6);
  });
  afterAll(async () => {
    await f.close();
  });

  it('ranks by match score with reasons and real distance, hides closed jobs, and filters', async () => {
    const best = (await fpost(recruiter, job({ title: 'React Developer' }))).json().job.id;
    const far = (
      await fpost(recruiter, job({ title: 'React Developer Delhi', cityId: delhi }))
    ).json().job.id;
    const near = (
      await fpost(recruiter, job({ title: 'Vue Developer Mysuru', cityId: mysuru }))
    ).json().job.id;
    const other = (
      await fpost(
        recruiter,
        job({
          title: 'Telecaller',
          jobCategory: 'customer_support',
          type: 'part_time',
          level: 'entry',
          minSalary: 1,
          maxSalary: 2,
          cityId: delhi,
        }),
      )
    ).json().job.id;
    const closed = (await fpost(recruiter, job({ title: 'Closed React role' }))).json().job.id;
    await f.app.inject({
      method: 'PUT',
      url: `/api/jobs/${closed}/status`,
      payload: { status: 'closed' },
      headers: { cookie: recruiter.cookie },
    });

    const res = await feed(fSeeker);
    expect(res.statusCode).toBe(200);
    const jobs = res.json().jobs as {
      id: string;
      match: { score: number; reasons: { code: string; km?: number }[]; distanceKm: number | null };
    }[];
    // The telecaller job in Delhi matches neither the category nor the area: not in the main
    // feed, only in the labelled wider section (a related category).
    expect(jobs.map((j) => j.id)).toEqual([best, near, far]);
    expect(res.json().fewMatches).toBe(true);
    const wider = res.json().wider as typeof jobs;
    expect(wider.map((j) => j.id)).toEqual([other]);
    expect(jobs[0]!.match.score).toBe(100);
    expect(jobs[0]!.match.reasons.map((r) => r.code)).toEqual([
      'category',
      'jobType',
      'experience',
      'salary',
      'nearby',
    ]);
    expect(jobs[0]!.match.distanceKm).toBe(0);
    const nearKm = jobs[1]!.match.distanceKm!;
    expect(nearKm).toBeGreaterThan(120);
    expect(nearKm).toBeLessThan(140);
    expect(wider[0]!.match.score).toBe(0);
    expect(wider[0]!.match.reasons).toEqual([]);
    expect(res.json().types).toEqual(['full_time', 'part_time']);

    const partTime = await feed(fSeeker, '?type=part_time');
    expect(partTime.json().jobs).toEqual([]);
    expect(partTime.json().wider.map((j: { id: string }) => j.id)).toEqual([other]);
    // A search ranks the same way: matches of the seeker's preferences, then the other matches.
    const search = await feed(fSeeker, `?q=${encodeURIComponent('feed co')}`);
    expect(search.json().jobs.map((j: { id: string }) => j.id)).toEqual([best, near, far]);
    expect(search.json().wider.map((j: { id: string }) => j.id)).toEqual([other]);
    const byTitle = await feed(fSeeker, '?q=VUE%20developer');
    expect(byTitle.json().jobs.map((j: { id: string }) => j.id)).toEqual([near]);
    const none = await feed(fSeeker, '?q=plumber');
    expect(none.json().jobs).toEqual([]);
    expect(none.json().wider).toEqual([]);
    expect(none.json().nextCursor).toBeNull();
  });

  it('never shows a job matching neither the category nor the area; the wider section is labelled', async () => {
    const s = await newUser(f, 'user');
    await f.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, city_id)
       VALUES ($1, 'W', 'finance_accounting', 'full_time', $2)`,
      [s.id, blr],
    );
    await markOnboarded(f, s.id, 6);
    const mine = (
      await fpost(
        recruiter,
        job({ title: 'Accountant Delhi', jobCategory: 'finance_accounting', cityId: delhi }),
      )
    ).json().job.id;
    const local = (
      await fpost(recruiter, job({ title: 'Teacher Bengaluru', jobCategory: 'education_training' }))
    ).json().job.id;
    const related = (
      await fpost(
        recruiter,
        job({ title: 'Office admin Delhi', jobCategory: 'operations_admin', cityId: delhi }),
      )
    ).json().job.id;
    const further = (
      await fpost(
        recruiter,
        job({ title: 'Teacher Mysuru', jobCategory: 'education_training', cityId: mysuru }),
      )
    ).json().job.id;
    const remote = (
      await fpost(
        recruiter,
        job({ title: 'Remote tutor', jobCategory: 'education_training', cityId: null }),
      )
    ).json().job.id;
    const unrelated = (
      await fpost(
        recruiter,
        job({ title: 'Teacher Delhi', jobCategory: 'education_training', cityId: delhi }),
      )
    ).json().job.id;

    const body = (await feed(s)).json() as {
      jobs: { id: string }[];
      wider: { id: string }[];
      fewMatches: boolean;
      nextCursor: string | null;
    };
    const main = body.jobs.map((j) => j.id);
    expect(main).toContain(mine);
    expect(main).toContain(local);
    for (const id of [related, further, remote, unrelated]) expect(main).not.toContain(id);
    const wider = body.wider.map((j) => j.id);
    expect(body.fewMatches).toBe(true);
    for (const id of [related, further, remote]) expect(wider).toContain(id);
    for (const id of [mine, local, unrelated]) expect(wider).not.toContain(id);
    expect(body.nextCursor).toBeNull();
  });

  it('preferences changed mid-scroll end the scroll where its pages are read anew: no page twice', async () => {
    const s = await newUser(f, 'user');
    await f.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, city_id)
       VALUES ($1, 'M', 'customer_support', 'full_time', $2)`,
      [s.id, mysuru],
    );
    await markOnboarded(f, s.id, 6);
    for (let i = 0; i < 24; i++)
      await fpost(
        recruiter,
        job({ title: `Support agent ${i}`, jobCategory: 'customer_support', cityId: mysuru }),
      );
    const ids = (b: { jobs: { id: string }[]; wider: { id: string }[] }) =>
      [...b.jobs, ...b.wider].map((j) => j.id);
    const first = (await feed(s)).json();
    expect(first.nextCursor).not.toBeNull();
    // Unchanged, a page read anew (another instance: no kept ranking) goes on from the cursor.
    rankingsOf(f.ctx.db).clear();
    const second = (await feed(s, `?cursor=${first.nextCursor}`)).json();
    expect(ids(second).length).toBeGreaterThan(0);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    // Changed: the old scroll's keys mean nothing under the new order; it ends, and the next
    // first page is the new feed.
    await f.ctx.db.query(
      `UPDATE seeker_profiles SET job_category = 'software_development', city_id = $2 WHERE user_id = $1`,
      [s.id, blr],
    );
    rankingsOf(f.ctx.db).clear();
    const after = (await feed(s, `?cursor=${first.nextCursor}`)).json();
    expect(after).toMatchObject({ jobs: [], wider: [], nextCursor: null });
    expect(ids((await feed(s)).json()).length).toBeGreaterThan(0);
  });

  it('searches Hindi (Devanagari) text through the same lower() and trigram path', async () => {
    const hindi = (
      await fpost(recruiter, job({ title: 'गोदाम प्रबंधक', description: 'बेंगलुरु में गोदाम का काम' }))
    ).json().job.id;
    const found = await feed(fSeeker, `?q=${encodeURIComponent('गोदाम')}`);
    expect(found.json().jobs.map((j: { id: string }) => j.id)).toEqual([hindi]);
    expect((await feed(fSeeker, `?q=${encodeURIComponent('प्रबंधक')}`)).json().jobs).toHaveLength(1);
    expect((await feed(fSeeker, `?q=${encodeURIComponent('दुकान')}`)).json().jobs).toHaveLength(0);
    // lower() leaves Devanagari as it is, and pg_trgm makes trigrams of it, so the trigram index
    // can serve the search (an empty list would mean a full index scan).
    const [t] = await f.ctx.db.query<{ n: number }>(
      `SELECT cardinality(show_trgm(lower('गोदाम प्रबंधक')))::int AS n`,
    );
    expect(t!.n).toBeGreaterThan(0);
  });

  it('treats % and _ in the search term literally', async () => {
    await fpost(recruiter, job({ title: 'Growth 100% remote_first', cityId: null }));
    expect((await feed(fSeeker, `?q=${encodeURIComponent('100%')}`)).json().jobs).toHaveLength(1);
    expect(
      (await feed(fSeeker, `?q=${encodeURIComponent('remote_first')}`)).json().jobs,
    ).toHaveLength(1);
    expect((await feed(fSeeker, `?q=${encodeURIComponent('%')}`)).json().jobs).toHaveLength(1);
    expect((await feed(fSeeker, `?q=${encodeURIComponent('e_first')}`)).json().jobs).toHaveLength(
      1,
    );
    expect((await feed(fSeeker, `?q=${encodeURIComponent('_')}`)).json().jobs).toHaveLength(1);
  });

  it("carries the company logo on every card, read in the feed's own query", async () => {
    // Job cards show the logo (issue 15): it comes joined in the feed's statement, not per row.
    const key = `public/u/${recruiter.id}/logo-feed.webp`;
    await f.ctx.db.query(`UPDATE recruiter_profiles SET company_logo = $2 WHERE user_id = $1`, [
      recruiter.id,
      key,
    ]);
    const body = (await feed(fSeeker)).json() as {
      jobs: { recruiter: { id: string; companyLogo: string | null } }[];
      wider: { recruiter: { id: string; companyLogo: string | null } }[];
    };
    const all = [...body.jobs, ...body.wider].filter((j) => j.recruiter.id === recruiter.id);
    expect(all.length).toBeGreaterThan(0);
    for (const j of all) expect(j.recruiter.companyLogo).toBe(`/media/${key}`);
    await f.ctx.db.query(`UPDATE recruiter_profiles SET company_logo = NULL WHERE user_id = $1`, [
      recruiter.id,
    ]);
    const none = (await feed(fSeeker)).json() as typeof body;
    expect(none.jobs.every((j) => j.recruiter.companyLogo === null)).toBe(true);
  });

  it('sends cards, not whole jobs: no description or requirements on a page, a search or the wider section', async () => {
    // Over 3G a page of 20 descriptions is most of the answer, and of the server-rendered page.
    const cardsOf = async (qs = '') => {
      const body = (await feed(fSeeker, qs)).json() as {
        jobs: Record<string, unknown>[];
        wider: Record<string, unknown>[];
      };
      return [...body.jobs, ...body.wider];
    };
    const pages = [await cardsOf(), await cardsOf('?q=developer')];
    const cards = pages.flat();
    expect(pages.every((page) => page.length > 0)).toBe(true);
    for (const card of cards) {
      expect(card).toHaveProperty('title');
      expect(card).toHaveProperty('match');
      for (const left of ['description', 'requirements', 'applications', 'moderation'])
        expect(card).not.toHaveProperty(left);
    }
    // The job's own page has it all.
    const detail = await f.app.inject({
      method: 'GET',
      url: `/api/jobs/${String(cards[0]!.id)}`,
      headers: { cookie: fSeeker.cookie },
    });
    expect(detail.json().job.description).toEqual(expect.any(String));
  });

  it('a recruiter cannot read the seeker feed; a bad cursor is a 400', async () => {
    expect((await feed(recruiter)).statusCode).toBe(403);
    expect((await feed(fSeeker, '?cursor=garbage')).statusCode).toBe(400);
  });

  it('a seeker with neither a category nor a city searches everything, as their wider section', async () => {
    const open = await newUser(f, 'user');
    await f.ctx.db.query(`INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Open')`, [
      open.id,
    ]);
    await markOnboarded(f, open.id, 6);
    const posted = await fpost(recruiter, job({ title: 'Lighthouse keeper' }));
    const search = await feed(open, '?q=lighthouse');
    expect(search.statusCode).toBe(200);
    expect(search.json().jobs).toEqual([]);
    expect(search.json().wider.map((j: { id: string }) => j.id)).toEqual([posted.json().job.id]);
  });
});

describe('pagination', () => {
  /** An app of its own with a recruiter and a seeker of software development in Bengaluru. */
  async function appWithSeeker(company: string) {
    const p = await createTestApp();
    const r = await newRecruiter(p, company);
    const s = await newUser(p, 'user');
    await p.ctx.db.query(
      `INSERT INTO seeker_profiles (user_id, full_name, job_category, city_id) VALUES ($1, 'S', 'software_development', $2)`,
      [s.id, blr],
    );
    await markOnboarded(p, s.id, 6);
    return { p, r, s };
  }
  async function fresh(count: number) {
    const { p, r, s } = await appWithSeeker('Pager');
    // Mixed scores and identical timestamps stress the tie-breaks.
    await p.ctx.db.query(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
       SELECT $1, 'Job ' || g, 'Pager', CASE WHEN g % 3 = 0 THEN 'Remote' ELSE 'Bengaluru' END,
              CASE WHEN g % 3 = 0 THEN NULL ELSE $2::int END, 'full_time', 'entry',
              CASE WHEN g % 2 = 0 THEN 'software_development' ELSE 'other' END, 'd', now() - (g / 4) * interval '1 minute'
         FROM generate_series(1, $3::int) g`,
      [r.id, blr, count],
    );
    return { p, r, s };
  }
  async function walk(p: TestApp, u: TestUser, url: string, between?: () => Promise<void>) {
    const ids: string[] = [];
    const main: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res: { statusCode: number; json: () => unknown } = await p.app.inject({
        url: `${url}${cursor ? `${url.includes('?') ? '&' : '?'}cursor=${cursor}` : ''}`,
        headers: { cookie: u.cookie },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        jobs: { id: string }[];
        wider?: { id: string }[];
        nextCursor: string | null;
      };
      // The feed's main section, then its wider section (jobs outside the seeker's preferences).
      const shown = [...body.jobs, ...(body.wider ?? [])];
      ids.push(...shown.map((j) => j.id));
      main.push(...body.jobs.map((j) => j.id));
      sizes.push(shown.length);
      cursor = body.nextCursor;
      if (between) await between();
    } while (cursor);
    return { ids, main, sizes };
  }

  it.each([
    [20, [20]],
    [21, [20, 1]],
    [40, [20, 20]],
  ])('%i open jobs come in pages of %j, each once', async (count, expected) => {
    const { p, r, s } = await fresh(count);
    try {
      const feedWalk = await walk(p, s, '/api/jobs/feed');
      expect(feedWalk.sizes).toEqual(expected);
      expect(new Set(feedWalk.ids).size).toBe(count);
      const mine = await walk(p, r, '/api/recruiter/jobs');
      expect(mine.sizes).toEqual(expected);
      expect(new Set(mine.ids).size).toBe(count);
    } finally {
      await p.close();
    }
  });

  it('no duplicates and no gaps while new jobs are posted between page loads', async () => {
    const { p, r, s } = await fresh(45);
    try {
      const before = new Set(
        (await p.ctx.db.query<{ id: string }>('SELECT id FROM jobs')).map((x) => x.id),
      );
      let n = 0;
      const postOne = async () => {
        n += 1;
        const res = await p.app.inject({
          method: 'POST',
          url: '/api/jobs',
          payload: {
            ...job({ title: `New ${n}` }),
            jobCategory: n % 2 ? 'software_development' : 'other',
          },
          headers: { cookie: r.cookie },
        });
        expect(res.statusCode).toBe(201);
      };
      const seen = await walk(p, s, '/api/jobs/feed', postOne);
      const original = seen.ids.filter((id) => before.has(id));
      expect(new Set(seen.ids).size).toBe(seen.ids.length);
      expect(new Set(original)).toEqual(before);
      const recruiterWalk = await walk(p, r, '/api/recruiter/jobs', postOne);
      expect(new Set(recruiterWalk.ids).size).toBe(recruiterWalk.ids.length);
      for (const id of before) expect(recruiterWalk.ids).toContain(id);
    } finally {
      await p.close();
    }
  });

  it("a search looks in the feed's window first, and finds every other job with the words after it", async () => {
    // FEED_CANDIDATES + 5 jobs of the seeker's category (outside their area): the window of the
    // main section holds the newest FEED_CANDIDATES; the five oldest only a search reaches. Four
    // jobs share each time, so the window ends between jobs of the same time (the id decides).
    const count = FEED_CANDIDATES + 5;
    const { p, r, s } = await appWithSeeker('Window');
    try {
      const [made] = await p.ctx.db.query<{ newest: string; oldest: string }>(
        `WITH made AS (
           INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
           SELECT $1, 'Job ' || g || CASE WHEN g IN (1, $3::int) THEN ' needle' ELSE '' END, 'Window', 'Delhi', $2::int,
                  'full_time', 'entry', 'software_development', 'd', now() - (g / 4) * interval '1 minute'
             FROM generate_series(1, $3::int) g
           RETURNING id, title)
         SELECT (SELECT id FROM made WHERE title = 'Job 1 needle') AS newest,
                (SELECT id FROM made WHERE title = $4) AS oldest`,
        [r.id, delhi, count, `Job ${count} needle`],
      );
      const { newest, oldest } = made!;
      const ids = (rows: { id: string }[]) => rows.map((j) => j.id);
      const search = await p.app.inject({
        url: '/api/jobs/feed?q=needle',
        headers: { cookie: s.cookie },
      });
      expect(ids(search.json().jobs)).toEqual([newest]);
      expect(ids(search.json().wider)).toEqual([oldest]);
      // The feed itself ranks only the window: the oldest job of the category is in neither section.
      const plain = await walk(p, s, '/api/jobs/feed');
      expect(plain.ids).toHaveLength(FEED_CANDIDATES);
      expect(plain.ids).toContain(newest);
      expect(plain.ids).not.toContain(oldest);
      // A search of a word every job has reaches each of them exactly once: the feed's window
      // in its main section, the rest after it.
      const all = await walk(p, s, '/api/jobs/feed?q=job');
      expect(all.ids).toHaveLength(count);
      expect(new Set(all.ids).size).toBe(count);
      expect(new Set(all.main)).toEqual(new Set(plain.ids));
    } finally {
      await p.close();
    }
  }, 60_000);

  it("a search's window ends in the seeker's area too: the older jobs there are in its wider section", async () => {
    // FEED_CANDIDATES + 5 jobs in the seeker's city, of another category: the area's branch of
    // the window holds the newest FEED_CANDIDATES, and a search's wider section starts where it
    // ends (read once, then kept with the ranking the search's main section comes from).
    const count = FEED_CANDIDATES + 5;
    const { p, r, s } = await appWithSeeker('Area');
    try {
      const made = await p.ctx.db.query<{ id: string; g: number }>(
        `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
         SELECT $1, 'Job ' || g || CASE WHEN g IN (1, $4::int, $3::int - 1, $3::int) THEN ' needle' ELSE '' END,
                'Area', 'Bengaluru', $2::int, 'full_time', 'entry', 'other', 'd',
                now() - g * interval '1 minute'
           FROM generate_series($3::int, 1, -1) g
         RETURNING id, split_part(title, ' ', 2)::int AS g`,
        [r.id, blr, count, FEED_CANDIDATES],
      );
      const id = (g: number) => made.find((j) => j.g === g)!.id;
      const search = async () => {
        const res = await p.app.inject({
          url: '/api/jobs/feed?q=needle',
          headers: { cookie: s.cookie },
        });
        const body = res.json() as { jobs: { id: string }[]; wider: { id: string }[] };
        return { main: body.jobs.map((j) => j.id), wider: body.wider.map((j) => j.id) };
      };
      const first = { main: [id(1), id(FEED_CANDIDATES)], wider: [id(count - 1), id(count)] };
      expect(await search()).toEqual(first);
      // The second search reads the edges kept with the ranking of the first.
      expect(await search()).toEqual(first);
      // A newer job there moves the window's edge: the oldest job of the window is now outside.
      await p.ctx.db.query(
        `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description)
         VALUES ($1, 'Newest', 'Area', 'Bengaluru', $2, 'full_time', 'entry', 'other', 'd')`,
        [r.id, blr],
      );
      expect(await search()).toEqual({
        main: [id(1)],
        wider: [id(FEED_CANDIDATES), id(count - 1), id(count)],
      });
    } finally {
      await p.close();
    }
  });

  it("a search's wider section finds the newest jobs with a word however rare it is", async () => {
    // More jobs outside the seeker's window (another category, a city far away) than a search
    // walks before it looks at how common its word is (SEARCH_WALK), newest first: a rare word
    // only in two older jobs, a word of middling frequency, and a word every job has.
    const count = SEARCH_WALK + 600;
    const every = Math.ceil(SEARCH_WALK / (farHits(WIDER_CANDIDATES) + 4));
    const { p, r, s } = await appWithSeeker('Catalogue');
    try {
      const jobs = await p.ctx.db.query<{ id: string; g: number }>(
        `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, description, created_at)
         SELECT $1, 'Job ' || g || CASE WHEN g IN ($3::int - 100, $3::int) THEN ' rareword' ELSE '' END
                             || CASE WHEN g % $4::int = 0 THEN ' midword' ELSE '' END,
                'Catalogue', 'Delhi', $2::int, 'full_time', 'entry', 'finance_accounting', 'd',
                now() - g * interval '1 minute'
           -- Oldest first, as jobs are posted: a read in the table's order meets the oldest first.
           FROM generate_series($3::int, 1, -1) g
         RETURNING id, split_part(title, ' ', 2)::int AS g`,
        [r.id, delhi, count, every],
      );
      // With the table's statistics, the index's matches are read in the table's order.
      await p.ctx.db.query('ANALYZE jobs');
      const id = new Map(jobs.map((j) => [j.g, j.id]));
      const wider = async (word: string, between?: () => Promise<void>) => {
        const found = await walk(p, s, `/api/jobs/feed?q=${word}`, between);
        expect(found.main).toEqual([]);
        return found.ids;
      };
      const gs = (list: number[]) => list.map((g) => id.get(g));
      // Rare: found through the trigram index, newest first.
      expect(await wider('rareword')).toEqual(gs([count - 100, count]));
      // Found rare, the word is remembered, and its next search reads the index first: the same.
      const words = rareWordsOf(p.ctx.db);
      expect([...words.keys()]).toEqual(['feed::rareword']);
      expect(await wider('rareword')).toEqual(gs([count - 100, count]));
      // An empty section says nothing of its words (the visibility rules apply after them).
      expect(await wider('nowordlikethis')).toEqual([]);
      expect(words.has('feed::nowordlikethis')).toBe(false);
      // A word remembered rare that is not (every job has it, more than RARE_CAP), on every
      // page: the walks still decide, and none of the index's matches is among the section's.
      expect(count).toBeGreaterThan(RARE_CAP);
      const stale = async () => void words.set('feed::job', true);
      await stale();
      const common = Array.from({ length: WIDER_CANDIDATES }, (_, i) => i + 1);
      expect(await wider('job', stale)).toEqual(gs(common));
      // Middling: more matches in the first walk than farHits(...), fewer than a section: the
      // walk goes on, and finds the older ones too.
      const mid = Array.from({ length: Math.floor(count / every) }, (_, i) => (i + 1) * every);
      expect(mid.filter((g) => g <= SEARCH_WALK).length).toBeGreaterThanOrEqual(
        farHits(WIDER_CANDIDATES),
      );
      expect(await wider('midword')).toEqual(gs(mid));
      // Common: the newest WIDER_CANDIDATES of them; remembered rare before, forgotten now.
      await stale();
      expect(await wider('job')).toEqual(gs(common));
      expect(words.has('feed::job')).toBe(false);
    } finally {
      await p.close();
    }
  }, 60_000);
});

describe("a recruiter's list", () => {
  it('counts applications from rooms', async () => {
    const r = await newRecruiter(t);
    const id = (await post(r, job())).json().job.id;
    const s1 = await seeker();
    const s2 = await seeker();
    for (const s of [s1, s2]) {
      await t.ctx.db.query(
        `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status) VALUES ($1, $2, $3, $3, 'initiated')`,
        [id, r.id, s.id],
      );
    }
    const list = (await get(r, '/api/recruiter/jobs')).json();
    expect(list.jobs[0]).toMatchObject({ id, applications: 2 });
    expect((await get(s1, '/api/recruiter/jobs')).statusCode).toBe(403);
  });
});
