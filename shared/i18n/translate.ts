import { en } from './en.ts';

export type Vars = Record<string, string | number>;
type Translator = (key: string, vars?: Vars) => string;

/** Looks a dotted key up in the English catalogue; `{{name}}` placeholders are filled from vars. */
export function english(key: string, vars?: Vars): string {
  let node: unknown = en;
  for (const part of key.split('.')) {
    node =
      typeof node === 'object' && node !== null
        ? (node as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof node !== 'string') return key;
  return interpolate(node, vars);
}

export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

// Shared rules produce their messages through this, so the server answers in English and the
// web app can plug in i18next to show the user's language with the same schemas.
let current: Translator = english;

export function setTranslator(t: Translator): void {
  current = t;
}

export function msg(key: string, vars?: Vars): string {
  return current(key, vars);
}
