import type { Queryable } from '../../db/client.ts';
import { PAGE_SIZE, PUBLIC_PAGES } from '#shared/limits.ts';
import { JOB_CATEGORIES } from '#shared/picklists.ts';
import { categoryBySlug, categorySlug, jobPath, topicBySlug } from '#shared/public-paths.ts';
import type {
  PublicCompaniesPage,
  PublicFilters,
  PublicJob,
  PublicJobDetail,
  PublicJobsPage,
  PublicJobsQuery,
  PublicListing,
  SalaryGuide,
  SalaryRow,
} from '#shared/schemas/public.ts';
import { decodeCursor, encodeCursor, openSealedCursor, sealCursor } from '../../lib/cursor.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { outOfStandingIdsSql, publicJobSql } from '../moderation/visibility.ts';
import { isUuid } from '../../lib/ids.ts';
import { likeEscape } from '../jobs/feed.repo.ts';
import { newestWithWords, rareWordsOf, rememberRarity } from '../jobs/search-tiers.ts';
import { cityById, cityBySlug, citiesById, type PublicCity } from './city-slugs.ts';

// What a visitor may read (decision 027). Every list is a keyset page over a partial index of
// open, published jobs (migrations 015 and 018), newest first; the recruiter's good standing is
// a filter inside that walk (an array of the few users out of standing), so no list sorts more
// than its page.

const CARD_COLUMNS = `j.id, j.title, j.company, j.location, j.city_id, j.type, j.level, j.job_category,
  j.min_salary, j.max_salary, j.status,
  to_char(j.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  to_char(j.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at,
  j.created_at::text AS sort_created,
  rp.company_logo AS logo, CASE WHEN rp.is_verified THEN rp.verified_domain END AS domain`;

type CardRow = {
  id: string;
  title: string;
  company: string;
  location: string;
  city_id: number | null;
  type: string;
  level: string;
  job_category: string;
  min_salary: number | null;
  max_salary: number | null;
  status: 'open' | 'closed';
  created_at: string;
  updated_at: string;
  sort_created: string;
  logo: string | null;
  domain: string | null;
};

const DAY_MS = 24 * 3600 * 1000;

function presentCard(r: CardRow, city: PublicCity | null, now: Date): PublicJob {
  return {
    id: r.id,
    path: jobPath({ id: r.id, title: r.title, company: r.company, city: city?.name ?? r.location }),
    title: r.title,
    company: r.company,
    companyLogo: mediaUrl(r.logo),
    verifiedDomain: r.domain ?? null,
    location: city?.name ?? r.location,
    city: city ? { slug: city.slug, name: city.name, state: city.state } : null,
    type: r.type,
    level: r.level,
    jobCategory: r.job_category,
    minSalary: r.min_salary === null ? null : Number(r.min_salary),
    maxSalary: r.max_salary === null ? null : Number(r.max_salary),
    status: r.status,
    createdAt: r.created_at,
    // An open job has no end date of its own: it stays until its recruiter closes it, so it is
    // said to be valid for the next PUBLIC_PAGES.openJobValidDays; a closed one ended when closed.
    validThrough:
      r.status === 'open'
        ? new Date(now.getTime() + PUBLIC_PAGES.openJobValidDays * DAY_MS).toISOString()
        : r.updated_at,
  };
}

async function presentCards(q: Queryable, rows: CardRow[]): Promise<PublicJob[]> {
  const cities = await citiesById(q);
  const now = new Date();
  return rows.map((r) =>
    presentCard(r, r.city_id === null ? null : (cities.get(r.city_id) ?? null), now),
  );
}

/** What a listing's own slug stands for; an unknown slug is a 404 (the page says not found). */
async function resolveListing(q: Queryable, query: PublicJobsQuery): Promise<PublicListing> {
  const none = { slug: null, category: null, city: null, topic: null };
  const slug = query.in;
  if (!slug) return { kind: 'all', ...none };
  const category = categoryBySlug(slug);
  if (category) return { ...none, kind: 'category', slug, category };
  const topic = topicBySlug(slug);
  if (topic) return { ...none, kind: 'topic', slug, topic: topic.key, category: topic.category };
  const city = await cityBySlug(q, slug);
  if (city)
    return { ...none, kind: 'city', slug, city: { slug, name: city.name, state: city.state } };
  throw notFound('public.notFoundTitle');
}

/**
 * GET /api/public/jobs: open, published jobs of recruiters in good standing, newest first, 20 a
 * page, keyset on (created_at, id). The walk follows the narrowest index the filters allow:
 * `jobs_open_city` with a city, `jobs_open_category` with a category, `jobs_open_listed`
 * otherwise; words are matched in tiers like the feed's search (`search-tiers.ts`).
 */
