import type { TFunction } from '#web/lib/i18n.ts';

/**
 * The scam shield's (and moderators') reason codes as words, joined: "asks for a payment, paid
 * tasks". A code the catalogue does not know yet is shown as it came.
 */
export function shieldReasons(t: TFunction, codes: readonly string[]): string {
  return codes
    .map((code) => {
      const key = `moderation.shield.${code}`;
      const text = t(key);
      return text === key ? code : text;
    })
    .join(', ');
}
