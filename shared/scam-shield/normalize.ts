// Text normalisation for the scam shield. Scammers dodge keyword filters with look-alike letters
// (Cyrillic "а" in "tеlеgrаm", full-width "Ｐａｙ"), invisible characters ("regis\u200Btration"),
// spaced-out letters ("p a y", "W*h*a*t*s*A*p*p", "o.t.p") and digits for letters ("0TP",
// "f0ll0w"). The rules match against the output of `normalize`, which undoes these tricks and
// writes amounts one way ("Rs. 1,500/-" and "₹ 1,500" both become "₹1500"), so every rule can
// stay a plain, readable pattern.

/** Cyrillic and Greek letters that look like Latin ones (after lower-casing). */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  з: '3',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');

/** Digits used for letters inside words ("0tp", "f0ll0w", "l1ke", "wh4tsapp"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };

/**
 * A number glued to a unit is a quantity, not a disguised word: "10th", "1k", "24x7", "9am",
 * "12lpa", "2hrs", "3rd", "4g".
 */
const QUANTITY_TOKEN =
  /^\d+(?:st|nd|rd|th|k|am|pm|hrs?|hours?|mins?|lpa|lakhs?|lacs?|l|cr|rs|x\d*|g|gb|mb|km|kms|kg|pcs?|yrs?|years?|months?|days?|d|s)$/;

/**
 * Invisible characters: format characters (zero-width space and joiners, BOM, bidi marks, soft
 * hyphen), the combining grapheme joiner, variation selectors and blank fillers.
 */
const INVISIBLE = /\p{Cf}|\u034F|\p{Variation_Selector}|\u115F|\u1160|\u17B4|\u17B5|\u180E/gu;

const DEVANAGARI_DIGIT = /[\u0966-\u096F]/g;
const NUKTA = /\u093C/g;
const CANDRABINDU = /\u0901/g;

/** Separators scammers put between single letters: "p a y", "P.A.Y.", "W*h*a*t*s*A*p*p". */
const SPACED_LETTERS =
  /(?<![\p{L}\p{N}])[a-z](?:[ .*_\-·•|/+~]{1,3}[a-z](?![\p{L}\p{N}])){2,}\.?/gu;

function unspace(run: string): string {
  return run.replace(/[^a-z]/g, '');
}

function unleet(token: string): string {
  if (!/[a-z]/.test(token) || !/\d/.test(token)) return token;
  if (QUANTITY_TOKEN.test(token)) return token;
  if (/\d{3}/.test(token)) return token; // an amount, a phone number or an id
  if (/^[x\d]+$/.test(token)) return token; // a masked phone number: 98xxxxxx40
  const letters = token.replace(/[^a-z]/g, '');
  if (letters.length < 2) return token; // "b2", "x5": too short to be a word in disguise
  // A number in front of a real word is a quantity ("5star", "4wheeler"), not a letter.
  if (/^\d+[a-z]{4,}$/.test(token)) return token;
  return token.replace(/[013457]/g, (d) => LEET[d] ?? d);
}

