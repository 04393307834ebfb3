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

/** A search's key: its window (the ranking's counters but the seeker's, and the type) and words. */
export const matchesKey = (r: Ranking, type: string | undefined, term: string) =>
  `${type ?? ''}|${windowKeys(r.keys).join(',')}|${term}`;

/** Narrowed rankings held per ranking, for the searches of one scroll (most recent kept). */
const PER_RANKING = 4;
const narrowings = new WeakMap<Ranking, Map<string, Ranking>>();

/** The narrowing a search's first page made of this ranking, for its next pages (or undefined). */
export const heldNarrowing = (r: Ranking, key: string): Ranking | undefined =>
  narrowings.get(r)?.get(key);

/**
 * The ranking narrowed to the window's jobs with the words, in the ranking's order: a ranking of
 * its own (same time, counters and preferences) that pages like the feed's. Held with the ranking
 * (a search's next pages narrow it once), so it lives and goes with it.
 */
export function narrowed(r: Ranking, m: WindowMatches, key: string): Ranking {
  let held = narrowings.get(r);
  if (!held) narrowings.set(r, (held = new Map()));
  const kept = held.get(key);
  if (kept) return kept;
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
  if (held.size >= PER_RANKING) held.delete(held.keys().next().value!);
  held.set(key, narrow);
  return narrow;
}
