import type { MessageKey } from '#shared/i18n/keys.ts';
import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../context.ts';
import { assertKey } from '../../adapters/storage.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { takeFromWindows } from '../../lib/rate-limit.ts';
import { authorize, type Actor } from '../../policies/policies.ts';
import { resumeLinkWindows } from '../../policies/limits.ts';
import { seekerFacts } from '../profiles/seeker.repo.ts';
import { noBlockSql } from '../moderation/visibility.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { imagePrefix, mediaFolder, ownImagePrefixes } from './media-folder.ts';
import { SIGNED_LINK_TTL_SECONDS, signLink, verifyLink } from '../../lib/signed-links.ts';
import {
  imageVariant,
  parseVariantKey,
  putImageFiles,
  reencodeImage,
  sniffMime,
  type ImagePurpose,
} from './images.ts';
import { isUuid } from '../../lib/ids.ts';

// Keys carry one folder per user (a resume's is under the account id, which is never public; an
// image's has a random name, `media-folder.ts`) so that account deletion removes them at once,
// and a random part so that nobody can guess another file from one they saw.
const randomPart = () => randomBytes(12).toString('hex');
const RESUME_LINK = 'resume';

/** How profile images are presented: the public URL of a stored key (or null). */
export function publicUrl(key: string | null): string | null {
  return mediaUrl(key);
}

/**
 * For modules that save an uploaded key on a profile: the key must be one of this user's own
 * public images of that purpose, not somebody else's file or a private one.
 */
export function isOwnImageKey(
  ownPrefixes: readonly string[],
  key: string,
  purpose: ImagePurpose,
): boolean {
  return ownPrefixes.some((folder) => {
    const prefix = `${folder}${purpose}-`;
    return key.startsWith(prefix) && /^[0-9a-f]+\.webp$/.test(key.slice(prefix.length));
  });
}

/**
 * Refuses a profile image key that is not the user's own upload of that purpose, or names no
 * stored file (a key made up in the right shape would point the profile at nothing, and the
 * replaced image, deleted after the save, would be lost too).
 */
export async function assertOwnImage(
  ctx: Ctx,
  userId: string,
  key: string | null | undefined,
  purpose: ImagePurpose,
  messageKey: MessageKey,
): Promise<void> {
  if (key === null || key === undefined) return;
  const own = await ownImagePrefixes(ctx.db, userId);
  if (!isOwnImageKey(own, key, purpose) || !(await ctx.storage.get(key)))
    throw new AppError(400, messageKey);
}

export async function storeImage(
  ctx: Ctx,
  userId: string,
  purpose: ImagePurpose,
  bytes: Buffer,
): Promise<{ key: string; url: string }> {
  const webp = await reencodeImage(bytes, purpose);
  const key = `${imagePrefix(await mediaFolder(ctx.db, userId))}${purpose}-${randomPart()}.webp`;
  try {
    // The original and its smaller variants (…-w96.webp etc.), all or nothing.
    await putImageFiles(ctx.storage, key, webp);
  } catch (err) {
    ctx.log.error({ err, key }, 'image not saved');
    throw new AppError(500, 'upload.imageFailed');
  }
  return { key, url: publicUrl(key)! };
}

/** Only keys under public/ are ever served without a credential; anything else is "not found". */
export async function readPublicFile(ctx: Ctx, key: string) {
  if (!key.startsWith('public/')) throw notFound();
  try {
    assertKey(key);
  } catch {
    throw notFound();
  }
  const file = await ctx.storage.get(key);
  if (file) return file;
  // Images uploaded before variants existed have none: the first request for one makes and
  // stores it (once; later requests find it), so a srcset can always list every variant.
  const variant = parseVariantKey(key);
  const original = variant && (await ctx.storage.get(variant.original));
  if (!variant || !original) throw notFound();
  let body: Buffer;
  try {
    body = await imageVariant(original.body, variant.width);
  } catch (err) {
    ctx.log.error({ err, key }, 'image variant not made');
    throw notFound();
  }
  try {
    await ctx.storage.put(key, body, 'image/webp');
    // Deleted meanwhile (account deletion between our read and write): leave nothing behind.
    if (!(await ctx.storage.get(variant.original))) await ctx.storage.delete(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'image variant not stored');
  }
  return { body, contentType: 'image/webp' };
}

/**
 * A seeker's first resume turns 'Request Resume' into 'Download Resume' in the chats of the
 * recruiters they talk to (the upload usually answers a request there): their open chat screens
 * read the room again. Only the seeker's id leaves, to people who already know it, and not across
 * a block.
 */
