import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { hi } from './hi.ts';
import type { Catalogue } from './translate.ts';
import { textIn } from './texts.ts';

// Every language's catalogue has exactly English's keys, with the same placeholders, and says
// them in its own words (decision 026). A key added to en.ts without its Hindi fails here.

const OTHER_LANGUAGES: Record<string, Catalogue> = { hi };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

// Words a translation keeps as they are: the brand, the switch's own names, codes people type.
const KEPT_WORDS =
  /NearHire|English|DELETE|OTP|LPA|PhD|BTech|BCom|BSc|MTech|MCom|MSc|MBA|BA|BE|MA/g;

const english = flatten(en);

describe.each(Object.entries(OTHER_LANGUAGES))('the %s catalogue', (_language, catalogue) => {
  const own = flatten(catalogue);

  it('has every key English has', () => {
    const missing = [...english.keys()].filter((key) => !own.has(key));
    expect(missing).toEqual([]);
  });

  it('has no key English lacks', () => {
    const extra = [...own.keys()].filter((key) => !english.has(key));
    expect(extra).toEqual([]);
  });

  it('keeps the placeholders of each text', () => {
    const differ = [...english].filter(
      ([key, text]) =>
        own.has(key) && placeholders(text).join(',') !== placeholders(own.get(key) ?? '').join(','),
    );
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('translates: no text is left empty or in English words', () => {
    const untranslated = [...english].filter(([key, text]) => {
      const mine = own.get(key);
      if (mine === undefined) return false;
      if (mine.trim() === '') return true;
      if (mine !== text) return false;
      // The same as English is fine for numbers, codes and brand names only.
      return /[a-z]/i.test(text.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(KEPT_WORDS, ''));
    });
    expect(untranslated.map(([key]) => key)).toEqual([]);
  });
});

describe('server texts in Hindi', () => {
  it('fills placeholders and Hindi plurals (CLDR: 0 and 1 are "one")', () => {
    expect(textIn('hi', 'notifications.sms.newMessage', { name: 'Priya', link: 'x' })).toBe(
      'NearHire पर Priya का नया मैसेज: x',
    );
    expect(textIn('hi', 'limits.waitHours', { count: 1 })).toBe('1 घंटा');
    expect(textIn('hi', 'limits.waitHours', { count: 3 })).toBe('3 घंटे');
  });

  it("spells a limit's wait out in the language from its seconds", () => {
    expect(textIn('hi', 'limits.reports', { seconds: 3 * 3600 })).toBe(
      'आज आप जितनी रिपोर्ट भेज सकते थे, भेज चुके हैं। 3 घंटे बाद कोशिश करें।',
    );
    expect(textIn('en', 'limits.reports', { seconds: 40 })).toBe(
      "You have sent today's most reports. Try again in 40 seconds.",
    );
  });
});
