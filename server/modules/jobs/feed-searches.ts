import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { rankingSize, windowKeys, type Ranking } from './feed-rankings.ts';

// A search's window, kept (decision 020, "A search's window, kept"). A search's main section is
// the feed's window (the newest jobs of the seeker's category and area) with the words, ranked as
// the feed ranks it. The seeker's kept ranking already holds that window in feed order; what a
// search adds is which of its jobs have the words, and that is the same for every seeker of the
// same window (category, nearby cities, type filter). So the ids of the window's jobs with the
// words are kept once per process for every such seeker, with the sum of the window's counters
// read in the same statement, and a search's main section is the seeker's ranking narrowed to
// them (`narrowed`): its pages then come from kept cards like the feed's.
//
// - Fresh, never stale: the window's counters (`category:`, `city:`) move when a job of the
//   window is posted, closed, moderated, re-ranked or has its words changed (migration 021). Kept
//   matches are used only with a ranking made at the same sum, and a first page checks that the
//   ranking is still current (feed-rankings.ts), so the two are of the same jobs now.
// - Which jobs have the words is found in this process, from the window's texts (`WindowTexts`:
//   each job's text as PostgreSQL lowers it), kept once per window for every term: a term nobody
//   searched in the window lately costs a scan of a few hundred kilobytes, not a read of its
//   2,000 rows.
// - The rest of a search (its wider section: every other job with the words) is read each time:
//   it spans the whole catalogue, which has no counter a process could check cheaply.

/** The jobs of one window with one search's words, as read at `windowVersions`. */
export interface WindowMatches {
  windowVersions: string;
  /** The jobs' ids, as 32 hex digits (the ranking's bytes as text). */
  ids: Set<string>;
}

/** Matches kept per process: about 80 bytes an id as a Set of strings, 1 KB of overhead each. */
const MAX_BYTES = 16 * 1024 * 1024;

/** This database's kept matches (per database: test suites run several in one process). */
export const matchesOf: (db: Queryable) => LRUCache<string, WindowMatches> = perDatabase(
  () =>
    new LRUCache<string, WindowMatches>({
      maxSize: MAX_BYTES,
      sizeCalculation: (m) => 1024 + m.ids.size * 80,
      ttl: 30 * 60_000,
    }),
);

/** A window's key: the ranking's counters but the seeker's, and the type filter. */
export const windowKey = (r: Ranking, type: string | undefined) =>
  `${type ?? ''}|${windowKeys(r.keys).join(',')}`;

/** A search's key: its window and words. */
export const matchesKey = (r: Ranking, type: string | undefined, term: string) =>
  `${windowKey(r, type)}|${term}`;

/**
 * The text of a window's jobs as read at `windowVersions`: each job's title, company and
 * description joined by spaces and lowered by PostgreSQL (`lower()`, as the live statement's
 * `LIKE` reads them), as UTF-8, one after another. Job `i` has the id at `ids[16i..16i+16]` and
 * the text `texts[ends[i-1]..ends[i]]`.
 */
export interface WindowTexts {
  windowVersions: string;
  ids: Buffer;
  texts: Buffer;
  ends: Int32Array;
}

/** This database's kept window texts (per database), counted by their bytes. */
export const textsOf: (db: Queryable) => LRUCache<string, WindowTexts> = perDatabase(
  () =>
    new LRUCache<string, WindowTexts>({
      maxSize: 32 * 1024 * 1024,
      sizeCalculation: (t) => 256 + t.ids.length + t.texts.length + t.ends.byteLength,
      ttl: 30 * 60_000,
    }),
);

/**
 * The ids (32 hex digits) of the window's jobs whose text has `term`, lowered as JavaScript lowers
 * it (as `likeEscape` does for the live statement's `LIKE '%term%'`). UTF-8 is self-synchronizing,
 * so a byte match is a match of whole characters; a match that runs over the end of a job's text
 * into the next one's is not a match.
 */
export function matchesIn(t: WindowTexts, term: string): Set<string> {
  const ids = new Set<string>();
  const idOf = (i: number) => t.ids.toString('hex', i * 16, i * 16 + 16);
  const needle = Buffer.from(term.toLowerCase(), 'utf8');
  if (needle.length === 0) {
    for (let i = 0; i < t.ends.length; i++) ids.add(idOf(i));
    return ids;
  }
  let job = 0;
  for (let at = t.texts.indexOf(needle); at !== -1;) {
    while (t.ends[job]! <= at) job++;
    if (at + needle.length <= t.ends[job]!) {
      ids.add(idOf(job));
      // The next job's text: this one has the words.
      at = t.texts.indexOf(needle, t.ends[job]!);
    } else at = t.texts.indexOf(needle, at + 1);
  }
  return ids;
}

/** A ranking narrowed to a search's words, and the ranking it was narrowed from. */
interface Narrowing {
  from: Ranking;
  narrow: Ranking;
}

/** This database's narrowed rankings (per database), about 17 bytes a job, counted. */
const narrowingsOf: (db: Queryable) => LRUCache<string, Narrowing> = perDatabase(
  () =>
    new LRUCache<string, Narrowing>({
      maxSize: MAX_BYTES,
      sizeCalculation: (n) => 256 + n.narrow.ids.length + n.narrow.scores.length,
      ttl: 30 * 60_000,
    }),
);

/** A narrowing's key: the seeker's ranking (`rankingKey`), its time, and the search's key. */
const narrowingKey = (ranking: string, r: Ranking, key: string) => `${ranking}|${r.asOf}|${key}`;

/** The narrowing a search's first page made of this very ranking, for its next pages. */
export function heldNarrowing(
  db: Queryable,
  ranking: string,
  r: Ranking,
  key: string,
): Ranking | undefined {
  const held = narrowingsOf(db).get(narrowingKey(ranking, r, key));
  return held?.from === r ? held.narrow : undefined;
}

/**
 * The ranking narrowed to the window's jobs with the words, in the ranking's order: a ranking of
 * its own (same time, counters and preferences) that pages like the feed's. Kept for the
 * search's next pages (`heldNarrowing`).
 */
export function narrowed(
  db: Queryable,
  ranking: string,
  r: Ranking,
  m: WindowMatches,
  key: string,
): Ranking {
  const held = heldNarrowing(db, ranking, r, key);
  if (held) return held;
  const at: number[] = [];
  for (let i = 0; i < rankingSize(r); i++)
    if (m.ids.has(r.ids.toString('hex', i * 16, i * 16 + 16))) at.push(i);
  const ids = Buffer.alloc(at.length * 16);
  const scores = new Uint8Array(at.length);
  at.forEach((i, n) => {
    r.ids.copy(ids, n * 16, i * 16, i * 16 + 16);
    scores[n] = r.scores[i]!;
  });
  const narrow: Ranking = { ...r, ids, scores };
  narrowingsOf(db).set(narrowingKey(ranking, r, key), { from: r, narrow });
  return narrow;
}
