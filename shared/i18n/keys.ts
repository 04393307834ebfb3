import type { en } from './en.ts';

// The message keys of the catalogue as a type, so a misspelt key fails the typecheck (decision
// 026). A key is the dotted path of a text in en.ts; plural forms (`items_one`, `items_other`,
// CLDR's zero/one/two/few/many/other) are one key, `items`, used with a `count`.

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type WithoutPluralForm<K extends string> = K extends `${infer Base}_${PluralForm}` ? Base : K;

type Paths<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string
    ? `${Prefix}${WithoutPluralForm<K>}`
    : Paths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key of the catalogue: 'login.title', 'recruiterHome.applications', ... */
export type MessageKey = Paths<typeof en, ''>;

/** The keys under one namespace, without it: `KeysOf<'info'>` is 'aboutTitle' | 'aboutText'... */
export type KeysOf<Namespace extends keyof typeof en> = Paths<(typeof en)[Namespace], ''>;
