import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { PAGE_SIZE } from '#shared/limits.ts';
import type { CityBands } from '../matching/city-bands.ts';
import { paramList } from '../matching/score-sql.ts';
import { blockedWithIdsSql, outOfStandingIdsSql } from '../moderation/visibility.ts';
import {
  cardsOf,
  checkCards,
  checkColumnsSql,
  versionsSql,
  keepCard,
  keptRow,
  stampOf,
  type CardCheck,
  type KeptCard,
  type KeptRow,
} from './feed-cards.ts';
import { CARD_COLUMNS, type JobRow } from './job-select.ts';
import { JOB_TYPES } from '#shared/picklists.ts';
import type { FeedSeeker, WindowBounds } from './feed.repo.ts';

// A seeker's ranked main feed, kept (decision 020, "A seeker's ranking, kept"). Ranking the
// ~2,000 candidates of the seeker's category and area is most of a page's cost; the result is
// the same for every page of one scroll and for every first page until something it depends on
// changes. So the ranking (the candidates' ids and scores, in feed order) is made once and kept
// in this process; each page then reads its ~21 jobs by id.
//
// - Fresh, never stale: the database counts changes to what a ranking depends on (migration 019:
//   the jobs of its category and of each city of its area, and the seeker's preferences). A first
//   page reads those counters in the same statement as its jobs, and a ranking whose counters
//   moved is made again before the page is answered.
// - The pages of one scroll use the ranking their first page was made from (the cursor's `asOf`),
//   as the live statement's `created_at <= asOf` did: jobs posted meanwhile wait for the next pull
//   to refresh.
// - What may change by the minute is checked on every read: the job still open and published
//   and its recruiter in good standing (kept with its card, whose counters every read checks:
//   feed-cards.ts), no block between the two (read by every page).
// - Per process, bounded (least recently used first out). Another instance, an evicted ranking or
//   an older scroll's cursor falls back to the live statement (feed.repo.ts), which gives the
//   same pages.

/** One seeker's main feed, ranked. */
export interface Ranking {
  /** The time its candidates were read (PostgreSQL's text), the scroll's `asOf`. */
  asOf: string;
  /** The change counters it depends on, and their sum when it was made. */
  keys: string[];
  versions: string;
  /** The sum of its window's counters (`keys` but the seeker's) when it was made: a search's kept
   * matches of the same window and sum are of the same jobs (feed-searches.ts). */
  windowVersions: string;
  /** Where its window ends, once a search's wider section has read it (`windowEdges`): it holds
   * while the ranking does. One holder, shared by the rankings narrowed from this one. */
  edges: { bounds?: WindowBounds };
  /** What it was ranked for: the seeker's side and area (the cards' reasons come from these). */
  me: FeedSeeker;
  /** The seeker's preferences' counter (`seeker:<id>`) those were read at: its scroll's cursors
   * carry it, so a later page knows whether the preferences changed since the first. */
  seekerVersion: string;
  bands: CityBands;
  /** The candidates in feed order: 16 bytes of uuid each, and one byte of score each. */
  ids: Buffer;
  scores: Uint8Array;
}

/** Rankings kept per process: about 35 KB each for a full 2,000-candidate feed. */
const MAX_BYTES = 64 * 1024 * 1024;

/** This database's kept rankings (per database: test suites run several in one process). */
export const rankingsOf: (db: Queryable) => LRUCache<string, Ranking> = perDatabase(
  () =>
    new LRUCache<string, Ranking>({
      maxSize: MAX_BYTES,
      sizeCalculation: (r) => r.ids.length + r.scores.length + 512,
      // A seeker who went away: their ranking is not kept for the next day.
      ttl: 30 * 60_000,
    }),
);

export const rankingKey = (seekerId: string, type: string | undefined) =>
  `${seekerId}|${type ?? ''}`;

/** The change counters a seeker's main feed depends on (migration 019). */
export const rankingKeys = (seekerId: string, me: FeedSeeker, bands: CityBands): string[] => [
  `seeker:${seekerId}`,
  ...(me.jobCategory ? [`category:${me.jobCategory}`] : []),
  ...bands.near.map((c) => `city:${c}`),
];

/** The counters of the ranking's window alone (the jobs it ranks, not the seeker's preferences). */
export const windowKeys = (keys: readonly string[]) => keys.filter((k) => !k.startsWith('seeker:'));
/** The seeker's preferences' counter alone (`keys` less its window). */
export const seekerKeys = (keys: readonly string[]) => keys.filter((k) => k.startsWith('seeker:'));