async function tellRecruitersOfResume(ctx: Ctx, seekerId: string): Promise<void> {
  const rows = await ctx.db.query<{ recruiter_id: string }>(
    `SELECT DISTINCT r.recruiter_id FROM chat_rooms r
      WHERE r.seeker_id = $1 AND ${noBlockSql('r.recruiter_id', 'r.seeker_id')}`,
    [seekerId],
  );
  if (rows.length > 0)
    await ctx.bus.publish(
      rows.map((r) => r.recruiter_id),
      { type: 'candidate.resume', seekerId },
    );
}

/**
 * Replaces a seeker's resume without a half state: the new file is written first, then the row
 * points at it, and only then is the old file removed. If the row cannot be written, the new file
 * is removed and the old resume stays in place.
 */
export async function storeResume(
  ctx: Ctx,
  userId: string,
  bytes: Buffer,
): Promise<{ uploadedAt: string }> {
  if ((await sniffMime(bytes)) !== 'application/pdf') throw new AppError(400, 'upload.resumeType');
  const key = `private/u/${userId}/resume-${randomPart()}.pdf`;
  await ctx.storage.put(key, bytes, 'application/pdf');
  let saved: { old_key: string | null; uploaded_at: Date };
  try {
    saved = await ctx.db.tx(async (q) => {
      // Locking the row makes two uploads at once replace each other in order.
      const [old] = await q.query<{ resume_key: string | null }>(
        'SELECT resume_key FROM seeker_profiles WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      const [row] = await q.query<{ uploaded_at: Date }>(
        `INSERT INTO seeker_profiles (user_id, resume_key, resume_uploaded_at)
         VALUES ($1, $2, now())
         ON CONFLICT (user_id) DO UPDATE
           SET resume_key = EXCLUDED.resume_key,
               resume_uploaded_at = EXCLUDED.resume_uploaded_at,
               updated_at = now()
         RETURNING resume_uploaded_at AS uploaded_at`,
        [userId, key],
      );
      return { old_key: old?.resume_key ?? null, uploaded_at: row!.uploaded_at };
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  if (!saved.old_key) await tellRecruitersOfResume(ctx, userId);
  if (saved.old_key && saved.old_key !== key) {
    // The new resume is already in place; a leftover old file is only wasted space.
    await ctx.storage
      .delete(saved.old_key)
      .catch((err) => ctx.log.warn({ err, key: saved.old_key }, 'old resume not deleted'));
  }
  return { uploadedAt: new Date(saved.uploaded_at).toISOString() };
}

/**
 * Whether this viewer may read this seeker's resume now: the seeker themself, or a recruiter who
 * finished onboarding and has the seeker's consent (policies 'candidate.view' and
 * 'candidate.contact'). Throws the denial; answers the consent facts for the limits.
 */
async function assertMayReadResume(q: Queryable, viewer: Actor, seekerId: string) {
  if (viewer.id === seekerId) return null;
  authorize(viewer, 'recruiter');
  authorize(viewer, 'candidate.view', { seekerId });
  const facts = await seekerFacts(q, viewer.id, seekerId);
  if (!facts) throw notFound('profile.noResume');
  authorize(viewer, 'candidate.contact', facts);
  return facts;
}

/**
 * A link valid for 5 minutes, bound to this seeker and this viewer. A recruiter's links count
 * against their daily limit.
 */
export async function resumeLink(
  ctx: Ctx,
  viewer: Actor,
  seekerId: string,
  ip: string,
): Promise<{ url: string; expiresAt: string }> {
  if (!isUuid(seekerId)) throw notFound('profile.noResume');
  await ctx.db.tx(async (q) => {
    // Permission first, so a refused viewer cannot learn who has a resume.
    const facts = await assertMayReadResume(q, viewer, seekerId);
    const [row] = await q.query(
      `SELECT 1 FROM users u JOIN seeker_profiles s ON s.user_id = u.id
        WHERE u.id = $1 AND u.deleted_at IS NULL AND s.resume_key IS NOT NULL`,
      [seekerId],
    );
    if (!row) throw notFound('profile.noResume');
    if (facts) await takeFromWindows(q, resumeLinkWindows(viewer.id, facts.viewerVerified, ip));
  });
  // Whole seconds, as the token carries them, so expiresAt is exactly the token's expiry.
  const expiresAt = new Date((Math.floor(Date.now() / 1000) + SIGNED_LINK_TTL_SECONDS) * 1000);
  const data = { s: seekerId, v: viewer.id };
  const token = signLink(ctx.config.secretKey, RESUME_LINK, data, expiresAt);
  return {
    url: `/api/files/resume?token=${encodeURIComponent(token)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Opens the resume a link points at. The link names the seeker, not the file, so a replaced
 * resume is the one served, and a removed one is gone. A recruiter's download is logged before
 * the file leaves (decisions.md: every recruiter download is logged).
 */
export async function openResume(ctx: Ctx, token: string) {
  const link = verifyLink<{ s: string; v: string }>(ctx.config.secretKey, RESUME_LINK, token);
  if (!link.ok) {
    throw link.reason === 'expired' ? new AppError(410, 'upload.linkExpired') : forbidden();
  }
  const { s: seekerId, v: viewerId } = link.data;
  if (!isUuid(seekerId) || !isUuid(viewerId)) throw forbidden();
  const [row] = await ctx.db.query<{
    resume_key: string | null;
    full_name: string | null;
    viewer_role: 'user' | 'recruiter' | null;
    viewer_onboarded: boolean;
  }>(
    `SELECT s.resume_key, s.full_name, v.user_role AS viewer_role, v.is_onboarded AS viewer_onboarded
       FROM users u JOIN seeker_profiles s ON s.user_id = u.id
       JOIN users v ON v.id = $2 AND v.deleted_at IS NULL
      WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [seekerId, viewerId],
  );
  // Rights are checked again on use: the viewer may have been deleted, or the seeker may have
  // withdrawn consent, since the link was made.
  if (!row) throw notFound('profile.noResume');
  const viewer = { id: viewerId, role: row.viewer_role, isOnboarded: row.viewer_onboarded };
  await assertMayReadResume(ctx.db, viewer, seekerId);
  if (!row.resume_key) throw notFound('profile.noResume');
  const file = await ctx.storage.get(row.resume_key);
  if (!file) {
    ctx.log.error({ key: row.resume_key }, 'resume row points at a missing file');
    throw notFound('profile.noResume');
  }
  if (viewerId !== seekerId) {
    await ctx.db.query('INSERT INTO resume_downloads (seeker_id, recruiter_id) VALUES ($1, $2)', [
      seekerId,
      viewerId,
    ]);
  }
  return { body: file.body, filename: `${safeFilename(row.full_name)}.pdf` };
}

/** A name that is safe inside a quoted header value on every browser: ASCII letters only. */
export function safeFilename(name: string | null): string {
  const ascii = (name ?? '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9 ._-]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 80)
    .trim();
  return ascii || 'resume';
}

export async function listResumeDownloads(ctx: Ctx, seekerId: string) {
  const rows = await ctx.db.query<{
    recruiter_name: string | null;
    company_name: string | null;
    is_verified: boolean | null;
    verified_domain: string | null;
    downloaded_at: Date;
  }>(
    `SELECT r.full_name AS recruiter_name, r.company_name, r.is_verified, r.verified_domain, d.downloaded_at
       FROM resume_downloads d LEFT JOIN recruiter_profiles r ON r.user_id = d.recruiter_id
      WHERE d.seeker_id = $1
      ORDER BY d.downloaded_at DESC, d.id
      LIMIT 100`,
    [seekerId],
  );
  return rows.map((r) => ({
    recruiterName: r.recruiter_name,
    companyName: r.company_name,
    isVerified: Boolean(r.is_verified),
    verifiedDomain: r.is_verified ? r.verified_domain : null,
    downloadedAt: new Date(r.downloaded_at).toISOString(),
  }));
}

/**
 * Removes every file of a user (account deletion): their public images and private resume.
 * `imagePrefixes` are read (`ownImagePrefixes`) before the user's row is deleted with its folder.
 */
export async function deleteUserFiles(
  ctx: Ctx,
  userId: string,
  imagePrefixes: readonly string[],
): Promise<void> {
  // The id becomes a folder name: never let anything but a uuid reach deletePrefix.
  if (!isUuid(userId)) throw new Error(`not a user id: ${userId}`);
  for (const prefix of imagePrefixes) {
    if (!OWN_FOLDER.test(prefix)) throw new Error(`not an image folder: ${prefix}`);
    await ctx.storage.deletePrefix(prefix);
  }
  await ctx.storage.deletePrefix(`private/u/${userId}/`);
}
const OWN_FOLDER = /^public\/(?:u\/[0-9a-f-]{36}|m\/[0-9a-f]{32})\/$/;
