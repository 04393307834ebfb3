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
