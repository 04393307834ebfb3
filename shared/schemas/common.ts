import { z } from 'zod';
import { msg, type MessageKey } from '../i18n/messages.ts';

/** Zod option that yields a catalogue message in the active language. */
export const m = (key: MessageKey) => ({ error: () => msg(key) });

/** Zod option for a text over `max` characters: says the bound. */
export const tooLong = (max: number) => ({ error: () => msg('errors.tooLong', { max }) });

/** Required text: trimmed, not empty, bounded. */
export const text = (requiredKey: MessageKey, max = 150) =>
  z.string(m(requiredKey)).trim().min(1, m(requiredKey)).max(max, tooLong(max));

/**
 * A person's name, as other people see it in chats, notifications and the SMS that says who
 * wrote: letters of any script (with their marks), spaces, dots, apostrophes and hyphens. No
 * digits, links or symbols: a name was the one text a scammer could put, unscanned, into our SMS
 * ("Pay Rs499 KYC fee bit.ly/…", decision 028).
 */
export const personName = (requiredKey: MessageKey) =>
  text(requiredKey, 100).regex(/^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u, m('profile.nameLettersOnly'));

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
