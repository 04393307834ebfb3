import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { PAGE_SIZE } from '#shared/limits.ts';
import { RELATED_CATEGORIES, scoreJob, type SeekerSide } from '#shared/matching.ts';
import type { JobCardView, JobView } from '#shared/schemas/jobs.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest } from '../../lib/errors.ts';
import { cityBands, type CityBands } from '../matching/city-bands.ts';
import { paramList, scoreSql, type Arg } from '../matching/score-sql.ts';
import { CARD_COLUMNS, jobSideOf, presentCard, type JobRow } from './job-select.ts';
import { recruiterShownToSql } from '../moderation/visibility.ts';
import { openJobTypes } from './jobs.repo.ts';
import { newestWithWords, rareWordsOf, rememberRarity } from './search-tiers.ts';
import {
  bytes,
  positionOf,
  rankingKey,
  rankingKeys,
  rankingsOf,
  seekerKeys,
  visibleFrom,
  windowKeys,
  type RankedPage,
  type Ranking,
} from './feed-rankings.ts';
import { isKept, versionsSql, type KeptRow } from './feed-cards.ts';
import { answerCard } from './feed-json.ts';
import {
  heldNarrowing,
  matchesIn,
  matchesKey,
  matchesOf,
  narrowed,
  textsOf,
  windowKey,
  type WindowMatches,
} from './feed-searches.ts';
import { isTimestamp, isUuid } from '../../lib/ids.ts';

// The seeker's feed: retrieval, then ranking (decision 020). Candidate jobs come from indexes,
// newest first and bounded per index branch (the seeker's category; each city of their area);
// the explainable score (shared/matching.ts, score-sql.ts) then orders those candidates, and
// pages are a keyset on (score, created_at, id). Jobs matching neither the category nor the area
// never reach the main feed; once it runs out, a labelled wider section follows (related
// categories, cities further out, remote jobs; for a search: the other jobs with the words).

/** Candidates read per index branch of the main feed (the feed's depth: 50 pages). */
export const FEED_CANDIDATES = 1000;
/** Candidates read per index branch of the wider section, and of a search. */
export const WIDER_CANDIDATES = 200;

export interface FeedOptions {
  q: string;
  type?: string;
  cursor?: string;
}

export type FeedSeeker = SeekerSide & { cityId: number | null };

/** What a section's statement is asked: a search's words, the type chip, a search's window, and
 * whether the words were found rare lately (search-tiers.ts). */
interface SectionOptions {
  q: string;
  type?: string;
  edges?: WindowBounds;
  rare?: boolean;
}
export type FeedSection = 'main' | 'wider';

/** Where a page starts: the section, the time the first page was read, the last row's key. */
interface FeedCursor {
  section: FeedSection;
  asOf: string;
  after: [number, string, string] | null;
  /** The seeker's preferences' counter when the scroll began (null in a cursor from before). */
  seekerVersion: string | null;
}

/** `%`, `_` and `\` in a search term are literal characters, not patterns. */
export const likeEscape = (term: string) => term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

export async function seekerSide(q: Queryable, seekerId: string): Promise<FeedSeeker> {
  return (await seekerSideAndVersion(q, seekerId)).me;
}

/**
 * The seeker's side, and their preferences' change counter (`seeker:<id>`, migration 019) read in
 * the same snapshot: a ranking made from this side compares it with the counter its own statement
 * reads, so preferences written in between are never taken for the ones it ranked.
 */
async function seekerSideAndVersion(
  q: Queryable,
  seekerId: string,
): Promise<{ me: FeedSeeker; version: string }> {
  // One row even without a profile (every preference null).
  const [row] = await q.query<FeedSeeker & { version: string }>(
    `SELECT sp.job_category AS "jobCategory", sp.job_type AS "jobType", sp.experience_range AS "experienceRange",
            sp.salary_range AS "salaryRange", c.lat, c.lon, c.id AS "cityId", v.version
       FROM (SELECT ${versionsSql("ARRAY['seeker:' || $1::uuid]")} AS version) v
       LEFT JOIN seeker_profiles sp ON sp.user_id = $1
       LEFT JOIN cities c ON c.id = sp.city_id`,
    [seekerId],
    'feed_seeker_side',
  );
  const { version, ...me } = row!;
  return { me, version };
}

