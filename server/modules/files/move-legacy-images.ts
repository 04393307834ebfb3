import type { Ctx } from '../../context.ts';
import { deleteImageFiles, imageFileKeys } from './images.ts';
import { imagePrefix, legacyImagePrefix, mediaFolder } from './media-folder.ts';

type Deps = Pick<Ctx, 'db' | 'storage' | 'log'>;

/**
 * Moves the images stored under an account id (`public/u/<id>/`, before decision 028's session
 * 21) into their user's random folder, one queued image (`legacy_images`) at a time: files copied
 * (original and size variants), the profile rows pointed at the copy, then the old files deleted.
 * Each step can be repeated, so several instances at once, or a start after a crash, only redo
 * work. A storage failure stops the run; the rest waits for the next start.
 */
export async function moveLegacyImages(deps: Deps, batch = 100): Promise<number> {
  let moved = 0;
  for (;;) {
    const queued = await deps.db.query<{ user_id: string; key: string }>(
      'SELECT user_id, key FROM legacy_images ORDER BY user_id, key LIMIT $1',
      [batch],
    );
    if (queued.length === 0) return moved;
    for (const { user_id: userId, key } of queued) {
      await moveOne(deps, userId, key);
      moved += 1;
    }
  }
}

async function moveOne(deps: Deps, userId: string, key: string): Promise<void> {
  const legacy = legacyImagePrefix(userId);
  const forget = () =>
    deps.db.query('DELETE FROM legacy_images WHERE user_id = $1 AND key = $2', [userId, key]);
  if (!key.startsWith(legacy)) return void (await forget());
  let folder: string;
  try {
    folder = await mediaFolder(deps.db, userId);
  } catch {
    return void (await forget()); // the account went meanwhile, and its files with it
  }
  const moved = `${imagePrefix(folder)}${key.slice(legacy.length)}`;
  const targets = imageFileKeys(moved);
  for (const [i, source] of imageFileKeys(key).entries()) {
    const file = await deps.storage.get(source);
    if (file) await deps.storage.put(targets[i]!, file.body, file.contentType);
  }
  await deps.db.tx(async (q) => {
    await q.query(
      'UPDATE seeker_profiles SET profile_image = $3 WHERE user_id = $1 AND profile_image = $2',
      [userId, key, moved],
    );
    await q.query(
      'UPDATE recruiter_profiles SET profile_image = $3 WHERE user_id = $1 AND profile_image = $2',
      [userId, key, moved],
    );
    await q.query(
      'UPDATE recruiter_profiles SET company_logo = $3 WHERE user_id = $1 AND company_logo = $2',
      [userId, key, moved],
    );
    await q.query('DELETE FROM legacy_images WHERE user_id = $1 AND key = $2', [userId, key]);
  });
  await deleteImageFiles(deps.storage, key).catch((err: unknown) =>
    deps.log.warn({ err, key }, 'a moved image was not deleted from its old folder'),
  );
}