/** The type chips' counters (one per job type). */
export const typeKeys = (types: readonly string[]) => types.map((t) => `type:${t}`);
/** Every job type's counter, read with each first page. */
const TYPE_KEYS = typeKeys(JOB_TYPES);

/** One counter's value, as the statement that reads it (text; '0' before its first change). */
const versionSql = (key: string) =>
  `(SELECT COALESCE(max(version), 0)::text FROM feed_versions WHERE key = ${key})`;

export const rankingSize = (r: Ranking) => r.scores.length;

export function idAt(r: Ranking, i: number): string {
  const hex = r.ids.toString('hex', i * 16, i * 16 + 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where a job is in the ranking (-1 when it is not). */
export function positionOf(r: Ranking, id: string): number {
  const needle = Buffer.from(id.replace(/-/g, ''), 'hex');
  if (needle.length !== 16) return -1;
  for (let at = r.ids.indexOf(needle); at !== -1; at = r.ids.indexOf(needle, at + 1))
    if (at % 16 === 0) return at / 16;
  return -1;
}

/** The bytes PostgreSQL returns for a bytea (a Buffer from pg, a Uint8Array from PGlite). */
export const bytes = (value: unknown): Buffer =>
  value instanceof Uint8Array ? Buffer.from(value) : Buffer.alloc(0);

/**
 * The cards of these ids, in their order (`ord`): a row for every id, with the job's card
 * columns while it is open and published, whether its recruiter is in good standing and whether
 * a block stands between them and the seeker, and the card's counters (migration 020) read in the
 * same snapshot, so that the card can be kept (feed-cards.ts).
 */
const cardReadSql = (ids: string, scores: string, seeker: string) => `
         SELECT ${CARD_COLUMNS}, t.id::text AS ranked_id, t.score, t.ord,
                j.created_at::text AS sort_created, jc.lat AS j_lat, jc.lon AS j_lon,
                j.recruiter_id <> ALL (${outOfStandingIdsSql}) AS standing,
                j.recruiter_id = ANY (${blockedWithIdsSql(seeker)}) AS blocked,
                ${versionSql("'job:' || t.id")} AS job_version,
                ${versionSql("'recruiter:' || j.recruiter_id")} AS recruiter_version
           FROM unnest(${ids}, ${scores}) WITH ORDINALITY AS t(id, score, ord)
           LEFT JOIN jobs j ON j.id = t.id AND j.status = 'open' AND j.moderation_state = 'published'
           LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
           LEFT JOIN recruiter_reply_stats rrs ON rrs.recruiter_id = j.recruiter_id
           LEFT JOIN cities jc ON jc.id = j.city_id`;

/** A row of `cardReadSql` (in the counters' row of an empty read, every card column is null). */
type ReadCardRow = JobRow & {
  id: string | null;
  ranked_id: string | null;
  score: number;
  sort_created: string | null;
  standing: boolean | null;
  blocked: boolean | null;
  job_version: string;
  recruiter_version: string;
};

/**
 * The statement that reads the cards of the jobs at positions `from`..`from + count - 1` of the
 * ranking, in its order (`cardReadSql`). With `counters`, it also reads the sums of the ranking's
 * and the type chips' counters. Exported for the benchmark.
 */
export function rankedPageQuery(
  r: Ranking,
  seekerId: string,
  from: number,
  count: number,
  counters = false,
): { sql: string; params: unknown[]; name: string } {
  const ids: string[] = [];
  const scores: number[] = [];
  for (let i = from; i < Math.min(from + count, rankingSize(r)); i++) {
    ids.push(idAt(r, i));
    scores.push(r.scores[i]!);
  }
  const params: unknown[] = [];
  const arg = paramList(params);
  const counted = counters
    ? `${versionsSql(arg(r.keys, 'text[]'))} AS versions, ${versionsSql(arg(TYPE_KEYS, 'text[]'))} AS type_versions`
    : 'NULL::text AS versions, NULL::text AS type_versions';
  const seeker = arg(seekerId, 'uuid');
  // The type filter is the caller's (the card is kept for every filter); the counters' row comes
  // first so that an empty read still carries them.
  const sql = `SELECT c.versions, c.type_versions, p.*
       FROM (SELECT ${counted}) c
       LEFT JOIN LATERAL (${cardReadSql(arg(ids, 'uuid[]'), arg(scores, 'int[]'), seeker)}) p ON true
      ORDER BY p.ord`;
  // Prepared per shape (counters or not): planned once per connection.
  return { sql, params, name: `feed_ranked${counters ? '_c' : ''}` };
}

/** A page of a ranking: its visible rows, whether the ranking ended, and the counters' sums. */
export interface RankedPage {
  rows: KeptRow[];
  end: boolean;
  /** With counters: the sums of the ranking's and the type chips' counters now. */
  versions: string | null;
  typeVersions: string | null;
}

/**
 * The visible jobs from position `from` on, up to `want` of them: from kept cards when every card
 * of the span is here and current (one small statement), else read (feed-cards.ts). With
 * `counters` (a first page), also the sums of the ranking's and the type chips' counters, so the
 * caller ranks again when they moved.
 */
export async function visibleFrom(
  q: Queryable,
  r: Ranking,
  seekerId: string,
  from: number,
  want: number,
  type: string | undefined,
  counters = false,
): Promise<RankedPage> {
  const ask: PageAsk = { q, r, seekerId, from, want, type, counters };
  return (await fromKeptCards(ask)) ?? (await readPage(ask));
}

/** What `visibleFrom` was asked, for the two ways it answers. */
interface PageAsk {
  q: Queryable;
  r: Ranking;
  seekerId: string;
  from: number;
  want: number;
  type: string | undefined;
  counters: boolean;
}

/** The card may be on the page: open and published, of the type filtered on, its recruiter in
 * good standing (blocks are the caller's). */
const shownBy = (type: string | undefined) => (card: KeptCard) =>
  card.shown !== null && card.standing && (!type || card.shown.job.type === type);

/**
 * Cards a span may lack and still be answered from the kept ones: those few are read with the
 * check (`checkAndReadQuery`); more than that and the page is read whole (`readPage`), which
 * reads a little beyond the page for jobs that closed.
 */
export const MAX_MISSING = Math.ceil(PAGE_SIZE / 2);

/** A span position of a page and its card: kept, or read with the check when it was missing. */
export type SpanCard = { id: string; at: number; card: KeptCard | null };

/**
 * A page from kept cards, reading the few that are missing in the same statement as the check
 * of the others; null when too many are missing, or one of them is not current.
 */
async function fromKeptCards({
  q,
  r,
  seekerId,
  from,
  want,
  type,
  counters,
}: PageAsk): Promise<RankedPage | null> {
  const cards = cardsOf(q);
  const shown = shownBy(type);
  const span: SpanCard[] = [];
  const missing: SpanCard[] = [];
  let showing = 0;
  // A span of mostly hidden jobs is read instead (its bound keeps the check statement small).
  const bound = Math.min(rankingSize(r), from + 2 * want);
  for (let at = from; at < rankingSize(r) && showing < want; at++) {
    if (at >= bound) return null;
    const id = idAt(r, at);
    const card = cards.get(id) ?? null;
    const entry = { id, at, card };
    span.push(entry);
    // A missing card counts as shown: if it is not, the page comes out short and is read whole.
    if (!card) {
      missing.push(entry);
      if (missing.length > MAX_MISSING) return null;
      showing++;
    } else if (shown(card)) showing++;
  }
  const kept = span.filter((s): s is SpanCard & { card: KeptCard } => s.card !== null);
  const stamp = stampOf(kept);
  if (!stamp) return null;
  const rankingKeys = counters ? r.keys : [];
  const chipKeys = counters ? TYPE_KEYS : [];
  let now: CardCheck;
  if (missing.length === 0) now = await checkCards(q, stamp.keys, rankingKeys, chipKeys, seekerId);
  else {
    const { sql, params } = checkAndReadQuery(
      r,
      stamp.keys,
      rankingKeys,
      chipKeys,
      seekerId,
      missing,
    );
    const rows = await q.query<ReadCardRow & CardCheck & { blocked_ids: string[] }>(
      sql,
      params,
      'feed_cards_check_read',
    );
    const { cards: sum, ranking, types, blocked_ids: blocked } = rows[0]!;
    now = { cards: sum, ranking, types, blocked };
    // A row for every missing id, in their order, then the padding's: each is kept, read in the
    // check's snapshot.
    missing.forEach((m, i) => {
      m.card = keepCard(q, { ...rows[i]!, ranked_id: rows[i]!.ranked_id! });
    });
  }
  // The ranking moved: the caller makes it again, no rows are needed.
  if (counters && now.ranking !== r.versions)
    return { rows: [], end: true, versions: now.ranking, typeVersions: now.types };
  if (now.cards !== stamp.sum) return null;
  const blocked = new Set(now.blocked);
  const rows: KeptRow[] = [];
  for (const { at, card } of span)
    if (shown(card!) && !blocked.has(card!.recruiterId!))
      rows.push(keptRow(card!.shown!, r.scores[at]!));
  // A block or a job no longer shown left the span short of a page: read it, with the jobs after.
  if (rows.length < want && span.length > 0 && span.at(-1)!.at < rankingSize(r) - 1) return null;
  return {
    rows,
    end: rows.length < want,
    versions: counters ? now.ranking : null,
    typeVersions: counters ? now.types : null,
  };
}

/**
 * `checkCards`'s statement with the cards of the span's missing ids read in its snapshot: the
 * check's columns on every row (`blocked_ids` for its blocks), then each missing id's card row in
 * their order. Exported for the benchmark.
 */
export function checkAndReadQuery(
  r: Ranking,
  cardKeys: string[],
  rankingKeys: string[],
  chipKeys: string[],
  seekerId: string,
  missing: SpanCard[],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg = paramList(params);
  const seeker = arg(seekerId, 'uuid');
  // Always MAX_MISSING ids, padded with nulls (rows with no `ranked_id`): PostgreSQL plans a
  // custom plan for each set of parameters until a generic one looks no dearer, and with fewer
  // ids than its generic guess (10) every custom plan looked cheaper, so each execution was
  // planned again (0.6 ms, more than the statement itself).
  const pad = <T>(xs: T[]) => [
    ...xs,
    ...Array<null>(Math.max(MAX_MISSING - xs.length, 0)).fill(null),
  ];
  const ids = arg(pad(missing.map((m) => m.id)), 'uuid[]');
  const scores = arg(pad(missing.map((m) => r.scores[m.at]!)), 'int[]');
  const sql = `SELECT c.cards, c.ranking, c.types, c.blocked_ids, p.*
       FROM (SELECT ${checkColumnsSql(
         arg(cardKeys, 'text[]'),
         arg(rankingKeys, 'text[]'),
         arg(chipKeys, 'text[]'),
         seeker,
         'blocked_ids',
       )}) c
       LEFT JOIN LATERAL (${cardReadSql(ids, scores, seeker)}) p ON true
      ORDER BY p.ord`;
  return { sql, params };
}

/**
 * The visible jobs from position `from` on, read: a page and a little more, and on while jobs
 * that closed or may not be shown leave the page short. Every card read is kept.
 */
async function readPage({
  q,
  r,
  seekerId,
  from,
  want,
  type,
  counters,
}: PageAsk): Promise<RankedPage> {
  const found: KeptRow[] = [];
  const shown = shownBy(type);
  let at = from;
  let first: { versions: string | null; typeVersions: string | null } | null = null;
  // With counters, at least one read (it carries them), even of an empty ranking.
  while ((counters && !first) || (found.length < want && at < rankingSize(r))) {
    const count = Math.max(want - found.length, 0) + Math.ceil(PAGE_SIZE / 4);
    const { sql, params, name } = rankedPageQuery(r, seekerId, at, count, counters && !first);
    const rows = await q.query<
      ReadCardRow & { versions: string | null; type_versions: string | null }
    >(sql, params, name);
    first ??= { versions: rows[0]?.versions ?? null, typeVersions: rows[0]?.type_versions ?? null };
    // The counters moved: the caller makes the ranking again, these rows are not used.
    if (counters && first.versions !== r.versions) break;
    for (const row of rows) {
      // A row without an id: the counters' row of an empty read.
      if (row.ranked_id === null) continue;
      const card = keepCard(q, { ...row, ranked_id: row.ranked_id });
      if (found.length < want && shown(card) && !row.blocked)
        found.push(keptRow(card.shown!, row.score));
    }
    at += count;
  }
  return {
    rows: found.slice(0, want),
    end: found.length < want,
    versions: first?.versions ?? null,
    typeVersions: first?.typeVersions ?? null,
  };
}
