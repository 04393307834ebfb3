import { useMemo, useSyncExternalStore } from 'react';
import firstTexts from 'virtual:first-texts';
import type { MessageKey } from '#shared/i18n/keys.ts';
import {
  DEFAULT_LANGUAGE,
  firstKnownLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '#shared/i18n/languages.ts';
import { translate, lookup, type Catalogue, type TOptions } from '#shared/i18n/translate.ts';

// The web app's texts go through the same translator as the server's (shared/i18n/translate.ts):
// one lookup, one placeholder syntax, CLDR plurals from the browser's Intl.PluralRules. It replaced
// i18next, whose 16 KB (gzipped) was an eighth of the first-visit budget for features we do not
// use (docs/decisions/021). One catalogue per language; English is the spec's exact wording.

export type { TOptions, MessageKey, Language };
/** `t`: a misspelt key fails the typecheck (keys typed from en.ts, shared/i18n/keys.ts). */
export type TFunction = (key: MessageKey, vars?: TOptions) => string;

// English starts as the first screens' texts (web/i18n-build/first-texts.ts); the whole catalogue
// comes with the first other screen (loadTexts, awaited by the lazy routes), and everything
// rendered re-renders when it arrives.
let english: Catalogue = firstTexts;
let textsLoading: Promise<void> | null = null;
// Other languages' catalogues, each loaded only when that language is chosen (decision 026), in
// the same two steps as English: the first screens' texts until loadTexts() has been called, the
// whole catalogue from then on. A Hindi visitor's first visit loaded all of hi.ts (20 KB
// gzipped) before / or /login could be taken over (session 22).
type Part = 'first' | 'whole';
const loaders: Record<Exclude<Language, 'en'>, Record<Part, () => Promise<Catalogue>>> = {
  hi: {
    first: () => import('virtual:first-texts/hi').then((m) => m.default),
    whole: () => import('#shared/i18n/hi.ts').then((m) => m.hi),
  },
};
const catalogues: Partial<Record<Language, Catalogue>> = {};
const complete: Partial<Record<Language, boolean>> = {};
const loading: Partial<Record<`${Language}:${Part}`, Promise<void>>> = {};
/** Whether the whole catalogues are wanted (loadTexts was called): every language's then. */
let wholeTexts = false;

/** Whether `next` has the texts the app needs now (its first ones, or since loadTexts all). */
const hasTexts = (next: Language) =>
  next === 'en' || complete[next] === true || (!wholeTexts && catalogues[next] !== undefined);

/** Loads what `next` needs now, each part asked for once. */
function catalogueOf(next: Language): Promise<void> {
  if (next === 'en' || hasTexts(next)) return Promise.resolve();
  const part: Part = wholeTexts ? 'whole' : 'first';
  loading[`${next}:${part}`] ??= loaders[next][part]().then((catalogue) => {
    if (part === 'whole') {
      catalogues[next] = catalogue;
      complete[next] = true;
    } else if (!complete[next]) catalogues[next] = catalogue;
  });
  return loading[`${next}:${part}`]!;
}
let language: Language = DEFAULT_LANGUAGE;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/**
 * Loads the whole English catalogue once, and the whole one of the language shown or on its way;
 * screens other than the first ones wait for it.
 */
export function loadTexts(): Promise<void> {
  if (!textsLoading) {
    wholeTexts = true;
    textsLoading = Promise.all([
      import('#shared/i18n/messages.ts'),
      catalogueOf(target),
      target === language ? null : catalogueOf(language),
    ]).then(([{ en, setTranslator }]) => {
      english = en;
      // Shared zod schemas (loaded with the screens) produce their messages through it too.
      setTranslator(t);
      changed();
    });
  }
  return textsLoading;
}

/** A screen's code and the whole catalogue it needs, loaded in parallel. */
export const withTexts = <T>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, loadTexts()]).then(([m]) => m);

function t(key: MessageKey, vars?: TOptions): string {
  const own = catalogues[language];
  return translate(own && language !== 'en' ? [own, english] : [english], language, key, vars);
}

// The language this device uses: the person's choice (the switch, or their account's language
// once signed in), kept in localStorage and in the `lang` cookie (so the server sends pages in
// it: prerendered and server-rendered ones, decision 026); before any choice, the browser's first
// language we speak (navigator.languages: 'hi', 'hi-IN' → Hindi); else English.
const CHOSEN = 'nearhire.language';

