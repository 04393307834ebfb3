// Building blocks of the rules: word boundaries that work for Devanagari, words that survive a
// split ("tele gram", "pay-ment", "र जि स्ट्रे श न"), amounts and negations. The rules in rules/*.ts
// are written with these so each one stays a short, readable list.

/** Start and end of a word, for Latin and Devanagari alike (JS's \b is ASCII-only). */
export const B = String.raw`(?<![\p{L}\p{M}\p{N}_])`;
export const E = String.raw`(?![\p{L}\p{M}\p{N}_])`;

/** What may sit between the letters of a split word: spaces, dots, dashes, stars. */
const GAP = String.raw`[\s.*_\-'’·•|/\\~+]{0,3}`;

/**
 * Letters that stand in for others after normalisation ("1" is read as "i" but may mean "l"),
 * and symbols normalize() leaves alone because UPI ids and prices need them ("p@y", "$end").
 */
const ALIKE: Record<string, string> = { i: '[il]', l: '[li]', g: '[gq]', a: '[a@]', s: '[s$]' };

/**
 * A word that may be split anywhere by a few separators: fz('telegram') matches "telegram",
 * "tele gram", "tele-gram" and "teleqram"; fz('रजिस्ट्रेशन') matches "र जि स्ट्रे श न". Short Latin
 * words are not split (normalize() already joins fully spaced ones like "p a y"), so "upi" does
 * not match "pick up i".
 */
export function fz(word: string): string {
  const chars = [...word];
  const latin = /^[a-z]+$/.test(word);
  const piece = (c: string) => ALIKE[c] ?? c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (latin && chars.length < 5) return chars.map(piece).join('');
  return chars.map(piece).join(GAP);
}

/** One of several alternatives as a whole word: w('fee', 'fees', 'charge'). */
export function w(...alternatives: string[]): string {
  return `${B}(?:${alternatives.join('|')})${E}`;
}

/** A regular expression from a source built with the helpers above. */
export function rx(source: string): RegExp {
  // Patterns are written like the text they match: nukta dropped, candrabindu as anusvara.
  return new RegExp(source.replace(/\u093C/g, '').replace(/\u0901/g, '\u0902'), 'iu');
}

/** Up to `n` characters of anything in between (kept short so phrases stay phrases). */
export function near(n: number): string {
  return `[\\s\\S]{0,${n}}?`;
}

/** A mobile number, also masked as recruiters do: 98xxxxxx40, +91 98765 43210. */
export const PHONE = String.raw`(?:\+?91[\s-]?)?${B}[6-9](?:[\s-]?[\dx]){9}${E}`;

/** "deposit", also split ("de posit") and misspelt as it is typed: "dipozit", "diposit", "depojit". */
export const DEPOSIT = String.raw`(?:${fz('deposit')}|d[ei]p[oa][sjz]i?te?)`;

/** Number words Hindi and Hinglish use for thousands and lakhs. */
const THOUSAND = String.raw`(?:k|thousand|ha[zj]aa?r|ha[zj]ar|हजार|हज़ार)`;
const LAKH = String.raw`(?:lakh|lakhs|lac|lacs|lakh?|लाख)`;
const RUPEE_WORD = String.raw`(?:\/-|rs\.?|inr|rupees?|rupaye|rupaiye|rupay|rupya|rupye|rupe|रुपये|रुपए|रुपया|रुपयों|रुपय|रु\.?)`;

/**
 * A sum of money: "₹1500" (normalize writes Rs., INR and rupees that way), "1500 rs", "1500/-",
 * "1k", "2 hazaar", "1 lakh", "५०० रुपये".
 */
export const AMOUNT = String.raw`(?:₹\d+(?:\.\d+)?(?:\s?(?:${THOUSAND}|${LAKH})${E})?|${B}\d+(?:\.\d+)?\s?(?:${THOUSAND}|${LAKH})${E}(?:\s?${RUPEE_WORD})?|${B}\d+(?:\.\d+)?\s?${RUPEE_WORD}(?![\p{L}\p{N}]))`;