function readCursor(cursor: string | undefined): FeedCursor | null {
  if (!cursor) return null;
  // With the seeker's preferences' counter last (the scroll's); without it, a cursor made before
  // it was added (checked against nothing).
  const shapes: ('string' | 'number')[][] = [
    ['string', 'string', 'number', 'string', 'string', 'string'],
    ['string', 'string', 'string'],
    ['string', 'string', 'number', 'string', 'string'],
    ['string', 'string'],
  ];
  let v: (string | number)[] | null = null;
  for (const shape of shapes) {
    try {
      v = decodeCursor(cursor, shape);
      break;
    } catch {
      // the next shape
    }
  }
  if (!v) throw badRequest('errors.badRequest');
  const keyed = v.length >= 5;
  const version = v.length === 6 || v.length === 3 ? (v.at(-1) as string) : null;
  if (version !== null && !/^\d{1,19}$/.test(version)) throw badRequest('errors.badRequest');
  const [section, asOf, score, created, id] = (keyed ? v : v.slice(0, 2)) as [
    string,
    string,
    number?,
    string?,
    string?,
  ];
  const ok =
    (section === 'main' || section === 'wider') &&
    isTimestamp(asOf) &&
    (score === undefined ||
      (Number.isInteger(score) &&
        score >= 0 &&
        score <= 100 &&
        isTimestamp(created) &&
        isUuid(id)));
  if (!ok) throw badRequest('errors.badRequest');
  return {
    section,
    asOf,
    after: score === undefined ? null : [score, created!, id!],
    seekerVersion: version,
  };
}

/** The text a search reads of a job (`j.title`, `j.company`, `j.description`), lowered. */
const SEARCH_TEXT = `lower(j.title || ' ' || j.company || ' ' || j.description)`;

/** A job's text has the search's words. */
const wordsSql = (term: string, arg: Arg) =>
  `${SEARCH_TEXT} LIKE '%' || ${arg(likeEscape(term), 'text')} || '%' ESCAPE '\\'`;

/** The columns the ranking needs, all in the covering indexes of migration 015. */
const CANDIDATE_COLUMNS = `j.id, j.created_at, j.recruiter_id, j.job_category, j.type, j.level, j.min_salary, j.max_salary, j.city_id`;
const NEWEST = 'ORDER BY j.created_at DESC, j.id DESC';

/** A job where the feed's window ends: its `created_at` (as PostgreSQL prints it) and id. */
type Edge = [string, string];

/**
 * Where a search's window ends: the oldest job of the newest `FEED_CANDIDATES` of the seeker's
 * category and of their area (null when the key holds fewer: all of it is in the window). Read by
 * `windowEdges`, and kept with the ranking of that window once read (`Ranking.edges`).
 */
export interface WindowBounds {
  category: Edge | null;
  area: Edge | null;
}

/** A window's edges as `windowEdges` reads them, with the time read, which the search's pages
 * then read up to. */
export interface WindowEdges extends WindowBounds {
  asOf: string;
}

/**
 * The bounded newest-first index branches the feed's statements are made of, over the open,
 * published jobs up to `asOf` (and of the filtered type).
 */
function branchesSql(
  me: FeedSeeker,
  bands: CityBands,
  opts: { type?: string },
  asOf: string | null,
  arg: Arg,
  columns = CANDIDATE_COLUMNS,
) {
  const base = [
    `j.status = 'open'`,
    `j.moderation_state = 'published'`,
    `j.created_at <= ${arg(asOf ?? 'infinity', 'timestamptz')}`,
  ];
  if (opts.type) base.push(`j.type = ${arg(opts.type, 'text')}`);
  const where = base.join(' AND ');
  const branch = (extra: string, limit: number) =>
    `(SELECT ${columns} FROM jobs j WHERE ${where} AND ${extra} ${NEWEST} LIMIT ${limit})`;
  /**
   * The newest `limit` jobs over several keys (city ids, categories): one newest-first index
   * branch per key, merged in order (a Merge Append), so only about `limit` index entries are
   * read however many keys there are.
   */
  const perKey = (
    column: string,
    keys: readonly (string | number)[],
    cast: string,
    limit: number,
    extra = '',
  ) =>
    `(SELECT x.* FROM (${keys
      .map((k) => branch(`j.${column} = ${arg(k, cast)}${extra}`, limit))
      .join(' UNION ALL ')}) x ORDER BY x.created_at DESC, x.id DESC LIMIT ${limit})`;
  /**
   * The main feed's window: the newest `FEED_CANDIDATES` jobs of the seeker's category and the
   * newest of their area, other categories (so the two are disjoint).
   */
  const feedWindow = () => ({
    category: me.jobCategory
      ? branch(`j.job_category = ${arg(me.jobCategory, 'text')}`, FEED_CANDIDATES)
      : null,
    area: bands.near.length
      ? perKey(
          'city_id',
          bands.near,
          'int',
          FEED_CANDIDATES,
          me.jobCategory ? ` AND j.job_category <> ${arg(me.jobCategory, 'text')}` : '',
        )
      : null,
  });
  return { where, branch, perKey, feedWindow };
}

