import { useMemo, useSyncExternalStore } from 'react';
import { en } from '#shared/i18n/en.ts';
import {
  setTranslator,
  translate,
  lookup,
  type Catalogue,
  type TOptions,
} from '#shared/i18n/translate.ts';

// The web app's texts go through the same translator as the server's (shared/i18n/translate.ts):
// one lookup, one placeholder syntax, CLDR plurals from the browser's Intl.PluralRules. It replaced
// i18next, whose 16 KB (gzipped) was an eighth of the first-visit budget for features we do not
// use (docs/decisions/021). One catalogue per language; English is the spec's exact wording.

export type { TOptions };
export type TFunction = (key: string, vars?: TOptions) => string;

const catalogues: Record<string, Catalogue> = { en };
let language = 'en';
const listeners = new Set<() => void>();

function t(key: string, vars?: TOptions): string {
  const own = catalogues[language];
  return translate(own && language !== 'en' ? [own, en] : [en], language, key, vars);
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
    for (const listener of listeners) listener();
  },
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `t` for a component, re-rendering it when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const lang = useSyncExternalStore(subscribe, () => language);
  // A new function per language, so memoised children that take `t` update too.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const bound = useMemo<TFunction>(() => (key, vars) => t(key, vars), [lang]);
  return { t: bound, i18n };
}

// Shared zod schemas produce their messages through the same catalogue.
setTranslator(t);