/** A bare number that can be a price here: 3 to 6 digits, not a time, length or date. */
export const BARE_NUMBER = String.raw`${B}\d{3,6}${E}(?!\s?(?:am|pm|baje|बजे|min|mins|minutes?|hrs?|hours?|days?|months?|years?|saal|साल|din|दिन|ghante|घंटे|%|th|st|nd|rd|m|mtrs?|met(?:er|re)s?|km|kms|ft|feet|sq\.? ?ft|students?|people|candidates?|employees?|members?|seats|vacanc\w*|openings?|मीटर)${E})`;

/** A sum of money or a bare number. */
export const MONEY = `(?:${AMOUNT}|${BARE_NUMBER})`;

/** Parse one match of AMOUNT (or a bare number) into rupees. */
export function rupees(match: string): number {
  const m =
    /(\d+(?:\.\d+)?)\s?(k|thousand|ha[zj]aa?r|ha[zj]ar|हजार|हज़ार|lakhs?|lacs?|lakh?|लाख)?/u.exec(
      match,
    );
  if (!m?.[1]) return 0;
  const n = Number(m[1]);
  const unit = m[2] ?? '';
  if (/^(k|thousand|ha|हज)/u.test(unit)) return n * 1000;
  if (/^(lak|lac|लाख)/u.test(unit)) return n * 100_000;
  return n;
}

/**
 * Phrases with a "no" that negate nothing about the scam, removed before looking for negations:
 * "non-refundable", "वापस नहीं होगा", "don't worry", "no delay", "tension mat lo".
 */
const NOT_A_NEGATION = rx(
  [
    w(
      'non[ -]?refundable',
      'not refundable',
      'no refunds?',
      'not (?:be )?refunded',
      'will not be returned',
      "(?:don'?t|do not) (?:worry|delay|miss|wait|be late)",
      'no (?:worry|worries|tension|problem|doubt|delay|risk)',
      'without (?:delay|fail)',
      '(?:wapas|vapas|refund) (?:nahi|nahin|nhi)',
      '(?:tension|chinta|fikar|fikr|der) (?:mat|nahi|na)\\s?\\w*',
      'koi (?:tension|problem|dikkat) nahi',
    ),
    String.raw`वापस नहीं|चिंता (?:न|मत|नहीं)|देर (?:न|मत)`,
  ].join('|'),
);

/**
 * Warnings: a clause that warns ("beware of fraudsters", "report anyone who asks for money",
 * "bharosa mat karna", "सावधान") is about someone else's scam wherever the word sits in it.
 */
const WARNING = rx(
  [
    w(
      'beware',
      'fraud\\w*',
      'fake',
      'scam\\w*',
      'report',
      'warn(?:s|ed|ing|ings)?', // not Hinglish "warna" (otherwise)
      'suspicious',
      'bharosa',
      'dhokha',
    ),
    w('सावधान', 'धोखा', 'धोखे', 'फर्जी', 'रिपोर्ट'),
  ].join('|'),
);

/**
 * Negations of a verb: "we never ask for money", "do not share your OTP", "koi fees nahi
 * lagegi", "ओटीपी न बताएं". They govern a trigger a few words after them or just before them.
 * Hinglish "na" is left out: it is as often a softener ("bhej do na") as a "not". Devanagari "न"
 * counts only before a word ("ओटीपी न बताएं"), not at the end of a sentence.
 */
const VERBAL = rx(
  [
    w(
      'not',
      'never',
      "don'?t",
      "doesn'?t",
      "won'?t",
      "didn'?t",
      "can'?t",
      'cannot',
      'nor',
      'neither',
      'nahi',
      'nahin',
      'nahee',
      'nhi',
      'nai',
      'mat',
      'kabhi',
    ),
    w('नहीं', 'नही', 'मत', 'कभी'),
    `${B}न(?=\\s[\\p{L}])`,
  ].join('|'),
);

