import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { PUBLIC_PAGES } from '#shared/limits.ts';
import { JOB_CATEGORIES } from '#shared/picklists.ts';
import {
  categorySlug,
  jobIdFromSlug,
  jobPath,
  JOB_VIEW_SEGMENT,
  PUBLIC_INFO_PAGES,
  TOPICS,
} from '#shared/public-paths.ts';
import type { Ctx } from '../../context.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { takeTokens } from '../../lib/rate-limit.ts';
import { publicReadBuckets } from '../../policies/limits.ts';
import { publicJobSql } from '../moderation/visibility.ts';
import { citiesById } from './city-slugs.ts';
import { publicJobPath, publicCityPages } from './public.repo.ts';
import { isTimestamp, isUuid } from '../../lib/ids.ts';

// What search engines read besides the pages (decision 027): /robots.txt, /sitemap.xml (a
// sitemap index when there are more URLs than one file may hold), /manifest.json (the installable
// app's manifest is /manifest.webmanifest, decision 017) and the 301 from a job page's wrong slug
// to its canonical address. Registered on the root app before the web app's catch-all.

export interface SiteOptions {
  /** URLs per sitemap file: the protocol's 50,000, smaller in tests. */
  sitemapUrlsPerFile?: number;
}

/** Screens of signed-in people: nothing there for a search engine (they answer the empty shell). */
const SIGNED_IN_PREFIXES = [
  '/api/',
  '/onboarding',
  '/jobseeker-dashboard',
  '/job-detail/',
  '/job-chats',
  '/jobseeker-chat/',
  '/candidate-profile',
  '/candidate/',
  '/candidate_details/',
  '/update_job_preferences',
  '/profile',
  '/messages',
  '/recruiter-dashboard',
  '/recruiter-settings',
  '/recruiter-messages/',
  '/post-job',
  '/create-job',
  '/admin',
  '/media/',
];

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const url = (loc: string, lastmod?: string) =>
  `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>\n`;

interface JobKey {
  sort_created: string;
  id: string;
}

