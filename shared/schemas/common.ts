import { z } from 'zod';
import { msg, type MessageKey } from '../i18n/messages.ts';
import { normalize } from '../scam-shield/normalize.ts';

/** Zod option that yields a catalogue message in the active language. */
export const m = (key: MessageKey) => ({ error: () => msg(key) });

/** Zod option for a text over `max` characters: says the bound. */
export const tooLong = (max: number) => ({ error: () => msg('errors.tooLong', { max }) });

/** A whole number from `min` to `max` in a query string (a page's limit or offset): says so. */
export const wholeNumberIn = (name: string, min: number, max: number) => {
  const said = { error: () => msg('errors.numberRange', { name, min, max }) };
  return z.coerce.number(said).int(said).min(min, said).max(max, said);
};

/** Required text: trimmed, not empty, bounded. */
export const text = (requiredKey: MessageKey, max = 150) =>
  z.string(m(requiredKey)).trim().min(1, m(requiredKey)).max(max, tooLong(max));

/**
 * A person's name, as other people see it in chats, notifications and the SMS that says who
 * wrote: letters of any script (with their marks), spaces, dots, apostrophes and hyphens. No
 * digits, links or symbols: a name was the one text a scammer could put, unscanned, into our SMS
 * ("Pay Rs499 KYC fee bit.ly/…", decision 028). Runs of spaces inside it become one.
 */
export const personName = (requiredKey: MessageKey) =>
  text(requiredKey, 100)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, m('profile.nameLettersOnly'))
    // "Ravi   Kumar" is "Ravi Kumar" on every card and chat, as a person meant it.
    .transform((name) => name.replace(/ {2,}/g, ' '));

/**
 * Whether a text has a letter or a digit of any script: a company name or a job title of nothing
 * but emoji or symbols ("🚀🚀", "***") names nothing a seeker can search for or recognise.
 */
export const hasWords = (value: string) => /[\p{L}\p{N}]/u.test(value);

/** Check marks of every kind: ✔ ✓ ☑ ✅ 🗸 🗹 🗷, and the square-root sign used as a tick. */
const CHECK_MARK = /[\u2713\u2714\u2705\u2611\u{1F5F8}\u{1F5F9}\u{1F5F7}\u221A\u237B\u{10102}]/u;
/** "verified", "सत्यापित", "वेरिफाइड", also spaced out, with look-alikes or digits for letters. */
const VERIFIED_WORD = /verified|सत्यापित|वेरिफाइड/u;

/**
 * Whether a text claims the verified mark NearHire adds ("Infosys ✔ Verified · infosys.com"):
 * a check mark, or the word once the scam shield's normaliser has undone spacing and look-alike
 * tricks ("V e r i f i e d", "Vеrіfіеd" in Cyrillic, "v3rified").
 */
export function claimsVerification(value: string): boolean {
  if (CHECK_MARK.test(value)) return true;
  const letters = normalize(value).replace(/[^\p{L}\p{M}]/gu, '');
  return VERIFIED_WORD.test(letters);
}

/** Refuses a company name or designation that claims the verified mark (decision 028). */
export const noVerifiedClaim = <T extends string | null | undefined>(value: T) =>
  value == null || !claimsVerification(value);
export const noVerifiedClaimMessage = m('profile.noVerifiedClaim');

/** Optional text: trimmed; empty becomes null. */
export const optionalText = (max = 150) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Years offered by the pick-lists (spec: from the current year + 5 downward). */
export const year = (requiredKey: MessageKey = 'onboarding.yearRequired') =>
  z.coerce
    .number(m(requiredKey))
    .int(m(requiredKey))
    .min(1950, m(requiredKey))
    .max(new Date().getFullYear() + 5, m(requiredKey));

export const cityId = z.coerce
  .number(m('onboarding.cityRequired'))
  .int()
  .positive(m('onboarding.cityRequired'));

/** Storage key of an uploaded image or file (see server/modules/files). */
export const storageKey = (requiredKey: MessageKey) =>
  z
    .string(m(requiredKey))
    .min(1, m(requiredKey))
    .max(200, m(requiredKey))
    .regex(/^[a-z0-9/_.-]+$/, m(requiredKey));

/** A list of short labels (skills, languages): trimmed, non-empty, no duplicates (case-insensitive). */
export const chipList = (max: number, tooManyKey: MessageKey) =>
  z
    .array(z.string().trim().max(40, tooLong(40)))
    .max(max, m(tooManyKey))
    .transform((items) => dedupeChips(items));

export function dedupeChips(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of items) {
    const item = raw.trim();
    const key = item.toLowerCase();
    if (!item || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}
