// The languages of the product (decision 026): a code per language, the rules that pick one, and
// nothing else, so the web app's first screens can use it without any catalogue.

export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language of a BCP 47 tag we have a catalogue for ('hi-IN' → 'hi'), or null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The first of the browser's languages (navigator.languages, in its order) that we speak. */
export function firstKnownLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

/**
 * The language an Accept-Language header asks for: the known language of highest q (ties in the
 * header's order); English when none is known or the header is missing or malformed.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  let best: { language: Language; q: number } | null = null;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.split(';');
    const language = languageOfTag(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The cookie in which the web app keeps this device's language choice (web/lib/i18n.ts, next to
 * localStorage), so pages that come as HTML (prerendered, or rendered per request) come in it.
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The language a page is rendered in for someone the server knows no account of (decision 026):
 * the choice this device made (the `lang` cookie), else the browser's Accept-Language, the
 * server's reading of the same `navigator.languages` the app's first guess reads.
 */
export function visitorLanguage(cookie: string | undefined, acceptLanguage: string | undefined) {
  return isLanguage(cookie) ? cookie : languageFromAcceptLanguage(acceptLanguage);
}
