import { en } from './en.ts';
import { hi } from './hi.ts';
import type { MessageKey } from './keys.ts';
import type { Language } from './languages.ts';
import { translate, type Catalogue, type TOptions } from './translate.ts';
import { waitText, withWait } from './wait.ts';

// Every catalogue, for the server: its SMS, e-mails, notifications and error answers in each
// user's language (decision 026). The web app never imports this file: it loads a language's
// catalogue only when that language is chosen (web/lib/i18n.ts).

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, hi };

function plain(language: Language, key: MessageKey, vars?: TOptions): string {
  const chain = language === 'en' ? [en] : [CATALOGUES[language], en];
  return translate(chain, language, key, vars);
}

/** "3 hours", "3 घंटे": a wait in `language`. */
export function waitIn(language: Language, seconds: number): string {
  return waitText((k, v) => plain(language, k, v), seconds);
}

/**
 * The text of `key` in `language` (English for a key the language lacks), with a limit's
 * `{{wait}}` spelt out in that language from `vars.seconds`.
 */
export function textIn(language: Language, key: MessageKey, vars?: TOptions): string {
  return plain(
    language,
    key,
    withWait((k, v) => plain(language, k, v), vars),
  );
}
