import type { MessageKey, TFunction } from '#web/lib/i18n.ts';

/**
 * The scam shield's (and moderators') reason codes as words, joined: "asks for a payment, paid
 * tasks". A code the catalogue does not know yet is shown as it came.
 */
export function shieldReasons(t: TFunction, codes: readonly string[]): string {
  return codes
    .map((code) => {
      // Codes come from the server: the list is typed, an unknown code shows its key (caught).
      const key = `moderation.shield.${code}` as `moderation.shield.${string}` & MessageKey;
      const text = t(key);
      return text === key ? code : text;
    })
    .join(', ');
}