export async function publicJobs(q: Queryable, query: PublicJobsQuery): Promise<PublicJobsPage> {
  const listing = await resolveListing(q, query);
  const after = decodeCursor<[string, string]>(query.cursor, ['string', 'string']);
  const params: unknown[] = [];
  const arg = (value: unknown, type: string) => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  const where = [`j.status = 'open'`, publicJobSql('j')];

  const category = listing.category ?? query.category ?? null;
  if (category) where.push(`j.job_category = ${arg(category, 'text')}`);

  let cityId: number | null = null;
  if (listing.city) cityId = (await cityBySlug(q, listing.city.slug))!.id;
  else if (query.city) {
    const city = await cityBySlug(q, query.city);
    if (!city) throw notFound('public.notFoundTitle');
    cityId = city.id;
  }
  if (cityId !== null) where.push(`j.city_id = ${arg(cityId, 'int')}`);

  const words = [listing.topic ? topicBySlug(listing.slug!)!.words : '', query.q ?? '']
    .map((w) => w.trim())
    .filter(Boolean);
  const matching = () =>
    words
      .map(
        (w) =>
          `lower(j.title || ' ' || j.company || ' ' || j.description) LIKE '%' || ${arg(likeEscape(w), 'text')} || '%' ESCAPE '\\'`,
      )
      .join(' AND ');

  if (after)
    where.push(
      `(j.created_at, j.id) < (${arg(after[0], 'timestamptz')}, ${arg(after[1], 'uuid')})`,
    );
  const limit = PAGE_SIZE + 1;
  const card = (extra = '') => `SELECT ${CARD_COLUMNS}${extra}
       FROM jobs j LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id`;
  const newest = `ORDER BY j.created_at DESC, j.id DESC LIMIT ${limit}`;
  let sql = `${card()} WHERE ${where.join(' AND ')} ${newest}`;
  // Whether the words were rare lately: the order of their tiers (search-tiers.ts).
  const rareKey = `public:${category ?? ''}:${cityId ?? ''}:${words.join('\u0000')}`;
  if (words.length) {
    // Words read in tiers bounded for every word (search-tiers.ts): anyone can search here.
    const tiers = newestWithWords({
      name: 'found',
      columns: 'j.id, j.created_at',
      where: () => where.join(' AND '),
      words: matching,
      limit,
      rare: rareWordsOf(q).has(rareKey),
    });
    sql = `WITH ${tiers.ctes}, found AS (${tiers.rows})
      ${card(`, ${tiers.rare} AS words_rare`)} JOIN found f ON f.id = j.id ${newest}`;
  }
  const rows = await q.query<CardRow & { words_rare?: boolean }>(sql, params);
  // Learned from first pages only (a later page's walk starts at its cursor, where fewer matches
  // are left); no rows there is no match at all, so rare (the list's rules are in `where`).
  if (words.length && !after) rememberRarity(q, rareKey, rows[0]?.words_rare ?? true);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    listing,
    jobs: await presentCards(q, page),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor([last.sort_created, last.id]) : null,
  };
}

/**
 * One job's public page: open or closed, while it is published and its recruiter is in good
 * standing (a held, hidden or suspended recruiter's job is not found).
 */
export async function publicJob(q: Queryable, id: string): Promise<PublicJobDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await q.query<CardRow & { description: string; requirements: string | null }>(
    `SELECT ${CARD_COLUMNS}, j.description, j.requirements
       FROM jobs j LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
      WHERE j.id = $1::uuid AND ${publicJobSql('j')}`,
    [id],
  );
  if (!row) return null;
  const city = await cityById(q, row.city_id);
  return {
    ...presentCard(row, city, new Date()),
    description: row.description,
    requirements: row.requirements ?? null,
  };
}

/** The canonical path of a job anyone may see, for the 301 from a wrong slug. */
export async function publicJobPath(q: Queryable, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await q.query<{
    title: string;
    company: string;
    location: string;
    city_id: number | null;
  }>(
    `SELECT j.title, j.company, j.location, j.city_id FROM jobs j
      WHERE j.id = $1::uuid AND ${publicJobSql('j')}`,
    [id],
  );
  if (!row) return null;
  const city = await cityById(q, row.city_id);
  return jobPath({ id, title: row.title, company: row.company, city: city?.name ?? row.location });
}

