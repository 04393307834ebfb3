import { useMemo, useSyncExternalStore } from 'react';
import firstTexts from 'virtual:first-texts';
import { translate, lookup, type Catalogue, type TOptions } from '#shared/i18n/translate.ts';

// The web app's texts go through the same translator as the server's (shared/i18n/translate.ts):
// one lookup, one placeholder syntax, CLDR plurals from the browser's Intl.PluralRules. It replaced
// i18next, whose 16 KB (gzipped) was an eighth of the first-visit budget for features we do not
// use (docs/decisions/021). One catalogue per language; English is the spec's exact wording.

export type { TOptions };
export type TFunction = (key: string, vars?: TOptions) => string;

// English starts as the first screens' texts (web/i18n-build/first-texts.ts); the whole catalogue
// comes with the first other screen (loadTexts, awaited by the lazy routes), and everything
// rendered re-renders when it arrives.
let english: Catalogue = firstTexts;
let textsLoading: Promise<void> | null = null;
const catalogues: Record<string, Catalogue> = {};
let language = 'en';
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Loads the whole English catalogue once; screens other than the first ones wait for it. */
export function loadTexts(): Promise<void> {
  textsLoading ??= import('#shared/i18n/messages.ts').then(({ en, setTranslator }) => {
    english = en;
    // Shared zod schemas (loaded with the screens) produce their messages through it too.
    setTranslator(t);
    changed();
  });
  return textsLoading;
}

/** A screen's code and the whole catalogue it needs, loaded in parallel. */
export const withTexts = <T>(screen: Promise<T>): Promise<T> =>
  Promise.all([screen, loadTexts()]).then(([m]) => m);

function t(key: string, vars?: TOptions): string {
  const own = catalogues[language];
  return translate(own && language !== 'en' ? [own, english] : [english], language, key, vars);
}

/** The app's language state, readable outside React (API errors, toasts, the service worker). */
export const i18n = {
  get language(): string {
    return language;
  },
  t,
  /** Whether the current language's own catalogue has this key. */
  exists(key: string): boolean {
    const own = catalogues[language];
    return own !== undefined && lookup(own, key) !== undefined;
  },
  changeLanguage(next: string, catalogue?: Catalogue): void {
    if (catalogue) catalogues[next] = catalogue;
    if (next === language) return;
    language = next;
    document.documentElement.lang = next;
    changed();
  },
};

const getVersion = () => version;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` for a component, re-rendering it when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = useSyncExternalStore(subscribe, getVersion, getVersion);
  // A new function per language or catalogue, so memoised children that take `t` update too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const bound = useMemo<TFunction>(() => (key, vars) => t(key, vars), [current]);
  return { t: bound, i18n };
}