/**
 * The candidates of one section and their score, as two CTEs (`candidates`, `scored`): a UNION of
 * bounded newest-first index branches (the seeker's category; each city of their area), then the
 * explainable score of each. Shared by the page statement and the kept ranking's.
 */
function scoredCandidates(
  me: FeedSeeker,
  bands: CityBands,
  opts: SectionOptions,
  section: FeedSection,
  asOf: string | null,
  arg: Arg,
): { ctes: string; wordsRare: string | null } {
  const { where, branch, perKey, feedWindow } = branchesSql(me, bands, opts, asOf, arg);

  // The seeker's preferences: their category or their area (built where used: every parameter
  // must appear in the statement).
  const hasPrefs = Boolean(me.jobCategory) || bands.near.length > 0;
  const matchesPrefs = () => {
    const prefs: string[] = [];
    if (me.jobCategory) prefs.push(`j.job_category = ${arg(me.jobCategory, 'text')}`);
    if (bands.near.length) prefs.push(`j.city_id = ANY(${arg(bands.near, 'int[]')})`);
    return prefs.length ? `(${prefs.join(' OR ')})` : 'false';
  };
  // NULL city (remote) must count as "not in the area", so the negation is written out.
  const outsidePrefs = () => (hasPrefs ? `NOT COALESCE(${matchesPrefs()}, false)` : 'true');

  /**
   * A search's window (the feed's, `edges` read first by `windowEdges`): the category's and the
   * area's jobs from their edge on, as conditions a planner can serve from either index.
   */
  const inWindow = () => {
    const edges = opts.edges;
    if (!edges) throw new Error('a search needs the window edges');
    const from = (edge: Edge | null) => {
      if (!edge) return '';
      const at = arg(edge[0], 'timestamptz');
      return ` AND j.created_at >= ${at} AND (j.created_at > ${at} OR j.id >= ${arg(edge[1], 'uuid')})`;
    };
    const parts: string[] = [];
    if (me.jobCategory)
      parts.push(`(j.job_category = ${arg(me.jobCategory, 'text')}${from(edges.category)})`);
    if (bands.near.length)
      parts.push(
        `(j.city_id = ANY(${arg(bands.near, 'int[]')})${me.jobCategory ? ` AND j.job_category <> ${arg(me.jobCategory, 'text')}` : ''}${from(edges.area)})`,
      );
    return parts.length ? `(${parts.join(' OR ')})` : 'false';
  };

  const branches: string[] = [];
  let before = '';
  let exclude = '';
  let union = 'UNION';
  let wordsRare: string | null = null;
  // A search looks for the words in the window the feed ranks: its main section reads never more
  // than 2 x FEED_CANDIDATES jobs, whatever the catalogue's size or the word. Every other job
  // with the words is its wider section, read in tiers bounded for every word (search-tiers.ts).
  const words = () => wordsSql(opts.q, arg);
  if (opts.q && section === 'main') {
    // The window is read first (`OFFSET 0` keeps the words out of that scan): with the words
    // beside the window's ranges, the planner ANDs in the trigram index, which for a common word
    // is a bitmap of a ninth of the benchmark's catalogue (20 ms at 1M jobs; the window: 5 ms).
    branches.push(
      `(SELECT ${CANDIDATE_COLUMNS} FROM (SELECT ${CANDIDATE_COLUMNS}, j.title, j.company, j.description FROM jobs j WHERE ${where} AND ${inWindow()} OFFSET 0) j WHERE ${words()})`,
    );
  } else if (opts.q) {
    // The newest WIDER_CANDIDATES jobs with the words outside the window, read in tiers bounded
    // for every word (search-tiers.ts).
    const tiers = newestWithWords({
      name: 'wider',
      columns: CANDIDATE_COLUMNS,
      where: () => `${where} AND NOT COALESCE(${inWindow()}, false)`,
      words,
      limit: WIDER_CANDIDATES,
      rare: opts.rare,
    });
    before = `${tiers.ctes},`;
    wordsRare = tiers.rare;
    branches.push(`(${tiers.rows})`);
  } else if (section === 'main') {
    const { category, area } = feedWindow();
    for (const part of [category, area]) if (part) branches.push(part);
    union = 'UNION ALL';
  } else if (hasPrefs) {
    const related = me.jobCategory ? (RELATED_CATEGORIES[me.jobCategory] ?? []) : [];
    if (related.length) branches.push(perKey('job_category', related, 'text', WIDER_CANDIDATES));
    if (bands.further.length)
      branches.push(perKey('city_id', bands.further, 'int', WIDER_CANDIDATES));
    branches.push(branch('j.city_id IS NULL', WIDER_CANDIDATES));
    exclude = `WHERE ${outsidePrefs()}`;
  } else {
    // No category and no city: everything is "wider", newest first.
    branches.push(branch('true', WIDER_CANDIDATES * 5));
  }
  if (!branches.length) branches.push(branch('false', 1));

  const score = scoreSql(me, 'j', `(${arg(bands.points, 'int[]')})[j.city_id]`, arg);
  return {
    ctes: `${before} candidates AS (${branches.join(`\n ${union} `)}),
          scored AS (SELECT j.id, j.created_at, j.recruiter_id, ${score}::int AS score FROM candidates j ${exclude})`,
    wordsRare,
  };
}