/** Digits written as words, to read a phone number spelled out ("nine eight seven six ..."). */
const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  शून्य: '0',
  एक: '1',
  दो: '2',
  तीन: '3',
  चार: '4',
  पांच: '5',
  छह: '6',
  छः: '6',
  सात: '7',
  आठ: '8',
  नौ: '9',
};
const DIGIT_TOKEN = `(?:${Object.keys(DIGIT_WORDS).join('|')}|\\d+)`;
const DIGIT_RUN = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}])${DIGIT_TOKEN}(?:[\\s,.-]{1,3}${DIGIT_TOKEN}){2,}(?![\\p{L}\\p{M}\\p{N}])`,
  'gu',
);

/**
 * A number spelled out in words, alone or mixed with digits, becomes digits when it is long
 * enough to be a phone number or an account (six digits and more, three words and more):
 * "nine eight seven six five four three two one zero" → "9876543210". Shorter runs ("one or
 * two", "five to six days") stay words.
 */
function spelledNumbers(text: string): string {
  return text.replace(DIGIT_RUN, (run) => {
    const tokens = run.split(/[\s,.-]+/u).filter(Boolean);
    const spelled = tokens.filter((t) => t in DIGIT_WORDS).length;
    const digits = tokens.map((t) => DIGIT_WORDS[t] ?? t).join('');
    return spelled >= 3 && digits.length >= 6 ? digits : run;
  });
}

const SMALL_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  'twenty five': 25,
  thirty: 30,
  forty: 40,
  fifty: 50,
  ninety: 90,
  'ninety nine': 99,
};
const SMALL = `(?:${Object.keys(SMALL_NUMBERS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
/** "five hundred", "two thousand", "two thousand five hundred", "ninety nine hundred". */
const SPELLED_AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}])(${SMALL}) (hundred|thousand)(?: (?:and )?(${SMALL}) hundred)?(?![\\p{L}\\p{N}])`,
  'gu',
);

function spelledAmount(_: string, a: string, unit: string, b?: string): string {
  const n = (SMALL_NUMBERS[a] ?? 0) * (unit === 'hundred' ? 100 : 1000);
  return String(n + (b ? (SMALL_NUMBERS[b] ?? 0) * 100 : 0));
}

/**
 * Canonical form of a text for matching: NFKC, invisible characters removed, lower case,
 * look-alike letters folded to Latin, Devanagari digits to ASCII, nukta dropped and candrabindu
 * written as anusvara (spelling varies), spaced-out letters joined, spelled-out phone numbers as
 * digits and amounts in words as numbers ("five hundred rupees" → "₹500"), Hinglish "kr" as
 * "kar", digits inside words read as letters, Indian digit grouping removed ("1,00,000" → "100000") and rupee amounts written as
 * "₹<digits>", runs of spaces collapsed (line breaks kept: they end sentences).
 */
export function normalize(input: string): string {
  let text = input.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
  text = text.replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c);
  text = text.replace(DEVANAGARI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0966));
  text = text.replace(NUKTA, '').replace(CANDRABINDU, '\u0902');
  text = text
    .replace(/[^\S\n]+/gu, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim();
  text = text.replace(SPACED_LETTERS, unspace);
  text = spelledNumbers(text);
  text = text.replace(SPELLED_AMOUNT, spelledAmount);
  // Hinglish "kr", "krdo", "krna" are "kar", "kar do", "karna" typed fast.
  text = text.replace(
    /(?<![\p{L}\p{N}])kr(?=(?:do|o|na|ni|ke|ein|en|e|dijiye|wa\w*)?(?![\p{L}\p{N}]))/gu,
    'kar',
  );
  text = text.replace(/(?<![\p{L}\p{N}])kardo(?![\p{L}\p{N}])/gu, 'kar do');
  // "t . me / x" → "t.me/x": a link spaced out so it is not clickable, or not caught.
  text = text.replace(/(?<![\p{L}\p{N}])(t|wa|telegram) ?\. ?me ?\/ ?/gu, '$1.me/');
  text = text.replace(/[a-z0-9]+/g, unleet);
  // Amounts: digit grouping, then a currency word or sign in front becomes "₹".
  text = text.replace(/(\d),(?=\d\d)/g, '$1');
  text = text.replace(/(?<![\p{L}\p{N}])(?:rs|inr|rupees?)\s*\.?\s*(?=\d)/gu, '₹');
  text = text.replace(/₹\s+(?=\d)/g, '₹');
  return text;
}

/**
 * Sentences of a normalised text: split at ! ? । and line breaks, and at a full stop followed by
 * a space (so "4.5 lpa", "t.me/x", "hr.desk@okaxis" and "₹1500/-." stay whole).
 */
export function sentences(text: string): string[] {
  return text
    .replace(/[!?।\n|]+|\.(?:\s+|$)/gu, '$&\u0000')
    .split('\u0000')
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/**
 * The clause of `sentence` around position `at`: the stretch between commas, semicolons, colons
 * and "but"-words. A negation only counts in the clause of the phrase it negates: "no fees, pay
 * ₹500 for the form" negates nothing about the ₹500.
 */
export function clauseAt(sentence: string, at: number): string {
  const [start, end] = clauseBounds(sentence, at);
  return sentence.slice(start, end);
}

/** Where the clause of `sentence` around position `at` starts and ends (see clauseAt). */
export function clauseBounds(sentence: string, at: number): [number, number] {
  const boundary = /,(?!\d)|;|:(?!\/\/)|\s(?:but|lekin|magar|लेकिन|मगर|however)\s/gu;
  let start = 0;
  let end = sentence.length;
  for (const m of sentence.matchAll(boundary)) {
    const i = m.index;
    if (i < at) start = i + m[0].length;
    else {
      end = i;
      break;
    }
  }
  return [start, end];
}
