import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '#shared/image-variants.ts';

// Our own uploaded images: /media/<key> with the key of an avatar or logo as the server makes it
// (server/modules/files). Anything else (a data: URL, an external address, a variant) has no
// variants, so no srcset.
// An uploaded photo or logo: in its owner's random folder, or (older) the account id's.
const UPLOADED =
  /^\/media\/public\/(?:m\/[0-9a-f]{32}|u\/[0-9a-f-]+)\/(?:avatar|logo)-[0-9a-f]+\.webp$/;

/**
 * The `srcset` of an uploaded image: its smaller copies, which the server stores next to it at
 * upload (and makes on the first request for images older than that), so the browser fetches one
 * near the displayed size. The API keeps answering only the original URL; the variant URLs follow
 * from it ('…/avatar-ab.webp' → '…/avatar-ab-w96.webp 96w, …'). Undefined for other URLs.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !UPLOADED.test(url)) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantKey(url, w)} ${w}w`).join(', ');
}
