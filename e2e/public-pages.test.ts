import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  codeFromOutbox,
  expectAccessible,
  expectTouchTargets,
  newPage,
  signIn,
  startHarness,
  type Harness,
} from './harness.ts';
import type { ZENITH_JOBS } from '#server/demo/companies.ts';
import { insertJobs } from '#server/demo/companies.ts';

// The public pages (issue 17, decision 027): a visitor with no account browses /jobs, filters,
// opens a job, and 'Chat with Recruiter' takes them through login and into that job's chat; the
// header and footer links each open their page; a closed job says so. The demo data's jobs are
// the content (Annapurna Foods posts an 'Area Sales Manager' job in Pune).

const SEEKER_PHONE = '9000000002'; // demo seeker Rahul Verma

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const h1 = (page: Page) => page.locator('h1');

/** Console errors but the visitor's expected 401 from /api/me (no session). */
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('status of 401'));

/** The page's one h1, once shown, with this text. */
async function expectOneH1(page: Page, text: string | RegExp) {
  await page.getByRole('heading', { level: 1, name: text }).waitFor();
  expect(await h1(page).count()).toBe(1);
}

async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const text = await page
    .locator('script[type="application/ld+json"]')
    .first()
    .textContent({ timeout: 10_000 });
  return JSON.parse(text ?? 'null') as Record<string, unknown>;
}

