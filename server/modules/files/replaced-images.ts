import type { Queryable } from '../../db/client.ts';
import type { Ctx } from '../../context.ts';
import { deleteImageFiles } from './images.ts';
import { ownImagePrefixes } from './media-folder.ts';

/** A profile column that holds an uploaded image's key. */
export type ImageColumn =
  | { table: 'seeker_profiles'; column: 'profile_image' }
  | { table: 'recruiter_profiles'; column: 'profile_image' | 'company_logo' };

/**
 * The image key a profile row holds before an update that may replace it (locked when `q` is a
 * transaction). Read it, update, then `dropReplacedImage` once the update is committed.
 */
export async function heldImage(
  q: Queryable,
  where: ImageColumn,
  userId: string,
): Promise<string | null> {
  const [row] = await q.query<{ key: string | null }>(
    `SELECT ${where.column} AS key FROM ${where.table} WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return row?.key ?? null;
}

/**
 * A photo or logo someone replaced is deleted, with its size variants: a person who changes their
 * photo expects the old one gone, not still served at its old address. Only after the update
 * committed (a rolled-back save keeps its image), and only files in the user's own folder. A
 * storage failure is logged; the save stands and the file stays until the account is deleted.
 */
export async function dropReplacedImage(
  ctx: Ctx,
  userId: string,
  before: string | null,
  after: string | null | undefined,
): Promise<void> {
  if (!before || before === (after ?? before)) return;
  const own = await ownImagePrefixes(ctx.db, userId);
  if (!own.some((prefix) => before.startsWith(prefix))) return;
  // Still shown elsewhere on this user's profiles (folders are per user, so only their rows can)?
  const [still] = await ctx.db.query(
    `SELECT 1 FROM seeker_profiles WHERE user_id = $1 AND profile_image = $2
     UNION ALL
     SELECT 1 FROM recruiter_profiles WHERE user_id = $1 AND $2 IN (profile_image, company_logo)
     LIMIT 1`,
    [userId, before],
  );
  if (still) return;
  await deleteImageFiles(ctx.storage, before).catch((err: unknown) =>
    ctx.log.warn({ err, key: before }, 'could not delete a replaced image'),
  );
}