/** The choice kept in the cookie, if any. */
function cookieChoice(): string | undefined {
  try {
    if (typeof document === 'undefined') return undefined;
    return new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  } catch {
    return undefined;
  }
}

/** The choice in the cookie the server reads (a year; the language code only). */
function keepCookie(chosen: Language): void {
  try {
    if (typeof document === 'undefined') return;
    if (cookieChoice() !== chosen)
      document.cookie = `${LANGUAGE_COOKIE}=${chosen}; path=/; max-age=31536000; samesite=lax`;
  } catch {
    // cookies blocked: pages come in the browser's language and the app switches after
  }
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked: the browser's language each visit
  }
}

/** The language a first visit starts in (the browser's guess unless the person chose one). */
export function initialLanguage(): Language {
  const chosen = storage()?.getItem(CHOSEN) ?? cookieChoice();
  if (isLanguage(chosen)) return chosen;
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return firstKnownLanguage(tags) ?? DEFAULT_LANGUAGE;
}

/**
 * Switches the app to `next`: loads its catalogue first (so no screen shows a half-translated
 * frame), then re-renders every text and sets `<html lang>`. `remember` keeps it on this device.
 */
export async function setLanguage(next: Language, remember = true): Promise<void> {
  target = next;
  if (remember) {
    storage()?.setItem(CHOSEN, next);
    keepCookie(next);
  }
  await catalogueOf(next);
  // A later switch (made while this catalogue loaded) wins.
  if (target !== next) return;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  if (next === language) return;
  language = next;
  changed();
}

// The language being switched to: the current one, or one whose catalogue is on its way.
let target: Language = DEFAULT_LANGUAGE;

/** The language this device wants (already shown, or about to be once its texts arrive). */
export const wantedLanguage = (): Language => target;

/** The app's language state, readable outside React (API errors, toasts, the service worker). */
export const i18n = {
  get language(): Language {
    return language;
  },
  t,
  /** Whether a server-sent key is a message key that this language (or English) has a text for. */
  exists(key: string): key is MessageKey {
    const own = catalogues[language];
    return (
      (own !== undefined && lookup(own, key) !== undefined) || lookup(english, key) !== undefined
    );
  },
};

// Pages that come as HTML (prerendered, or rendered by the server with its data; decisions 021
// and 024) are in this device's language when the server knew it (the `lang` cookie, else
// Accept-Language), and React must take that markup over as it is: main.tsx shows the page's own
// language while it does (`takeOverIn`). This device's wish (its choice, else the browser's first
// language) is loaded at once and shown once the screen has been taken over (`showWish`), in
// case the page came in another (a choice made before the cookie, cookies blocked).
let wish: Language | null = null;
if (typeof window !== 'undefined') {
  const chosen = storage()?.getItem(CHOSEN);
  // A choice kept before the cookie existed: the next page comes in it.
  if (isLanguage(chosen)) keepCookie(chosen);
  wish = target = initialLanguage();
  if (wish !== 'en') void catalogueOf(wish).catch(() => undefined);
}

/**
 * Before React takes over a page that came as HTML in `page`'s language: that language is shown
 * (its catalogue loaded first), so the first render matches the markup. What this device wants
 * stays wanted (`wantedLanguage`) and is shown by `showWish` once the screen is taken over.
 */
export async function takeOverIn(page: Language): Promise<void> {
  await catalogueOf(page);
  if (typeof document !== 'undefined') document.documentElement.lang = page;
  if (page === language) return;
  language = page;
  changed();
}

/**
 * Shows this device's wished language, unless something chose one since (the switch, the
 * account's language). Called once the screen is on the page (routes.tsx `ScreenShown`): React
 * takes a page's screen over after the rest of it (its Suspense boundary is hydrated in a pass of
 * its own), and texts changed before that would differ from the markup it takes over.
 */
export function showWish(): void {
  const next = wish;
  wish = null;
  if (next && target === next && language !== next)
    void setLanguage(next, false).catch(() => undefined);
}

const getVersion = () => version;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` whenever the texts change (another language shown, or more texts loaded). */
export const onLanguageChange = subscribe;

/** `t` for a component, re-rendering it when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  // A new function per language or catalogue, so memoised children that take `t` update too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const bound = useMemo<TFunction>(() => (key, vars) => t(key, vars), [current]);
  return { t: bound, i18n };
}
