import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
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
