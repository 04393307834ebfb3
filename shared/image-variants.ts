/**
 * Smaller copies of every uploaded image (issue 15: photos and logos served at the size shown).
 * An avatar is shown at 48 or 80 CSS px and a logo at 40-64 px; at a device pixel ratio of 1 to 3
 * one of these widths always fits (48 px at 3x = 144 → 192; 80 px at 3x = 240 → 384).
 */
export const IMAGE_VARIANT_WIDTHS = [96, 192, 384] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/**
 * The storage key of a variant: next to the original, `<key without .webp>-w<width>.webp`
 * ('public/u/1/avatar-ab.webp' → 'public/u/1/avatar-ab-w96.webp'). The same rule turns the
 * original's public URL (/media/<key>) into the variant's URL.
 */
export function imageVariantKey(key: string, width: ImageVariantWidth): string {
  return `${key.replace(/\.webp$/, '')}-w${width}.webp`;
}
