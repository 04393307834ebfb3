// Who sees what after moderation and blocks, as SQL fragments shared by the feed, the job page,
// recommendations and chat lists (one definition, so no list forgets a rule).

/** No block between two users, either way. */
export const noBlockSql = (a: string, b: string) =>
  `NOT EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ${a} AND bl.blocked_id = ${b})
                                          OR (bl.blocker_id = ${b} AND bl.blocked_id = ${a}))`;

/** A user neither suspended nor held after three reports. */
export const inGoodStandingSql = (userId: string) =>
  `NOT EXISTS (SELECT 1 FROM users gs WHERE gs.id = ${userId}
                  AND (gs.suspended_at IS NOT NULL OR gs.held_at IS NOT NULL))`;

/**
 * The job `j` may be shown to the viewer (a feed, a job page): published, its recruiter in good
 * standing, and no block between the viewer and the recruiter.
 */
export const listedJobSql = (j: string, viewer: string) =>
  `${j}.moderation_state = 'published' AND ${inGoodStandingSql(`${j}.recruiter_id`)}
   AND ${noBlockSql(viewer, `${j}.recruiter_id`)}`;

/**
 * Ids of users out of good standing (suspended, or held after three reports): the same rule as
 * `inGoodStandingSql`, as an array computed once per statement from the partial index
 * `users_out_of_standing` (migration 018). Public lists filter on it (`recruiter_id <> ALL(...)`)
 * inside their newest-first index walk, so the order and the LIMIT stay index-driven.
 */
export const outOfStandingIdsSql = `ARRAY(SELECT os.id FROM users os
  WHERE os.suspended_at IS NOT NULL OR os.held_at IS NOT NULL)`;

/**
 * Ids of the users with a block between them and `viewer`, either way: the same rule as
 * `noBlockSql`, as an array computed once per statement (two index scans), for a statement that
 * checks many rows against one viewer (a feed page reads 20-odd jobs by id).
 */
export const blockedWithIdsSql = (viewer: string) => `ARRAY(
  SELECT bw.blocked_id FROM blocks bw WHERE bw.blocker_id = ${viewer}
  UNION ALL SELECT bw.blocker_id FROM blocks bw WHERE bw.blocked_id = ${viewer})`;

/**
 * The recruiter of a row may be shown to `viewer`: in good standing and no block either way. The
 * same rules as `inGoodStandingSql` and `noBlockSql`, against two arrays computed once per
 * statement, for statements that check many rows against one viewer (the feed's pages).
 */
export const recruiterShownToSql = (recruiter: string, viewer: string) =>
  `${recruiter} <> ALL (${outOfStandingIdsSql}) AND ${recruiter} <> ALL (${blockedWithIdsSql(viewer)})`;

/**
 * A job anyone may see on the public pages (no viewer, so no blocks): published and its recruiter
 * in good standing. Open or closed is the caller's choice (a closed job's page says it is closed).
 */
export const publicJobSql = (j: string) =>
  `${j}.moderation_state = 'published' AND ${j}.recruiter_id <> ALL (${outOfStandingIdsSql})`;
