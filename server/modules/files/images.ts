import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import {
  IMAGE_VARIANT_WIDTHS,
  imageVariantKey,
  type ImageVariantWidth,
} from '#shared/image-variants.ts';
import type { Storage } from '../../adapters/storage.ts';
import { AppError } from '../../lib/errors.ts';

export type ImagePurpose = 'avatar' | 'logo';

/** decisions.md "Files": png, jpeg, gif (webp welcome). */
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The longest side an uploaded image keeps: enough for a profile header, small to serve. */
export const IMAGE_MAX_SIDE: Record<ImagePurpose, number> = { avatar: 1024, logo: 512 };

// A 2 MB file can still claim a huge canvas (a "decompression bomb"); 40 megapixels covers any
// phone camera and keeps decoding memory bounded.
const MAX_INPUT_PIXELS = 40_000_000;

/** The type told by the file's own bytes; the name and the declared type are never trusted. */
export async function sniffMime(bytes: Buffer): Promise<string | null> {
  return (await fileTypeFromBuffer(bytes))?.mime ?? null;
}

/**
 * Re-encodes an uploaded image to WebP: turned upright by its EXIF orientation, then every piece
 * of metadata (EXIF with GPS, XMP, ICC, comments) dropped, since sharp writes none unless asked,
 * and the pixel size capped. Re-encoding also means we never serve the uploaded bytes themselves
 * (no polyglot files, no scripts hidden in chunks).
 */
export async function reencodeImage(bytes: Buffer, purpose: ImagePurpose): Promise<Buffer> {
  const mime = await sniffMime(bytes);
  if (!mime || !IMAGE_TYPES.has(mime)) throw new AppError(400, 'upload.imageType');
  const side = IMAGE_MAX_SIDE[purpose];
  // The header alone says how many pixels there are: a real image too big to decode gets its
  // own message (not "choose a PNG" for a PNG).
  const size = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (size?.width && size.height && size.width * size.height > MAX_INPUT_PIXELS)
    throw new AppError(400, 'upload.imageTooManyPixels');
  try {
    // failOn 'error': refuse what cannot be decoded, but accept the harmless warnings that
    // many phone JPEGs carry.
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Corrupt, truncated or too many pixels: to the user it is "not an image we can take".
    throw new AppError(400, 'upload.imageType');
  }
}

/**
 * One smaller copy of an already re-encoded (stored) image, `width` px wide and never wider than
 * the image itself: a small original gives a same-sized copy, so every variant key always exists
 * and a `srcset` listing them all never points at a missing file. Width, not the longest side, is
 * what a srcset `w` descriptor promises.
 */
export async function imageVariant(webp: Buffer, width: ImageVariantWidth): Promise<Buffer> {
  return sharp(webp, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Every variant of a stored image, made once (at upload, or on the first miss of an old one). */
export async function imageVariants(
  webp: Buffer,
): Promise<{ width: ImageVariantWidth; bytes: Buffer }[]> {
  return Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (width) => ({ width, bytes: await imageVariant(webp, width) })),
  );
}

/** The storage keys of an image and of all its variants. */
export function imageFileKeys(key: string): string[] {
  return [key, ...IMAGE_VARIANT_WIDTHS.map((width) => imageVariantKey(key, width))];
}

/**
 * Saves a re-encoded image and its variants (all encoded first, in memory). Either every file is
 * saved or the ones that were are removed again and the error is thrown: an upload answers a key
 * only when its variants exist too. Used by uploads and by the demo data, so both look alike.
 */
export async function putImageFiles(storage: Storage, key: string, webp: Buffer): Promise<void> {
  const files = [
    { key, bytes: webp },
    ...(await imageVariants(webp)).map((v) => ({
      key: imageVariantKey(key, v.width),
      bytes: v.bytes,
    })),
  ];
  const saved = await Promise.allSettled(
    files.map((f) => storage.put(f.key, f.bytes, 'image/webp')),
  );
  const failed = saved.find((r) => r.status === 'rejected');
  if (failed) {
    await deleteImageFiles(storage, key).catch(() => {});
    throw failed.reason;
  }
}

/** Removes an image and its variants (a missing file is not an error on either driver). */
export async function deleteImageFiles(storage: Storage, key: string): Promise<void> {
  await Promise.all(imageFileKeys(key).map((k) => storage.delete(k)));
}

// An image variant's key: the original's key (an uploaded avatar or logo) plus -w<width>.
const VARIANT_KEY =
  /^(public\/(?:u\/[0-9a-f-]+|m\/[0-9a-f]{32})\/(?:avatar|logo)-[0-9a-f]+)-w(\d+)\.webp$/;

/**
 * The original of a variant key of one of the known widths ('…/avatar-ab-w96.webp' →
 * { original: '…/avatar-ab.webp', width: 96 }), or null for any other key.
 */
export function parseVariantKey(
  key: string,
): { original: string; width: ImageVariantWidth } | null {
  const m = VARIANT_KEY.exec(key);
  if (!m) return null;
  const width = IMAGE_VARIANT_WIDTHS.find((w) => String(w) === m[2]);
  return width ? { original: `${m[1]}.webp`, width } : null;
}