export async function siteRoutes(
  app: FastifyInstance,
  ctx: Ctx,
  options: SiteOptions = {},
): Promise<void> {
  const perFile = options.sitemapUrlsPerFile ?? PUBLIC_PAGES.sitemapUrlsPerFile;
  const batch = Math.min(PUBLIC_PAGES.sitemapBatch, perFile);
  const origin = ctx.config.publicOrigin;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const site = { config: { policy: 'public' as const }, schema: { hide: true } };

  /** Sitemaps cost a keyset walk: the same per-address bucket as the public API. */
  const limit = (request: FastifyRequest) => takeTokens(ctx.db, publicReadBuckets(request.ip));

  /** The public pages that are not jobs: the info pages, /jobs and its category, topic and city pages. */
  const pageUrls = async (): Promise<string[]> => {
    const cities = await publicCityPages(ctx.db);
    return [
      '/',
      '/jobs',
      ...PUBLIC_INFO_PAGES.map((p) => `/${p}`),
      ...JOB_CATEGORIES.map((c) => `/jobs/${categorySlug(c)}`),
      ...Object.keys(TOPICS).map((t) => `/jobs/${t}`),
      ...cities.map((c) => `/jobs/${c}`),
    ];
  };

  /**
   * The first key of each jobs file: every perFile-th open job, oldest first, from an index-only
   * walk of `jobs_open_listed` (0.8 s at 890,000 open jobs, decision 027), so kept per instance
   * for PUBLIC_PAGES.statsCacheSeconds. New jobs go to the end of the last file meanwhile.
   */
  let starts: { at: number; keys: Promise<JobKey[]> } | null = null;
  const fileStarts = (): Promise<JobKey[]> => {
    if (!starts || Date.now() - starts.at >= PUBLIC_PAGES.statsCacheSeconds * 1000) {
      const keys = ctx.db.query<JobKey>(
        `SELECT sort_created, id FROM (
           SELECT j.created_at::text AS sort_created, j.id,
                  row_number() OVER (ORDER BY j.created_at, j.id) AS n
             FROM jobs j WHERE j.status = 'open' AND ${publicJobSql('j')}) k
          WHERE n % $1 = 1 ORDER BY n`,
        [perFile],
      );
      const entry = { at: Date.now(), keys };
      starts = entry;
      keys.catch(() => {
        if (starts === entry) starts = null;
      });
    }
    return starts.keys;
  };

  /** One file's job URLs, from its first key on, read in keyset batches, never all at once. */
  async function* jobUrls(start: JobKey | null, max: number): AsyncGenerator<string> {
    const cities = await citiesById(ctx.db);
    let after = start;
    let inclusive = true;
    let written = 0;
    while (written < max) {
      const params: unknown[] = [Math.min(batch, max - written)];
      let from = '';
      if (after) {
        params.push(after.sort_created, after.id);
        from = `AND (j.created_at, j.id) ${inclusive ? '>=' : '>'} ($2::timestamptz, $3::uuid)`;
      }
      const rows = await ctx.db.query<
        JobKey & {
          title: string;
          company: string;
          location: string;
          city_id: number | null;
          updated: string;
        }
      >(
        `SELECT j.created_at::text AS sort_created, j.id, j.title, j.company, j.location, j.city_id,
                to_char(j.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS updated
           FROM jobs j
          WHERE j.status = 'open' AND ${publicJobSql('j')} ${from}
          ORDER BY j.created_at, j.id
          LIMIT $1`,
        params,
      );
      for (const r of rows) {
        const city = r.city_id === null ? null : cities.get(r.city_id);
        const loc = jobPath({
          id: r.id,
          title: r.title,
          company: r.company,
          city: city?.name ?? r.location,
        });
        yield url(`${origin}${loc}`, r.updated);
      }
      written += rows.length;
      if (rows.length < (params[0] as number)) return;
      after = rows.at(-1)!;
      inclusive = false;
    }
  }

  const sendXml = (reply: FastifyReply, body: string | Readable) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);

  typed.get('/sitemap.xml', site, async (request, reply) => {
    await limit(request);
    const [pages, starts] = await Promise.all([pageUrls(), fileStarts()]);
    // Small enough for one file: every URL in it.
    if (
      starts.length <= 1 &&
      (await countUpTo(perFile - pages.length + 1)) + pages.length <= perFile
    ) {
      const body = async function* () {
        yield URLSET_OPEN;
        for (const p of pages) yield url(`${origin}${p}`);
        yield* jobUrls(null, perFile);
        yield '</urlset>\n';
      };
      return sendXml(reply, Readable.from(body()));
    }
    const files = [
      `${origin}/sitemaps/pages.xml`,
      ...starts.map((s) => `${origin}/sitemaps/jobs-${encodeCursor([s.sort_created, s.id])}.xml`),
    ];
    return sendXml(
      reply,
      `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
        .map((f) => `<sitemap><loc>${xmlEscape(f)}</loc></sitemap>\n`)
        .join('')}</sitemapindex>\n`,
    );
  });

  /** How many open jobs there are, counting no further than `max`. */
  async function countUpTo(max: number): Promise<number> {
    const [row] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j
         WHERE j.status = 'open' AND ${publicJobSql('j')} LIMIT $1) x`,
      [Math.max(0, max)],
    );
    return row?.n ?? 0;
  }

  typed.get('/sitemaps/pages.xml', site, async (request, reply) => {
    await limit(request);
    const pages = await pageUrls();
    return sendXml(
      reply,
      `${URLSET_OPEN}${pages.map((p) => url(`${origin}${p}`)).join('')}</urlset>\n`,
    );
  });

  // A wildcard, not `:file`: the router does not match a parameter over 100 characters, and such
  // a name must be refused here rather than fall through to the web app.
  typed.get(
    '/sitemaps/*',
    { ...site, schema: { hide: true, params: z.object({ '*': z.string().max(200) }) } },
    async (request, reply) => {
      const match = /^jobs-([A-Za-z0-9_-]{1,150})\.xml$/.exec(request.params['*']);
      if (!match) return reply.callNotFound();
      const [sortCreated, id] = decodeCursor<[string, string]>(match[1], ['string', 'string'])!;
      if (!isUuid(id) || !isTimestamp(sortCreated)) return reply.callNotFound();
      await limit(request);
      const body = async function* () {
        yield URLSET_OPEN;
        yield* jobUrls({ sort_created: sortCreated, id }, perFile);
        yield '</urlset>\n';
      };
      return sendXml(reply, Readable.from(body()));
    },
  );

  typed.get('/robots.txt', site, async (_request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...SIGNED_IN_PREFIXES.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(lines.join('\n'));
  });

  // The app's manifest is /manifest.webmanifest (vite-plugin-pwa, decision 017); browsers and
  // tools that guess /manifest.json are sent there, never given the HTML shell.
  typed.get('/manifest.json', site, async (_request, reply) => {
    if (!existsSync(path.join(ctx.config.webDist, 'manifest.webmanifest')))
      return reply.callNotFound();
    return reply.redirect('/manifest.webmanifest', 301);
  });

  // A job page's address names its title, company and city; only the id at its end counts. Any
  // other words before the right id are answered with a 301 to the canonical address (search
  // engines keep one page per job); the canonical address itself goes on to the web app.
  const prefix = `/jobs/${JOB_VIEW_SEGMENT}/`;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!request.url.startsWith(prefix)) return;
    const [pathname, query] = splitUrl(request.url);
    const slug = pathname.slice(prefix.length);
    const id = jobIdFromSlug(slug);
    if (!id || slug.includes('/')) return;
    const canonical = await publicJobPath(ctx.db, id);
    if (canonical && canonical !== pathname)
      return reply
        .header('cache-control', 'public, max-age=3600')
        .redirect(`${canonical}${query}`, 301);
  });
}

function splitUrl(raw: string): [string, string] {
  const at = raw.indexOf('?');
  const pathname = at < 0 ? raw : raw.slice(0, at);
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: compared as it is (and so redirected to the canonical address)
  }
  return [decoded, at < 0 ? '' : raw.slice(at)];
}