describe('public job pages', () => {
  let jobPath = '';

  it('a visitor browses /jobs, filters by words and city, and opens a job with its data for search engines', async () => {
    const { context, page, errors } = await newPage(h);
    await page.goto('/jobs');
    await expectOneH1(page, 'Jobs in India');
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('article').count()).toBeGreaterThan(3);
    expect(await page.title()).toBe('Jobs in India | NearHire');
    await expectAccessible(page, '/jobs');
    await expectTouchTargets(page, '/jobs');

    // Filters: words and a city (the city list comes from the open jobs).
    await page.getByLabel('Search jobs').fill('sales manager');
    await page.getByLabel('City', { exact: true }).selectOption('pune');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs' && url.search.includes('city=pune'));
    const card = page.getByRole('article').filter({
      has: page.getByRole('link', { name: 'Area Sales Manager', exact: true }),
    });
    await card.waitFor();
    // The list before the search may still be on screen (it holds that card too) until the
    // filtered one replaces it: wait for the filtered list.
    await expect
      .poll(
        async () =>
          (await page.getByRole('article').getByRole('heading').allTextContents()).every((t) =>
            /sales manager/i.test(t),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);

    // A category alone opens the category's own page.
    await page.getByLabel('Search jobs').fill('');
    await page.getByLabel('City', { exact: true }).selectOption('');
    await page.getByLabel('Category', { exact: true }).selectOption('sales_bd');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/jobs/sales-bd');
    await expectOneH1(page, 'Sales & BD jobs');

    // The job's own page, at its readable address.
    await page.getByRole('link', { name: 'Area Sales Manager', exact: true }).click();
    await page.waitForURL(/\/jobs\/view\/area-sales-manager-annapurna-foods-pune-[0-9a-f-]{36}$/);
    jobPath = new URL(page.url()).pathname;
    await expectOneH1(page, 'Area Sales Manager');
    await expect
      .poll(() => page.title())
      .toBe('Area Sales Manager at Annapurna Foods, Pune | NearHire');
    // Canonical addresses name the site's public origin (PUBLIC_ORIGIN), wherever it is served.
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${jobPathOrigin()}${jobPath}`,
    );
    // One description: the page's own, not also the app shell's.
    await expect.poll(() => page.locator('meta[name="description"]').count()).toBe(1);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(
      /^Area Sales Manager at Annapurna Foods in Pune\./,
    );
    const data = await jsonLd(page);
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: 'Area Sales Manager',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Annapurna Foods', sameAs: 'https://annapurnafoods.in' },
      jobLocation: { address: { addressLocality: 'Pune', addressCountry: 'IN' } },
      baseSalary: {
        currency: 'INR',
        value: { minValue: 600000, maxValue: 900000, unitText: 'YEAR' },
      },
      url: `${jobPathOrigin()}${jobPath}`,
    });
    expect(Date.parse(String(data.validThrough))).toBeGreaterThan(Date.now());
    await expectAccessible(page, 'a job page');
    await expectTouchTargets(page, 'a job page');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it("'Chat with Recruiter' goes through login and comes back into the job's chat", async () => {
    const { context, page } = await newPage(h);
    await page.goto(jobPath);
    await expectOneH1(page, 'Area Sales Manager');
    await page.getByRole('button', { name: 'Chat with Recruiter' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('Phone number').fill(SEEKER_PHONE);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('OTP sent successfully! Please check your phone.').waitFor();
    await page.getByPlaceholder('6-digit OTP').fill(await codeFromOutbox(h, SEEKER_PHONE));
    await page.getByRole('button', { name: 'Verify & Continue' }).click();
    const jobId = jobPath.slice(-36);
    await page.waitForURL(
      (url) => url.pathname.startsWith('/jobseeker-chat/') && url.search === `?job=${jobId}`,
    );
    await page.getByRole('textbox', { name: 'Type a message' }).waitFor();
    // The room exists now, for this job.
    const rooms = (await (await page.request.get('/api/rooms')).json()) as {
      rooms: { jobId: string }[];
    };
    expect(rooms.rooms.map((r) => r.jobId)).toContain(jobId);

    // Signed in, /jobs is the seeker's own feed, as before.
    await page.goto('/jobs');
    await page.waitForURL('**/jobseeker-dashboard');
    await context.close();
  });

  it('a wrong slug with the right id lands on the canonical address', async () => {
    const { context, page } = await newPage(h);
    const id = jobPath.slice(-36);
    const res = await page.goto(`/jobs/view/some-old-title-${id}`);
    expect(new URL(page.url()).pathname).toBe(jobPath);
    expect(res?.request().redirectedFrom()?.url()).toContain('/jobs/view/some-old-title-');
    await expectOneH1(page, 'Area Sales Manager');
    await context.close();
  });

  it('a closed job says so, cannot be chatted about, and its JobPosting has ended', async () => {
    const [row] = await h.server.ctx.db.query<{ id: string; title: string }>(
      `UPDATE jobs SET status = 'closed', updated_at = now() - interval '1 minute'
        WHERE id = (SELECT j.id FROM jobs j JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
                     WHERE rp.company_name = 'Kaveri Logistics' AND j.status = 'open'
                     ORDER BY j.created_at LIMIT 1)
        RETURNING id, title`,
    );
    const { context, page } = await newPage(h);
    await page.goto(`/jobs/view/${row!.id}`);
    await expectOneH1(page, row!.title);
    await page.getByText('This job is closed', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Chat with Recruiter' }).isDisabled()).toBe(true);
    const data = await jsonLd(page);
    expect(Date.parse(String(data.validThrough))).toBeLessThan(Date.now());
    // Not on the list any more.
    await page.goto(`/jobs?q=${encodeURIComponent(row!.title)}`);
    await expectOneH1(page, 'Jobs in India');
    await page
      .getByText('No open jobs found here right now.')
      .or(page.getByRole('article').first())
      .waitFor();
    const listed = await page.getByRole('article').getByRole('link').allTextContents();
    const open = await h.server.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE title = $1 AND status = 'open'`,
      [row!.title],
    );
    expect(listed.filter((t) => t === row!.title)).toHaveLength(open[0]!.n);
    await context.close();
  });

  it("the spec sample's category links and a city page", async () => {
    const { context, page } = await newPage(h);
    for (const [path, heading] of [
      ['/jobs/health-insurance', 'Health insurance jobs'],
      ['/jobs/tech-recruiter', 'Tech recruiter jobs'],
      ['/jobs/pune', 'Jobs in Pune'],
      ['/jobs/software-development', 'Software Development jobs'],
    ] as const) {
      await page.goto(path);
      await expectOneH1(page, heading);
      await page
        .getByRole('article')
        .first()
        .or(page.getByText('No open jobs found here right now.'))
        .waitFor();
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
        `${jobPathOrigin()}${path}`,
      );
    }
    await page.goto('/jobs/no-such-place');
    await expectOneH1(page, 'Page not found');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await context.close();
  });
});

