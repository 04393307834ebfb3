import { LRUCache } from 'lru-cache';
import { perDatabase } from '../../lib/per-database.ts';

// Words over a catalogue of a million jobs, bounded for every word (decision 020, "A search's
// wider section in tiers"). `LIKE '%word%'` can be read two ways: walking the newest jobs and
// filtering their text (cheap for a common word, every job for a rare one), or through the
// trigram index (cheap for a rare word, every match for a common one). Left to the planner per
// term, a rare word was once walked through every open job (0.7 s at 1M). So the statement
// decides by what it finds among the newest jobs, not by an estimate:
// - `SEARCH_WALK` newest jobs, filtered: a word with `limit` matches there stops;
// - a word with at least `farHits(limit)` of them walks on, at most `SEARCH_WALK_FAR` jobs (at
//   that rate it reaches `limit` within them);
// - fewer (a rare word), or the far walk still short: the trigram index, which then holds few
//   matches, behind a fence with no order inside, so the planner has no walk to choose.
// Each tier is gated by the counts before it (a one-time filter), so a word pays only for its own.
//
// A rare word still paid for the first walk every time (2,000 texts read to find it rare, about
// 4 ms at a million jobs, then the index). So a word found rare is remembered in this process
// (`rareWordsOf`), and its next statement reads the index first, at most `RARE_CAP` matches:
// fewer, and they are all of them (the answer, the walks skipped); that many, and the word is no
// longer rare and the walks decide as above, in the same statement. The memory only picks the
// order of the tiers: the answer is the same either way.

/** Jobs read newest first to see how common the words are. */
export const SEARCH_WALK = 2000;
/** How far a word of middling frequency walks on. */
export const SEARCH_WALK_FAR = 25_000;
/** Matches among the first SEARCH_WALK that make `limit` likely within SEARCH_WALK_FAR. */
export const farHits = (limit: number) => Math.ceil((limit * SEARCH_WALK) / SEARCH_WALK_FAR);

/** Matches read through the index first for a word remembered rare: fewer is all of them. */
export const RARE_CAP = 1000;

/**
 * Words found rare lately, by the key their caller gives (the words, and what else narrows
 * them): per process, bounded, forgotten after ten minutes so that a word which became common
 * pays for the index read at most once more.
 */
export const rareWordsOf: (db: object) => LRUCache<string, true> = perDatabase(
  () => new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 }),
);

/**
 * The newest `limit` rows of `jobs j` where `where` holds and `words` match, newest first by
 * (created_at, id): `ctes` to put in a WITH (names start with `name`), `rows`, a query over
 * them that gives `columns` (which must include `j.created_at` and `j.id`; `words` reads
 * `j.title`, `j.company` and `j.description`), and `rare`, an SQL boolean over them: whether the
 * words were rare this time (to remember with `rememberRarity`). `where` and `words` are called
 * once per tier, so each may add its own parameters. With `rare` (the words were found rare
 * lately), the index is read first.
 */
export function newestWithWords(p: {
  name: string;
  columns: string;
  where: () => string;
  words: () => string;
  limit: number;
  rare?: boolean;
}): { ctes: string; rows: string; rare: string } {
  const newest = 'ORDER BY j.created_at DESC, j.id DESC';
  const first = `${p.name}_rare`;
  const near = `${p.name}_near`;
  const far = `${p.name}_far`;
  const index = `${p.name}_index`;
  const hits = (cte: string) => `(SELECT count(*) FROM ${cte})`;
  // Behind an `OFFSET 0` fence with no order inside: the planner has no walk to choose.
  const fromIndex = (gate: string) =>
    `SELECT ${p.columns} FROM jobs j WHERE ${p.where()} AND ${p.words()}${gate} OFFSET 0`;
  // A word remembered rare: its matches through the index, as for every match (a CTE is planned
  // to be read whole, so with no limit inside the planner has no walk to choose), but read only
  // up to the cap (a CTE's rows are made as they are read). Every walk waits for it to be full.
  const capped = `(SELECT count(*) FROM (SELECT 1 FROM ${first} LIMIT ${RARE_CAP}) c)`;
  const walked = p.rare ? ` AND ${capped} >= ${RARE_CAP}` : '';
  const walk = (jobs: number, gate: string) => `SELECT ${p.columns} FROM (
        SELECT ${p.columns}, j.title, j.company, j.description FROM jobs j
         WHERE ${p.where()}${gate} ${newest} LIMIT ${jobs}) j
       WHERE ${p.words()} ${newest} LIMIT ${p.limit}`;
  const ctes = [
    // As the index tier reads it: planned per term, the planner may AND another index into it
    // (a city's, a category's) when that narrows it. (Not the words alone behind the fence: a word
    // common in the table but rare under the caller's conditions then read every row with it.)
    ...(p.rare ? [`${first} AS MATERIALIZED (${fromIndex('')})`] : []),
    `${near} AS MATERIALIZED (${walk(SEARCH_WALK, walked)})`,
    `${far} AS MATERIALIZED (${walk(
      SEARCH_WALK_FAR,
      `${walked} AND ${hits(near)} BETWEEN ${farHits(p.limit)} AND ${p.limit - 1}`,
    )})`,
    `${index} AS MATERIALIZED (${fromIndex(
      `${walked} AND ${hits(near)} < ${p.limit} AND ${hits(far)} < ${p.limit}`,
    )})`,
  ].join(',\n    ');
  const newestOf = (cte: string, gate = '') =>
    `(SELECT m.* FROM ${cte} m${gate} ORDER BY m.created_at DESC, m.id DESC LIMIT ${p.limit})`;
  // A match found by two tiers counts once (UNION).
  const rows = [
    ...(p.rare ? [newestOf(first, ` WHERE ${capped} < ${RARE_CAP}`)] : []),
    `SELECT * FROM ${near}`,
    `SELECT * FROM ${far}`,
    newestOf(index),
  ].join('\n     UNION ');
  // Rare: every match came from the index, and there were fewer than the cap.
  const rare = p.rare
    ? `(${capped} < ${RARE_CAP})`
    : `(${hits(near)} < ${p.limit} AND ${hits(far)} < ${p.limit} AND ${hits(index)} < ${RARE_CAP})`;
  return { ctes, rows, rare };
}

/** Remembers what a statement of `newestWithWords` found about its words (its `rare` column;
 * undefined, when the caller cannot tell, changes nothing). */
export function rememberRarity(db: object, key: string, rare: boolean | undefined) {
  const words = rareWordsOf(db);
  if (rare === true) words.set(key, true);
  else if (rare === false) words.delete(key);
}