/**
 * Where a search's window ends, read once per search page before its statements: two walks of at
 * most `FEED_CANDIDATES` entries of the covering indexes (index-only), and the time they were read
 * on a first page, so every page of the search sees the same window.
 */
export async function windowEdges(
  q: Queryable,
  me: FeedSeeker,
  bands: CityBands,
  opts: { type?: string },
  asOf: string | null,
): Promise<WindowEdges> {
  const params: unknown[] = [];
  const arg: Arg = paramList(params);
  const { category, area } = branchesSql(me, bands, opts, asOf, arg).feedWindow();
  // A seeker with neither a category nor a city has no window: the statement then reads only the
  // time (every parameter must appear in it).
  if (!category && !area) params.length = 0;
  const edge = (part: string | null) =>
    part
      ? `(SELECT w.created_at::text || '|' || w.id FROM ${part} w ORDER BY w.created_at DESC, w.id DESC OFFSET ${FEED_CANDIDATES - 1} LIMIT 1)`
      : 'NULL::text';
  const sql = `SELECT ${edge(category)} AS category, ${edge(area)} AS area,
                      COALESCE(${arg(asOf, 'timestamptz')}, now())::text AS as_of`;
  const [row] = await q.query<{ category: string | null; area: string | null; as_of: string }>(
    sql,
    params,
    statementName(sql),
  );
  const split = (e: string | null): Edge | null => (e ? (e.split('|') as Edge) : null);
  return { asOf: row!.as_of, category: split(row!.category), area: split(row!.area) };
}

/**
 * One section's statement: the candidates and their score (`scoredCandidates`), the keyset, then
 * the visibility rules on the few rows of the page only (the candidates are sorted first, so the
 * recruiter checks run for about a page of rows, not for every candidate). Exported so the
 * benchmark can time and EXPLAIN the bare statement.
 */
export function feedQuery(
  me: FeedSeeker,
  bands: CityBands,
  opts: SectionOptions,
  section: FeedSection,
  page: { asOf: string | null; after: [number, string, string] | null; limit: number },
  seekerId: string | null = null,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg: Arg = paramList(params);
  const scored = scoredCandidates(me, bands, opts, section, page.asOf, arg);
  const keyset = page.after
    ? `WHERE (score, created_at, id) < (${arg(page.after[0], 'int')}, ${arg(page.after[1], 'timestamptz')}, ${arg(page.after[2], 'uuid')})`
    : '';
  // In the select list, not in WHERE: a NOT EXISTS there would become an anti-join over every
  // candidate (which may not keep the order); here it is checked only for the rows the LIMIT
  // pulls, against arrays computed once. Sort → subquery scans (OFFSET 0 keeps them apart) →
  // filter → limit keeps the sorted order; the outer query sorts the page again for its joins.
  const visible = seekerId ? recruiterShownToSql('s.recruiter_id', arg(seekerId, 'uuid')) : 'true';
  const order = 'ORDER BY score DESC, created_at DESC, id DESC';
  // A search's wider section says whether its words were rare (search-tiers.ts).
  const rare = scored.wordsRare ? `, ${scored.wordsRare} AS words_rare` : '';
  const sql = `WITH ${scored.ctes},
          page AS (SELECT v.id, v.created_at, v.score
                     FROM (SELECT s.id, s.created_at, s.score, ${visible} AS visible
                             FROM (SELECT * FROM scored ${keyset} ${order} OFFSET 0) s OFFSET 0) v
                    WHERE v.visible LIMIT ${arg(page.limit, 'int')})
     SELECT ${CARD_COLUMNS}, page.score, page.created_at::text AS sort_created, jc.lat AS j_lat, jc.lon AS j_lon,
            COALESCE(${arg(page.asOf, 'timestamptz')}, now())::text AS as_of${rare}
       FROM page JOIN jobs j ON j.id = page.id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
       LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id
       LEFT JOIN cities jc ON jc.id = j.city_id
      ORDER BY page.score DESC, page.created_at DESC, page.id DESC`;
  return { sql, params };
}