/**
 * GET /api/public/companies: verified companies (recruiters who verified their company's domain,
 * in good standing) that have open jobs, by name, 20 a page, keyset on (lower(name), user id)
 * over `recruiter_profiles_verified_name`; each with its newest open jobs and their count
 * (`jobs_open_recruiter`).
 */
export async function publicCompanies(
  q: Queryable,
  cursor: string | undefined,
  /** The cursor is sealed: its tie-break is the recruiter's account id, never shown in public. */
  secret: string,
): Promise<PublicCompaniesPage> {
  const after = openSealedCursor<[string, string]>(cursor, ['string', 'string'], secret);
  if (after && !isUuid(after[1])) throw badRequest('errors.badRequest');
  const params: unknown[] = [];
  let afterSql = '';
  if (after) {
    params.push(after[0], after[1]);
    afterSql = 'AND (lower(rp.company_name), rp.user_id) > ($1::text, $2::uuid)';
  }
  params.push(PAGE_SIZE + 1);
  const companies = await q.query<{
    user_id: string;
    name: string;
    sort_name: string;
    logo: string | null;
    domain: string | null;
    open_jobs: number;
  }>(
    `SELECT rp.user_id, rp.company_name AS name, lower(rp.company_name) AS sort_name,
            rp.company_logo AS logo, rp.verified_domain AS domain,
            (SELECT count(*)::int FROM jobs oj
              WHERE oj.recruiter_id = rp.user_id AND oj.status = 'open'
                AND oj.moderation_state = 'published') AS open_jobs
       FROM recruiter_profiles rp
      WHERE rp.is_verified AND rp.company_name IS NOT NULL ${afterSql}
        AND rp.user_id <> ALL (${outOfStandingIdsSql})
        AND EXISTS (SELECT 1 FROM jobs ej WHERE ej.recruiter_id = rp.user_id
                       AND ej.status = 'open' AND ej.moderation_state = 'published')
      ORDER BY lower(rp.company_name), rp.user_id
      LIMIT $${params.length}`,
    params,
  );
  const page = companies.slice(0, PAGE_SIZE);
  const jobs = page.length
    ? await q.query<CardRow & { recruiter_id: string }>(
        `SELECT c.recruiter_id, x.*
           FROM unnest($1::uuid[]) AS c(recruiter_id)
           CROSS JOIN LATERAL (
             SELECT ${CARD_COLUMNS}
               FROM jobs j LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
              WHERE j.recruiter_id = c.recruiter_id AND j.status = 'open'
                AND j.moderation_state = 'published'
              ORDER BY j.created_at DESC, j.id DESC
              LIMIT $2) x`,
        [page.map((c) => c.user_id), PUBLIC_PAGES.jobsPerCompany],
      )
    : [];
  const cards = await presentCards(q, jobs);
  const last = page.at(-1);
  return {
    companies: page.map((c) => ({
      name: c.name,
      logo: mediaUrl(c.logo),
      verifiedDomain: c.domain,
      openJobs: c.open_jobs,
      jobs: cards.filter((_, i) => jobs[i]!.recruiter_id === c.user_id),
    })),
    nextCursor:
      companies.length > PAGE_SIZE && last
        ? sealCursor([last.sort_name, last.user_id], secret)
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// The salary guide and the filters' counts: one aggregate over the open, published jobs of
// recruiters in good standing, grouped three ways (category; city; city and category) in one
// statement, and kept per instance for PUBLIC_PAGES.statsCacheSeconds, then refreshed behind the
// cached answer. Its cost grows with the open jobs (PostgreSQL reads them all and sorts them for
// the percentiles: 0.5-0.7 s at 270,000 open jobs, decision 027), paid once per instance every ten
// minutes, never by a visitor but the first after a start.

interface StatsRow {
  job_category: string | null;
  city_id: number | null;
  by_city: boolean;
  jobs: number;
  with_salary: number;
  low: number | null;
  median: number | null;
  high: number | null;
}

interface Stats {
  at: number;
  rows: StatsRow[];
  computedAt: string;
}

interface StatsEntry {
  stats: Promise<Stats>;
  refreshing?: Promise<Stats>;
}
const statsCache = new WeakMap<Queryable, StatsEntry>();

async function computeStats(q: Queryable): Promise<Stats> {
  const rows = await q.query<StatsRow>(
    `WITH open_jobs AS (
       SELECT j.job_category, j.city_id,
              COALESCE(j.min_salary, j.max_salary) AS lo, COALESCE(j.max_salary, j.min_salary) AS hi
         FROM jobs j
        WHERE j.status = 'open' AND ${publicJobSql('j')})
     SELECT job_category, city_id, GROUPING(city_id) = 0 AS by_city, count(*)::int AS jobs,
            count(lo)::int AS with_salary,
            percentile_cont(0.25) WITHIN GROUP (ORDER BY lo) AS low,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY (lo + hi) / 2) AS median,
            percentile_cont(0.75) WITHIN GROUP (ORDER BY hi) AS high
       FROM open_jobs
      GROUP BY GROUPING SETS ((job_category), (city_id), (city_id, job_category))`,
  );
  return { at: Date.now(), rows, computedAt: new Date().toISOString() };
}

/**
 * The aggregate, from this instance's cache. Once older than PUBLIC_PAGES.statsCacheSeconds it is
 * still answered while one refresh runs behind it (stale while revalidating): only the first
 * reader after a start waits for the statement.
 */
async function stats(q: Queryable): Promise<Stats> {
  let entry = statsCache.get(q);
  if (!entry) {
    entry = { stats: computeStats(q) };
    statsCache.set(q, entry);
  }
  const current = await entry.stats.catch(() => null);
  if (!current) {
    // The last try failed: this reader tries again (and waits).
    entry.stats = computeStats(q);
    return entry.stats;
  }
  if (Date.now() - current.at >= PUBLIC_PAGES.statsCacheSeconds * 1000 && !entry.refreshing) {
    const kept = entry;
    kept.refreshing = computeStats(q);
    kept.refreshing.then(
      (fresh) => {
        kept.stats = Promise.resolve(fresh);
        kept.refreshing = undefined;
      },
      () => {
        kept.refreshing = undefined; // keep the stale one; the next reader tries again
      },
    );
  }
  return current;
}

/** Forgets the cached aggregate (tests that change jobs and read the guide again). */
export function forgetPublicStats(q: Queryable): void {
  statsCache.delete(q);
}

const round = (n: number | null) => (n === null ? null : Math.round(Number(n) * 10) / 10);
const salaryRow = (r: StatsRow): SalaryRow => ({
  category: r.job_category!,
  jobs: r.jobs,
  withSalary: r.with_salary,
  low: round(r.low),
  median: round(r.median),
  high: round(r.high),
});
const byCategoryOrder = (a: SalaryRow, b: SalaryRow) =>
  JOB_CATEGORIES.indexOf(a.category as never) - JOB_CATEGORIES.indexOf(b.category as never);

/** The cities with the most open jobs (remote jobs have no city), most first. */
async function topCities(q: Queryable, s: Stats): Promise<(PublicCity & { jobs: number })[]> {
  const cities = await citiesById(q);
  return s.rows
    .filter((r) => r.by_city && r.job_category === null && r.city_id !== null)
    .sort((a, b) => b.jobs - a.jobs || a.city_id! - b.city_id!)
    .slice(0, PUBLIC_PAGES.topCities)
    .flatMap((r) => {
      const city = cities.get(r.city_id!);
      return city ? [{ ...city, jobs: r.jobs }] : [];
    });
}

export async function publicFilters(q: Queryable): Promise<PublicFilters> {
  const s = await stats(q);
  const perCategory = new Map(
    s.rows.filter((r) => !r.by_city).map((r) => [r.job_category, r.jobs] as const),
  );
  return {
    categories: JOB_CATEGORIES.map((code) => ({
      code,
      slug: categorySlug(code),
      jobs: perCategory.get(code) ?? 0,
    })),
    cities: (await topCities(q, s)).map((c) => ({
      slug: c.slug,
      name: c.name,
      state: c.state,
      jobs: c.jobs,
    })),
  };
}

export async function salaryGuide(q: Queryable): Promise<SalaryGuide> {
  const s = await stats(q);
  const cities = await topCities(q, s);
  return {
    computedAt: s.computedAt,
    india: s.rows
      .filter((r) => !r.by_city)
      .map(salaryRow)
      .sort(byCategoryOrder),
    cities: cities.map((c) => ({
      slug: c.slug,
      name: c.name,
      state: c.state,
      rows: s.rows
        .filter((r) => r.by_city && r.city_id === c.id && r.job_category !== null)
        .map(salaryRow)
        .sort(byCategoryOrder),
    })),
  };
}

/** The slugs of every city with open jobs (the sitemap's city pages), from the cached aggregate. */
export async function publicCityPages(q: Queryable): Promise<string[]> {
  const s = await stats(q);
  const cities = await citiesById(q);
  return s.rows
    .filter((r) => r.by_city && r.job_category === null && r.city_id !== null)
    .sort((a, b) => a.city_id! - b.city_id!)
    .flatMap((r) => {
      const city = cities.get(r.city_id!);
      return city ? [city.slug] : [];
    });
}
