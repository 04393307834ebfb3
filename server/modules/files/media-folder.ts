import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * Where a user's public images live. The folder's name is random and kept on the user's row, so
 * an image's address (a logo on a public job page) says nothing about who uploaded it, while one
 * folder per user still lets account deletion remove them all at once. Images stored before
 * (decision 028, session 21) were under the account id: `LEGACY` names that folder, which stays
 * the user's own until `moveLegacyImages` has moved them.
 */
export const FOLDER = /^[0-9a-f]{32}$/;

export const legacyImagePrefix = (userId: string) => `public/u/${userId}/`;
export const imagePrefix = (folder: string) => `public/m/${folder}/`;

/** The user's folder, made on first use (one statement: two uploads at once agree on it). */
export async function mediaFolder(q: Queryable, userId: string): Promise<string> {
  const [row] = await q.query<{ media_folder: string }>(
    `UPDATE users SET media_folder = COALESCE(media_folder, $2) WHERE id = $1
     RETURNING media_folder`,
    [userId, randomBytes(16).toString('hex')],
  );
  if (!row) throw new Error(`no user ${userId}`);
  return row.media_folder;
}

/** Every folder that holds this user's public images: their own, and the one of older uploads. */
export async function ownImagePrefixes(q: Queryable, userId: string): Promise<string[]> {
  if (!isUuid(userId)) throw new Error(`not a user id: ${userId}`);
  const [row] = await q.query<{ media_folder: string | null }>(
    'SELECT media_folder FROM users WHERE id = $1',
    [userId],
  );
  const folder = row?.media_folder;
  return [
    ...(folder && FOLDER.test(folder) ? [imagePrefix(folder)] : []),
    legacyImagePrefix(userId),
  ];
}
