import { en } from './en.ts';
import type { MessageKey } from './keys.ts';
import { translate, type TOptions, type Vars } from './translate.ts';

// The English catalogue in use: the server's answers, and the messages of shared rules. The
// translator itself (translate.ts) holds no texts, so the web app's first screens can use it
// without this whole catalogue (docs/decisions/021). The server's texts in the user's language
// come from texts.ts (docs/decisions/026).

export { en };
export type { MessageKey };

/** A translator over typed keys: the web app's `t`, and what `setTranslator` takes. */
export type MessageTranslator = (key: MessageKey, vars?: TOptions) => string;

/** Looks a dotted key up in the English catalogue. */
export function english(key: MessageKey, vars?: TOptions): string {
  return translate([en], 'en', key, vars);
}

// Shared rules produce their messages through this, so the server answers in English and the
// web app plugs in the user's language with the same schemas.
let current: MessageTranslator = english;

export function setTranslator(t: MessageTranslator): void {
  current = t;
}

export function msg(key: MessageKey, vars?: Vars): string {
  return current(key, vars);
}
