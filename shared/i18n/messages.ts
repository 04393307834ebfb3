import { en } from './en.ts';
import { translate, type TOptions, type Translator, type Vars } from './translate.ts';

// The English catalogue in use: the server's answers, and the messages of shared rules. The
// translator itself (translate.ts) holds no texts, so the web app's first screens can use it
// without this whole catalogue (docs/decisions/021).

export { en };

/** Looks a dotted key up in the English catalogue. */
export function english(key: string, vars?: TOptions): string {
  return translate([en], 'en', key, vars);
}

// Shared rules produce their messages through this, so the server answers in English and the
// web app plugs in the user's language with the same schemas.
let current: Translator = english;

export function setTranslator(t: Translator): void {
  current = t;
}

export function msg(key: string, vars?: Vars): string {
  return current(key, vars);
}
