import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import type { FeedPage } from '#shared/schemas/jobs.ts';
import { typeKeys, type PageStamp, type Ranking } from './feed-rankings.ts';
import { JOB_TYPES } from '#shared/picklists.ts';

// A feed page, kept (decision 020, "A feed page, kept"). A page read from a seeker's kept ranking
// is the same until one of the things it shows or is filtered by changes: its jobs, their
// recruiters' cards and standing, the seeker's blocks, and for a first page the ranking itself
// and the type chips. The database counts changes to each of them (migrations 019 and 020), and
// the page's statement read every counter it depends on in the same snapshot as its rows. So the
// presented page is kept in this process with those counters' sum, and shown again after one
// small statement finds the sum unchanged; otherwise the page is read anew, as before.
//
// - Only pages read from a kept ranking and wholly in its main section are kept: a search, the
//   wider section and the live statement's pages are always read.
// - Presence (`isOnline`) is never kept: the route sets it on every answer.
// - Per process, bounded (least recently used first out); another instance keeps its own.

export interface KeptPage {
  page: FeedPage;
  /** The counters it depends on, and their sum when it was read. */
  keys: string[];
  versions: string;
}

/** Pages kept per process: about 30 KB each as objects (a 14 KB answer). */
const MAX_BYTES = 32 * 1024 * 1024;

/** This database's kept pages (per database: test suites run several in one process). */
export const pagesOf: (db: Queryable) => LRUCache<string, KeptPage> = perDatabase(
  () =>
    new LRUCache<string, KeptPage>({
      maxSize: MAX_BYTES,
      sizeCalculation: (p) => 1024 + 1536 * p.page.jobs.length + 64 * p.keys.length,
      ttl: 30 * 60_000,
    }),
);

/**
 * Which page: a first page per seeker and type filter; a later page by its cursor's scroll
 * (`asOf`) and the job it follows.
 */
export const pageKey = (rankingKey: string, cursor: { asOf: string; afterId: string } | null) =>
  cursor ? `${rankingKey}|${cursor.asOf}|${cursor.afterId}` : `${rankingKey}|`;

/** The sum of these counters now (text: a bigint sum). Prepared: every kept page reads it. */
async function versionsNow(q: Queryable, keys: string[]): Promise<string> {
  const [row] = await q.query<{ v: string }>(
    'SELECT COALESCE(sum(version), 0)::text AS v FROM feed_versions WHERE key = ANY($1::text[])',
    [keys],
    'feed_page_versions',
  );
  return row!.v;
}

/** A kept page that is still what a fresh read would give, as a copy to answer with; or null. */
export async function keptPage(q: Queryable, key: string): Promise<FeedPage | null> {
  const pages = pagesOf(q);
  const held = pages.get(key);
  if (!held) return null;
  if ((await versionsNow(q, held.keys)) !== held.versions) {
    pages.delete(key);
    return null;
  }
  return copy(held.page);
}

/**
 * Keeps a page read from `ranking` with the counters its rows were read with. A first page also
 * depends on the ranking's counters (a new job of the seeker's category is on the very next first
 * page) and the type chips' (`typeVersions`); a later page does not, as its scroll keeps its
 * ranking. A stamp torn between two reads is not kept.
 */
export function keepPage(
  q: Queryable,
  key: string,
  page: FeedPage,
  stamp: PageStamp,
  first: { ranking: Ranking; typeVersions: string | null } | null,
): void {
  // Torn, or a first page whose type chips were not read with it: not kept.
  if (stamp.torn || (first && first.typeVersions === null)) return;
  const keys = [...stamp.versions.keys()];
  let sum = 0n;
  for (const v of stamp.versions.values()) sum += BigInt(v);
  if (first) {
    keys.push(...first.ranking.keys, ...typeKeys(JOB_TYPES));
    sum += BigInt(first.ranking.versions) + BigInt(first.typeVersions!);
  }
  pagesOf(q).set(key, { page: copy(page), keys, versions: sum.toString() });
}

/** Cards are copied in and out: the route sets each answer's presence on its own copy. */
function copy(page: FeedPage): FeedPage {
  const cards = (list: FeedPage['jobs']) =>
    list.map((c) => ({ ...c, recruiter: { ...c.recruiter } }));
  return { ...page, jobs: cards(page.jobs), wider: cards(page.wider) };
}
