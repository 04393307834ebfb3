import { LRUCache } from 'lru-cache';
import type { Queryable } from '../../db/client.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { blockedWithIdsSql } from '../moderation/visibility.ts';
import type { JobSide } from '#shared/matching.ts';
import type { JobCardView } from '#shared/schemas/jobs.ts';
import { jobSideOf, presentCard, type JobRow } from './job-select.ts';

// Job cards, kept (decision 020, "Cards, kept"). A page of the seeker's feed is their kept
// ranking's next ids (feed-rankings.ts) shown as cards. A card is the same for every seeker
// until its job or its recruiter changes, and the database counts those changes (migration 020:
// `job:<id>`, `recruiter:<id>`). So each card read is kept in this process, once for all
// seekers, with the two counters read in the same statement as its row; a page whose cards are
// all here is shown after one small statement (`checkCards`) finds their counters unchanged, and
// is read as before otherwise.
//
// - What is kept is the job's side of the card: its columns, whether it is open and published,
//   and whether its recruiter is in good standing. The seeker's side is never kept: the reasons
//   are computed for the ranking's preferences on every answer, blocks are read by the check
//   itself, and presence (`isOnline`) is set by the route.
// - Per process, bounded (least recently used first out); another instance keeps its own, and
//   the counters are in the database, so any instance knows when its cards are stale.

export interface KeptCard {
  /** While the job is open and published: the card as every seeker sees it (no reasons, offline),
   * what the score reads of the job, and its time as the cursor's key. Null when it is not
   * (closed, held, hidden, deleted). */
  shown: { view: JobCardView; job: JobSide; sortCreated: string } | null;
  recruiterId: string | null;
  /** Its recruiter was in good standing (not suspended, not held) when read. */
  standing: boolean;
  /** `job:<id>` and `recruiter:<id>` as read with the row (PostgreSQL's text of a bigint). */
  jobVersion: string;
  recruiterVersion: string;
}

/** Cards kept per process: about 1.8 KB each as objects (1,772 bytes measured with a map entry). */
const MAX_BYTES = 64 * 1024 * 1024;

/** This database's kept cards (per database: test suites run several in one process). */
export const cardsOf: (db: Queryable) => LRUCache<string, KeptCard> = perDatabase(
  () =>
    new LRUCache<string, KeptCard>({
      maxSize: MAX_BYTES,
      sizeCalculation: (c) => (c.shown ? 1800 : 256),
      ttl: 30 * 60_000,
    }),
);

/** The counters a span of kept cards depends on, each with the value its card was read with. */
export interface CardStamp {
  keys: string[];
  sum: string;
}

/**
 * The counters of these cards and the sum they had when read; null when two cards disagree on
 * their recruiter's counter (one of them was read before a change the other saw: not current).
 */
export function stampOf(cards: Array<{ id: string; card: KeptCard }>): CardStamp | null {
  const seen = new Map<string, string>();
  const add = (key: string, version: string) => {
    const had = seen.get(key);
    if (had !== undefined && had !== version) return false;
    seen.set(key, version);
    return true;
  };
  for (const { id, card } of cards) {
    if (!add(`job:${id}`, card.jobVersion)) return null;
    if (card.recruiterId && !add(`recruiter:${card.recruiterId}`, card.recruiterVersion))
      return null;
  }
  let sum = 0n;
  for (const v of seen.values()) sum += BigInt(v);
  return { keys: [...seen.keys()], sum: sum.toString() };
}

export interface CardCheck {
  /** The sum of the cards' counters now. */
  cards: string;
  /** The sums of the ranking's and the type chips' counters now ('0' when none was asked). */
  ranking: string;
  types: string;
  /** Users with a block between them and the seeker, either way. */
  blocked: string[];
}

/**
 * The sum of these change counters, as the statement that reads it (text: a bigint sum).
 *
 * The keys are read through a sub-select, so the planner never sees them: PostgreSQL plans a
 * prepared statement for its parameters ("custom") until a generic plan looks no dearer, and with
 * the keys in view an empty list (a later page's check has no ranking or chip keys) looked far
 * cheaper than the generic plan's guess of ten keys. A connection whose first checks were later
 * pages then planned every check again (0.3 ms of planning for 0.17 ms of work; decision 020,
 * "Plans made once"). Hidden, both plans cost the same and the generic one is kept. (The outer
 * cast is needed: without it `ANY((SELECT ...))` is read as ANY of the sub-select's rows.)
 */
export const versionsSql = (keysParam: string) =>
  `(SELECT COALESCE(sum(version), 0)::text FROM feed_versions WHERE key = ANY((SELECT ${keysParam})::text[]))`;

/**
 * The check's columns, given the statement's parameters: the sums of the cards', the ranking's and
 * the type chips' counters, and the users with a block between them and the seeker (as
 * `blockedAs`). Also read with the cards a span lacks (`checkAndReadQuery` in feed-rankings.ts).
 */
export const checkColumnsSql = (
  cardKeys: string,
  rankingKeys: string,
  typeKeys: string,
  seeker: string,
  blockedAs = 'blocked',
) => `${versionsSql(cardKeys)} AS cards, ${versionsSql(rankingKeys)} AS ranking,
       ${versionsSql(typeKeys)} AS types, ${blockedWithIdsSql(seeker)}::text[] AS ${blockedAs}`;

/** `checkCards`'s statement (exported for the benchmark's plan). */
export const CHECK_SQL = `SELECT ${checkColumnsSql('$1::text[]', '$2::text[]', '$3::text[]', '$4::uuid')}`;

/**
 * Everything a page of kept cards needs from the database, in one snapshot: the counters of its
 * cards, of its ranking and of the type chips (a first page), and the seeker's blocks. Prepared:
 * index probes only, about forty of them.
 */
export async function checkCards(
  q: Queryable,
  cardKeys: string[],
  rankingKeys: string[],
  typeKeys: string[],
  seekerId: string,
): Promise<CardCheck> {
  const [row] = await q.query<CardCheck>(
    CHECK_SQL,
    [cardKeys, rankingKeys, typeKeys, seekerId],
    'feed_cards_check',
  );
  return row!;
}

/** Keeps the card of a row read from a ranking (feed-rankings.ts `rankedPageQuery`). */
export function keepCard(
  q: Queryable,
  row: JobRow & {
    ranked_id: string;
    id: string | null;
    sort_created: string | null;
    standing: boolean | null;
    job_version: string;
    recruiter_version: string;
  },
): KeptCard {
  const card: KeptCard = {
    shown:
      row.id === null
        ? null
        : { view: presentCard(row), job: jobSideOf(row), sortCreated: row.sort_created! },
    recruiterId: (row.recruiter_id as string | null) ?? null,
    standing: row.standing === true,
    jobVersion: row.job_version,
    recruiterVersion: row.recruiter_version,
  };
  cardsOf(q).set(row.ranked_id, card);
  return card;
}

/** A page's row from a kept card: the card, and its place in the seeker's ranking. */
export interface KeptRow {
  kept: true;
  id: string;
  score: number;
  sort_created: string;
  view: JobCardView;
  job: JobSide;
}

export const isKept = (row: object): row is KeptRow => 'kept' in row;

export const keptRow = (shown: NonNullable<KeptCard['shown']>, score: number): KeptRow => ({
  kept: true,
  id: shown.view.id,
  score,
  sort_created: shown.sortCreated,
  view: shown.view,
  job: shown.job,
});
