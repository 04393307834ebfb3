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

/** Jobs read newest first to see how common the words are. */
export const SEARCH_WALK = 2000;
/** How far a word of middling frequency walks on. */
export const SEARCH_WALK_FAR = 25_000;
/** Matches among the first SEARCH_WALK that make `limit` likely within SEARCH_WALK_FAR. */
export const farHits = (limit: number) => Math.ceil((limit * SEARCH_WALK) / SEARCH_WALK_FAR);

/**
 * The newest `limit` rows of `jobs j` where `where` holds and `words` match, newest first by
 * (created_at, id): `ctes` to put in a WITH (names start with `name`), and `rows`, a query over
 * them that gives `columns` (which must include `j.created_at` and `j.id`; `words` reads
 * `j.title`, `j.company` and `j.description`). `where` and `words` are called once per tier, so
 * each may add its own parameters.
 */
export function newestWithWords(p: {
  name: string;
  columns: string;
  where: () => string;
  words: () => string;
  limit: number;
}): { ctes: string; rows: string } {
  const newest = 'ORDER BY j.created_at DESC, j.id DESC';
  const near = `${p.name}_near`;
  const far = `${p.name}_far`;
  const hits = (cte: string) => `(SELECT count(*) FROM ${cte})`;
  const walk = (jobs: number, gate = '') => `SELECT ${p.columns} FROM (
        SELECT ${p.columns}, j.title, j.company, j.description FROM jobs j
         WHERE ${p.where()}${gate} ${newest} LIMIT ${jobs}) j
       WHERE ${p.words()} ${newest} LIMIT ${p.limit}`;
  const ctes = `${near} AS MATERIALIZED (${walk(SEARCH_WALK)}),
    ${far} AS MATERIALIZED (${walk(
      SEARCH_WALK_FAR,
      ` AND ${hits(near)} BETWEEN ${farHits(p.limit)} AND ${p.limit - 1}`,
    )})`;
  // A match found by two tiers counts once (UNION).
  const rows = `SELECT * FROM ${near}
     UNION SELECT * FROM ${far}
     UNION (SELECT m.* FROM (SELECT ${p.columns} FROM jobs j
             WHERE ${p.where()} AND ${p.words()}
               AND ${hits(near)} < ${p.limit} AND ${hits(far)} < ${p.limit} OFFSET 0) m
            ORDER BY m.created_at DESC, m.id DESC LIMIT ${p.limit})`;
  return { ctes, rows };
}