/**
 * Negations of a noun: "no registration fee", "zero fees", "without any charges", "bina fees
 * ke", "registration free hai". They govern only the words right next to them: "Pay the
 * registration fee of ₹500 for free training" and "Deposit ₹2000 to get a job without
 * experience" negate nothing about the money.
 */
const LOCAL = rx(
  [
    // "no" but not "whatsapp no 98xx", "mobile no.", "a/c no: 1234" (number).
    String.raw`(?<!(?:whatsapp|mobile|contact|phone|account|a/c|roll|id|ph|call|wp|wa|card|khata)\s)${B}no(?!\.?\s?[:\-]?\s?[\dx+])${E}`,
    w('without', 'free', 'zero', 'nil', 'bina', 'muft'),
    w('मुफ्त', 'फ्री', 'बिना'),
  ].join('|'),
);

/** How far a negation reaches, in words between it and the trigger. */
const VERBAL_BEFORE = 5;
const VERBAL_AFTER = 3;
const LOCAL_BEFORE = 2;

/** "free", "zero", "nil" said of the trigger right after it: "registration free hai", "fees: nil". */
const LOCAL_AFTER = rx(
  String.raw`^\s?(?:(?:is|are|hai|h|he|:|-|=)\s?)?(?:(?:bilkul|completely|totally|absolutely|100%)\s)?(?:free|zero|nil|muft|मुफ्त|फ्री|बिना)${E}`,
);

function words(text: string): number {
  return text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
}

/** Whether some match of `re` in `text` ends with at most `n` words after it. */
function endsWithin(re: RegExp, text: string, n: number): boolean {
  for (const m of text.matchAll(new RegExp(re.source, 'giu')))
    if (words(text.slice(m.index + m[0].length)) <= n) return true;
  return false;
}

/** Whether some match of `re` in `text` starts with at most `n` words before it. */
function startsWithin(re: RegExp, text: string, n: number): boolean {
  for (const m of text.matchAll(new RegExp(re.source, 'giu')))
    if (words(text.slice(0, m.index)) <= n) return true;
  return false;
}

/**
 * Whether the trigger at [start, end) of `clause` is negated or warned about: a warning anywhere
 * in the clause, a negation of a verb a few words before it ("we will never ask you to pay") or
 * right after it ("koi fees nahi lagegi"), a negation of a noun right before it ("no registration
 * fee", "without any charges") or inside it ("pay no fees"). A "no" elsewhere in the clause ("to
 * get a job without experience", "for free training") negates something else.
 */
export function negatedAt(clause: string, start: number, end: number): boolean {
  const text = clause.replace(new RegExp(NOT_A_NEGATION.source, 'giu'), (s) =>
    ' '.repeat(s.length),
  );
  if (WARNING.test(text)) return true;
  const before = text.slice(0, start);
  const inside = text.slice(start, end);
  const after = text.slice(end);
  // "never ask you to move to Telegram or WhatsApp": the negation reaches every item of a list.
  let listed = before;
  for (;;) {
    const shorter = listed.replace(/\S+\s(?:or|and|ya|aur|nor|&|\/|और|या)\s?$/u, '');
    if (shorter === listed) break;
    listed = shorter;
  }
  if (endsWithin(VERBAL, listed, VERBAL_BEFORE)) return true;
  if (VERBAL.test(inside) || startsWithin(VERBAL, after, VERBAL_AFTER)) return true;
  if (endsWithin(LOCAL, before, LOCAL_BEFORE) || LOCAL.test(inside)) return true;
  return LOCAL_AFTER.test(after);
}

/** Whether a clause holds a negation or a warning anywhere (the old, clause-wide reading). */
export function negated(clause: string): boolean {
  return negatedAt(clause, 0, clause.length);
}
