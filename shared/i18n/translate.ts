export type Vars = Record<string, string | number>;
/** What a text may be given: its placeholders' values, `count` for plurals, a text if unknown. */
export type TOptions = Vars & { defaultValue?: string };
export type Translator = (key: string, vars?: TOptions) => string;
/** A language's catalogue: nested objects of texts, the shape of `en`. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** The text at a dotted key, or undefined when the catalogue has none there. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lang: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

/**
 * The text for `key` in `lang`, from the first catalogue that has it (the language's own, then
 * English). With a numeric `count`, `key_one` / `key_other` (the language's CLDR plural forms,
 * as i18next names them) come first. `{{name}}` placeholders are filled from vars. An unknown key
 * gives `defaultValue`, or the key itself, so a gap shows rather than crashes.
 */
export function translate(
  catalogues: readonly Catalogue[],
  lang: string,
  key: string,
  vars?: TOptions,
): string {
  const count = vars?.count;
  const candidates =
    typeof count === 'number' ? [`${key}_${pluralOf(lang, count)}`, key, `${key}_other`] : [key];
  for (const catalogue of catalogues)
    for (const candidate of candidates) {
      const text = lookup(catalogue, candidate);
      if (text !== undefined) return interpolate(text, vars);
    }
  return vars?.defaultValue ?? key;
}

export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