describe('the public header and footer', () => {
  it('each link opens its page, with one h1', async () => {
    const { context, page, errors } = await newPage(h);
    await page.goto('/jobs');
    await expectOneH1(page, 'Jobs in India');
    const footer = page.getByRole('navigation', { name: 'Site links' });
    const pages: [string, string, RegExp][] = [
      ['Companies', '/companies', /^Companies$/],
      ['Salary Guide', '/salary-guide', /^Salary guide$/],
      ['Career Resources', '/career-resources', /^Career resources$/],
      ['Pricing', '/pricing', /^Pricing$/],
      ['Recruiting Solutions', '/recruiting-solutions', /^Recruiting solutions$/],
      ['Employer Resources', '/employer-resources', /^Employer resources$/],
      ['About', '/about', /^About NearHire$/],
      ['Contact', '/contact', /^Contact us$/],
      ['Privacy Policy', '/privacy', /^Privacy Policy$/],
      ['Terms of Use', '/terms', /^Terms of Use$/],
      ['Browse Jobs', '/jobs', /^Jobs in India$/],
    ];
    for (const [name, path, heading] of pages) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expectOneH1(page, heading);
    }
    const header = page.getByRole('navigation', { name: 'Main navigation' });
    for (const [name, path, heading] of [
      ['Companies', '/companies', /^Companies$/],
      ['About', '/about', /^About NearHire$/],
      ['Browse Jobs', '/jobs', /^Jobs in India$/],
    ] as const) {
      await header.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expectOneH1(page, heading);
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('the header follows who is signed in: Login and Register; Dashboard and Logout; Post a Job for recruiters only', async () => {
    // Spec "Public header". A generated demo seeker (the file's seeker logs in elsewhere, and a
    // second code for one phone waits out the cooldown) and the demo recruiter.
    const links = (page: Page) =>
      page
        .getByRole('banner')
        .getByRole('link')
        .evaluateAll((els) => els.map((e) => `${e.textContent?.trim()} ${e.getAttribute('href')}`));
    const visitor = await newPage(h);
    await visitor.page.goto('/about');
    await expectOneH1(visitor.page, /^About NearHire$/);
    await visitor.page.getByRole('banner').getByRole('link', { name: 'Register' }).waitFor();
    expect(await links(visitor.page)).toEqual([
      'NearHire /',
      'Browse Jobs /jobs',
      'Companies /companies',
      'About /about',
      'Login /login',
      'Register /register',
    ]);
    expect(
      await visitor.page.getByRole('banner').getByRole('button', { name: 'Logout' }).count(),
    ).toBe(0);
    await visitor.context.close();

    for (const [phone, home, postAJob, dashboard] of [
      ['8000010001', '**/jobseeker-dashboard', [], '/jobseeker-dashboard'],
      [
        '9000000001',
        '**/recruiter-dashboard/**',
        ['Post a Job /post-job'],
        '/recruiter-dashboard/Home',
      ],
    ] as const) {
      const person = await signIn(h, phone, home);
      const { page } = person;
      await page.goto('/about');
      await expectOneH1(page, /^About NearHire$/);
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor();
      const shown = await links(page);
      expect(shown.filter((l) => l.startsWith('Post a Job'))).toEqual(postAJob);
      expect(shown.some((l) => /^(Login|Register) /.test(l))).toBe(false);
      await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === dashboard);
      await person.context.close();
    }
  });

  it("'Show more' under /jobs reads the next page of the same search, then goes when none is left", async () => {
    // 25 open jobs with a word no demo job has: a first page of 20, then 5 more.
    const db = h.server.ctx.db;
    const [recruiter] = await db.query<{ id: string }>(
      `SELECT id FROM users WHERE phone_no = '+919000000001'`,
    );
    const probe: typeof ZENITH_JOBS = Array.from({ length: 25 }, (_, i) => [
      `Zephyrite Clerk ${i + 1}`,
      'software_development',
      'full_time',
      '1_3',
      3,
      4,
      'Bengaluru',
      'A desk job to test paging.',
    ]);
    await insertJobs(db, recruiter!.id, 'Zenith Softworks', probe);

    const { context, page } = await newPage(h);
    await page.goto('/jobs?q=zephyrite');
    const articles = page.getByRole('article');
    await articles.first().waitFor();
    expect(await articles.count()).toBe(20);
    const more = page.getByRole('button', { name: 'Show more' });
    await more.click();
    await expect.poll(() => articles.count()).toBe(25);
    await more.waitFor({ state: 'detached' });
    const titles = await articles.getByRole('heading').allTextContents();
    expect(new Set(titles).size).toBe(25);
    await context.close();
  });

  it('/companies lists verified companies with their jobs; the salary guide shows its table', async () => {
    const { context, page } = await newPage(h);
    await page.goto('/companies');
    await expectOneH1(page, 'Companies');
    await page.getByRole('heading', { level: 2, name: 'Annapurna Foods' }).waitFor();
    await expectAccessible(page, '/companies');
    await expectTouchTargets(page, '/companies');
    await page.goto('/salary-guide');
    await expectOneH1(page, 'Salary guide');
    const table = page.getByRole('table', { name: 'Salaries in All of India' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBeGreaterThan(2);
    await page.getByLabel('Show salaries for').selectOption('pune');
    await page.getByRole('table', { name: 'Salaries in Pune' }).waitFor();
    await expectAccessible(page, '/salary-guide');
    await page.goto('/privacy');
    await expectOneH1(page, 'Privacy Policy');
    await page.getByRole('heading', { name: 'Download and delete your data' }).waitFor();
    await expectAccessible(page, '/privacy');
    await context.close();
  });
});

describe('what search engines read before any script runs', () => {
  it('robots.txt, sitemap.xml and /manifest.json answer for real, not with the app', async () => {
    const robots = await fetch(`${h.baseUrl}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Sitemap: ');
    const sitemap = await fetch(`${h.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`${jobPathOrigin()}/jobs/view/area-sales-manager-annapurna-foods-pune-`);
    const manifest = await fetch(`${h.baseUrl}/manifest.json`);
    expect(manifest.headers.get('content-type')).toMatch(/manifest\+json/);
  });

  it('the first HTML response of a job page carries its title and JobPosting data (server-side rendering)', async () => {
    const list = (await (await fetch(`${h.baseUrl}/api/public/jobs?q=area%20sales`)).json()) as {
      jobs: { path: string; title: string }[];
    };
    const job = list.jobs.find((j) => j.title === 'Area Sales Manager')!;
    const html = await (await fetch(`${h.baseUrl}${job.path}`)).text();
    expect(html).toMatch(
      /<title[^>]*>Area Sales Manager at Annapurna Foods, Pune \| NearHire<\/title>/,
    );
    expect(html).toContain('<div id="root"><');
    const ld = /<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(JSON.parse(ld![1]!)).toMatchObject({
      '@type': 'JobPosting',
      title: 'Area Sales Manager',
    });
  });
});

describe('a public page without its data is not a page', () => {
  it('an unknown listing or a job address without an id is a 404, not an empty page', async () => {
    for (const path of ['/jobs/no-such-place', '/jobs/view/garbage', '/jobs/view/'])
      expect((await fetch(`${h.baseUrl}${path}`)).status, path).toBe(404);
  });

  // Last in this file: it spends this address's allowance of public reads.
  it("over the visitor's limit of public reads: 429 with Retry-After, never a skeleton as a 200", async () => {
    let limited = false;
    for (let i = 0; i < 500 && !limited; i++)
      limited = (await fetch(`${h.baseUrl}/api/public/filters`)).status === 429;
    expect(limited).toBe(true);
    const page = await fetch(`${h.baseUrl}/jobs/software-development`);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

/** The origin the sitemap names (the server's PUBLIC_ORIGIN setting). */
function jobPathOrigin(): string {
  return h.server.ctx.config.publicOrigin;
}