/**
 * A prepared statement per shape of the feed's SQL (PostgreSQL plans it once per connection).
 * Every value is a parameter, so the text depends only on the shape (section, search, filter,
 * cursor and how many cities or categories a branch reads): a few hundred shapes at most.
 */
const statementName = (sql: string) =>
  `feed_${createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;

type FeedRow = JobRow & {
  score: number;
  sort_created: string;
  as_of?: string;
  words_rare?: boolean;
};

export interface SeekerFeedPage {
  /** Jobs of the seeker's category or area. */
  jobs: JobCardView[];
  /** The wider section's jobs on this page (once the main feed has run out). */
  wider: JobCardView[];
  /** True when fewer than a page of jobs match the seeker's preferences. */
  fewMatches: boolean;
  nextCursor: string | null;
}

export async function seekerFeed(
  q: Queryable,
  seekerId: string,
  opts: FeedOptions,
): Promise<SeekerFeedPage & { types: string[] | null }> {
  const cursor = readCursor(opts.cursor);
  // The main section of a scroll or a search: from the seeker's kept ranking when there is one
  // that holds (feed-rankings.ts; for a search narrowed to the words, feed-searches.ts), else
  // from the live statement.
  const inMain = !cursor || cursor.section === 'main';
  const kept = inMain ? await fromRanking(q, seekerId, opts, cursor) : null;
  let me: FeedSeeker;
  let seekerVersion: string;
  let bands: CityBands;
  let asOf = cursor?.asOf ?? null;
  let main: Array<FeedRow | KeptRow> = [];
  let more = false;
  let edges: WindowBounds | undefined;
  if (kept) {
    ({ me, bands, asOf, seekerVersion } = kept.ranking);
    main = kept.rows;
    more = !kept.end;
  } else {
    ({ me, version: seekerVersion } = await seekerSideAndVersion(q, seekerId));
    // Preferences changed since this scroll's first page: its pages were ranked and scored for
    // the old ones, and the new ones would order the rest differently (a page again, a page
    // skipped). The scroll ends here; the next first page (a pull to refresh) is the new feed.
    if (cursor?.seekerVersion && cursor.seekerVersion !== seekerVersion)
      return { jobs: [], wider: [], fewMatches: false, nextCursor: null, types: null };
    bands = await cityBands(q, me.cityId);
    if (opts.q) {
      const read = await windowEdges(q, me, bands, opts, asOf);
      edges = read;
      asOf = read.asOf;
    }
    if (inMain) {
      const rows = await run(
        q,
        me,
        bands,
        opts,
        seekerId,
        'main',
        asOf,
        cursor?.after ?? null,
        edges,
      );
      asOf ??= rows[0]?.as_of ?? null;
      main = rows;
      more = rows.length > PAGE_SIZE;
    }
  }
  const types = cursor ? null : await typeChips(q, kept?.typeVersions ?? null);
  const next = (section: FeedSection, at: string, r?: FeedRow | KeptRow) =>
    encodeCursor(
      r
        ? [section, at, r.score, r.sort_created, r.id as string, seekerVersion]
        : [section, at, seekerVersion],
    );
  // A kept card is the same for every seeker: each answer gets its own copy (the route sets
  // presence on it) with the reasons for this seeker, and its JSON written once (feed-json.ts).
  const present = (rows: Array<FeedRow | KeptRow>) =>
    rows.map((r) =>
      isKept(r) ? answerCard(r.view, scoreJob(me, r.job)) : presentCard(r, explain(me, r)),
    );

  if (more) {
    main = main.slice(0, PAGE_SIZE);
    return {
      jobs: present(main),
      wider: [],
      fewMatches: false,
      nextCursor: next('main', asOf!, main.at(-1)),
      types,
    };
  }
  // The main feed ends on this page: the wider section fills the rest of it (one more row says
  // whether there is a next page). A search's is outside its window, up to now: the ranking's own
  // time may be half an hour old, and the wider section spans every job. A kept ranking was just
  // checked current, so its window is as it was ranked: the edges read with it once hold for as
  // long as it does (read at most once per ranking, not per search).
  if (opts.q && !edges) {
    const held = kept?.ranking.edges;
    const read = held?.bounds ? null : await windowEdges(q, me, bands, opts, null);
    if (held && read) held.bounds = { category: read.category, area: read.area };
    edges = held?.bounds ?? read!;
    asOf = read?.asOf ?? null;
  }
  const room = PAGE_SIZE - main.length;
  const rows = await run(
    q,
    me,
    bands,
    opts,
    seekerId,
    'wider',
    asOf,
    cursor?.section === 'wider' ? cursor.after : null,
    edges,
    room + 1,
  );
  asOf ??= rows[0]?.as_of ?? null;
  const wider = rows.slice(0, room);
  return {
    jobs: present(main),
    wider: present(wider),
    fewMatches: !cursor && main.length < PAGE_SIZE,
    nextCursor: rows.length > room && asOf ? next('wider', asOf, wider.at(-1)) : null,
    types,
  };
}

/** One section's page through the live statement (`feedQuery`). */
async function run(
  q: Queryable,
  me: FeedSeeker,
  bands: CityBands,
  opts: FeedOptions,
  seekerId: string,
  section: FeedSection,
  asOf: string | null,
  after: FeedCursor['after'],
  edges: WindowBounds | undefined,
  limit = PAGE_SIZE + 1,
): Promise<FeedRow[]> {
  const perTerm = Boolean(opts.q) && section === 'wider';
  // Whether the words were rare lately: the order of the wider section's tiers (search-tiers.ts).
  const rareKey = `feed:${opts.type ?? ''}:${likeEscape(opts.q)}`;
  const rare = perTerm && rareWordsOf(q).has(rareKey);
  const { sql, params } = feedQuery(
    me,
    bands,
    { ...opts, edges, rare },
    section,
    { asOf, after, limit },
    seekerId,
  );
  // A search's wider section is planned per term: its tiers decide at run time, but a generic plan
  // read them slower (decision 020, session 13; a rare word's generic plan, tried in session 16,
  // ANDed a bitmap of every open job into its index read). Every other statement has one plan
  // for every value.
  const rows = await q.query<FeedRow>(sql, params, perTerm ? undefined : statementName(sql));
  // No rows says nothing: the visibility rules apply after the words (a suspended recruiter's
  // matches are found, then hidden).
  if (perTerm) rememberRarity(q, rareKey, rows[0]?.words_rare);
  return rows;
}

/**
 * A page of the main feed from the seeker's kept ranking: a first page from the kept one if
 * nothing it depends on changed (else from a new one), a later page from the ranking its first
 * page came from. Null when that ranking is not here (another process, evicted, an older
 * scroll): the live statement answers.
 */
async function fromRanking(
  q: Queryable,
  seekerId: string,
  opts: FeedOptions,
  cursor: FeedCursor | null,
): Promise<(RankedPage & { ranking: Ranking }) | null> {
  const rankings = rankingsOf(q);
  const key = rankingKey(seekerId, opts.type);
  let ranking = rankings.get(key);
  const want = PAGE_SIZE + 1;
  if (cursor) {
    if (!ranking || ranking.asOf !== cursor.asOf || !cursor.after) return null;
    // A search's next page: only from the narrowing its first page was shown from, and only
    // while its window's jobs and their words are as they were (the live statement reads the
    // words again; a feed's next page keeps to its first page's ranking instead).
    const pages = opts.q
      ? heldNarrowing(q, key, ranking, matchesKey(ranking, opts.type, opts.q))
      : ranking;
    if (!pages) return null;
    const at = positionOf(pages, cursor.after[2]);
    if (at < 0) return null;
    const read = await visibleFrom(q, pages, seekerId, at + 1, want, opts.type, Boolean(opts.q));
    if (opts.q && read.versions !== ranking.versions) return null;
    return { ranking: pages, ...read };
  }
  // A search's first page: the ranking narrowed to the window's jobs with the words.
  const pagesOf = (r: Ranking) => (opts.q ? searchOf(q, key, r, opts) : Promise.resolve(r));
  const kept = ranking && (await pagesOf(ranking));
  if (ranking && kept) {
    const read = await visibleFrom(q, kept, seekerId, 0, want, opts.type, true);
    if (read.versions === ranking.versions) return { ranking: kept, ...read };
  }
  ranking = await makeRanking(q, seekerId, opts.type);
  rankings.set(key, ranking);
  const pages = await pagesOf(ranking);
  // The window moved between the ranking and the matches: the live statement answers.
  if (!pages) return null;
  const read = await visibleFrom(q, pages, seekerId, 0, want, opts.type, true);
  if (read.versions === ranking.versions) return { ranking: pages, ...read };
  // Something it depends on changed again since it was made (a busy category): a search is
  // answered live (what changed may be a job's words); a feed's page comes from it all the same,
  // and the next first page ranks again.
  if (opts.q) return null;
  return { ranking: pages, ...(await visibleFrom(q, pages, seekerId, 0, want, opts.type)) };
}

/** Ranks the seeker's main feed now: the candidates' ids and scores in feed order. */
async function makeRanking(
  q: Queryable,
  seekerId: string,
  type: string | undefined,
): Promise<Ranking> {
  const { me, version } = await seekerSideAndVersion(q, seekerId);
  const bands = await cityBands(q, me.cityId);
  const keys = rankingKeys(seekerId, me, bands);
  const { sql, params } = rankingQuery(me, bands, type, keys);
  const [row] = await q.query<{
    ids: unknown;
    scores: unknown;
    as_of: string;
    versions: string;
    window_versions: string;
    seeker_version: string;
  }>(sql, params, statementName(sql));
  return {
    asOf: row!.as_of,
    edges: {},
    keys,
    // Preferences written between the two statements: this ranking is of the ones before, so it
    // is never taken for current (the next first page ranks again).
    versions: row!.seeker_version === version ? row!.versions : 'stale',
    windowVersions: row!.window_versions,
    me,
    seekerVersion: version,
    bands,
    ids: bytes(row!.ids),
    scores: new Uint8Array(bytes(row!.scores)),
  };
}

/**
 * The statement that ranks a seeker's main feed: every candidate's id (16 bytes) and score (one
 * byte) in feed order, as two byte strings, with the time read and the sum of the change
 * counters it depends on, all in one snapshot. Exported for the benchmark.
 */
export function rankingQuery(
  me: FeedSeeker,
  bands: CityBands,
  type: string | undefined,
  keys: string[],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg: Arg = paramList(params);
  const scored = scoredCandidates(me, bands, { q: '', type }, 'main', null, arg);
  const order = 'ORDER BY score DESC, created_at DESC, id DESC';
  const sql = `WITH ${scored.ctes}
     SELECT string_agg(uuid_send(id), ''::bytea ${order}) AS ids,
            string_agg(set_byte('\\x00'::bytea, 0, score), ''::bytea ${order}) AS scores,
            now()::text AS as_of, ${versionsSql(arg(keys, 'text[]'))} AS versions,
            ${versionsSql(arg(windowKeys(keys), 'text[]'))} AS window_versions,
            ${versionsSql(arg(seekerKeys(keys), 'text[]'))} AS seeker_version
       FROM scored`;
  return { sql, params };
}

/**
 * The statement that finds which jobs of a seeker's window have a search's words, and reads the
 * window's text for the next terms (`WindowTexts` in feed-searches.ts): the window's two
 * newest-first branches (at most 2 x FEED_CANDIDATES jobs), each job's text lowered as the live
 * statement's words read it; the ids of those with the words, and unless the texts come to more
 * than `MAX_WINDOW_TEXT` bytes, every id and text and each text's length (4 bytes), all as byte
 * strings, with the sum of the window's counters in the same snapshot. The same for every seeker
 * of the window. Exported for the benchmark.
 */
export function windowTextsQuery(
  me: FeedSeeker,
  bands: CityBands,
  type: string | undefined,
  keys: string[],
  term: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg: Arg = paramList(params);
  const columns = `j.id, j.created_at, ${SEARCH_TEXT} AS text`;
  const { category, area } = branchesSql(me, bands, { type }, null, arg, columns).feedWindow();
  // A seeker with neither a category nor a city has an empty window (and every parameter must
  // appear in the statement).
  if (!category && !area) params.length = 0;
  const window =
    [category, area].filter(Boolean).join(' UNION ALL ') ||
    'SELECT NULL::uuid AS id, NULL::text AS text WHERE false';
  const bound = arg(MAX_WINDOW_TEXT, 'int');
  const small = `w.bytes <= ${bound}`;
  // The aggregates read the same rows in the same order: the window's, as `upto` (the bytes of
  // text so far) counts them, so that no backend gathers more than the bound of text however long
  // the window's descriptions are. An empty window has empty texts (kept like any other).
  const upTo = `FILTER (WHERE j.upto <= ${bound})`;
  const sql = `SELECT w.matches, CASE WHEN ${small} THEN COALESCE(w.ids, ''::bytea) END AS ids,
                      CASE WHEN ${small} THEN COALESCE(w.texts, ''::bytea) END AS texts,
                      CASE WHEN ${small} THEN COALESCE(w.lengths, ''::bytea) END AS lengths,
                      ${versionsSql(arg(windowKeys(keys), 'text[]'))} AS versions
       FROM (SELECT string_agg(uuid_send(j.id), ''::bytea)
                      FILTER (WHERE j.text LIKE '%' || ${arg(likeEscape(term), 'text')} || '%' ESCAPE '\\') AS matches,
                    string_agg(uuid_send(j.id), ''::bytea) ${upTo} AS ids,
                    string_agg(convert_to(j.text, 'UTF8'), ''::bytea) ${upTo} AS texts,
                    string_agg(int4send(octet_length(j.text)), ''::bytea) ${upTo} AS lengths,
                    COALESCE(max(j.upto), 0) AS bytes
               FROM (SELECT x.id, x.text, sum(octet_length(x.text)) OVER (ROWS UNBOUNDED PRECEDING) AS upto
                       FROM (${window}) x) j) w`;
  return { sql, params };
}

/**
 * The most text a window's kept texts hold (UTF-8 bytes): about 2,000 descriptions of 2 KB. A
 * window of longer ones (a description may have 5,000 characters) has its words found by the
 * database on every new term, as the live statement does.
 */
export const MAX_WINDOW_TEXT = 4 * 1024 * 1024;

/**
 * The ids (hex) of the window's jobs with the words: found in the window's kept texts when they
 * are as new as the ranking, else read with the texts (kept for the window's next terms).
 */
async function windowMatches(
  q: Queryable,
  r: Ranking,
  type: string | undefined,
  term: string,
): Promise<WindowMatches> {
  const key = windowKey(r, type);
  const kept = textsOf(q).get(key);
  // Counters only grow: texts of a smaller sum are stale; a larger one says the ranking is.
  if (kept && BigInt(kept.windowVersions) >= BigInt(r.windowVersions))
    return { windowVersions: kept.windowVersions, ids: matchesIn(kept, term) };
  const { sql, params } = windowTextsQuery(r.me, r.bands, type, r.keys, term);
  const [row] = await q.query<{
    matches: unknown;
    ids: unknown;
    texts: unknown;
    lengths: unknown;
    versions: string;
  }>(sql, params, statementName(sql));
  const matches = bytes(row!.matches);
  const m: WindowMatches = { windowVersions: row!.versions, ids: new Set() };
  for (let at = 0; at < matches.length; at += 16) m.ids.add(matches.toString('hex', at, at + 16));
  // Null when the window's text is over the bound. Texts as new or newer, set meanwhile by
  // another request, are left in place.
  const had = textsOf(q).get(key);
  if (row!.lengths !== null && (!had || BigInt(had.windowVersions) < BigInt(row!.versions))) {
    const lengths = bytes(row!.lengths);
    const ends = new Int32Array(lengths.length / 4);
    for (let i = 0, end = 0; i < ends.length; i++) ends[i] = end += lengths.readInt32BE(i * 4);
    textsOf(q).set(key, {
      windowVersions: row!.versions,
      ids: bytes(row!.ids),
      texts: bytes(row!.texts),
      ends,
    });
  }
  return m;
}

/**
 * The seeker's ranking narrowed to the jobs of its window with the search's words, from the kept
 * matches of that window (feed-searches.ts), else found in its texts. Null when those are newer
 * than the ranking: the ranking is stale.
 */
async function searchOf(
  q: Queryable,
  ranking: string,
  r: Ranking,
  opts: FeedOptions,
): Promise<Ranking | null> {
  const key = matchesKey(r, opts.type, opts.q);
  let m = matchesOf(q).get(key);
  // Counters only grow: matches of a smaller sum than the ranking's are stale, and found again.
  if (!m || BigInt(m.windowVersions) < BigInt(r.windowVersions)) {
    m = await windowMatches(q, r, opts.type, opts.q);
    matchesOf(q).set(key, m);
  }
  return m.windowVersions === r.windowVersions ? narrowed(q, ranking, r, m, key) : null;
}

// The type chips (which job types have an open job) change rarely: kept per database until a
// job's type or status changes (the `type:` counters, read with a kept first page).
const chips = new WeakMap<object, { versions: string; types: string[] }>();

async function typeChips(q: Queryable, versions: string | null): Promise<string[]> {
  const held = chips.get(q);
  if (versions !== null && held?.versions === versions) return held.types;
  const types = await openJobTypes(q);
  if (versions !== null) chips.set(q, { versions, types });
  return types;
}

/** Reasons and distance for a job row, from the shared rules (same weights as the SQL score). */
export function explain(me: SeekerSide, r: JobRow): JobView['match'] {
  return scoreJob(me, jobSideOf(r));
}
