// How a rule is applied. A rule is a few named patterns per language; a pattern trips the rule
// when it matches in a sentence, its extra evidence (`with`) is in the same sentence, no negation
// governs the match ("no fees at any stage", "do not share your OTP"; a "free" or "without"
// elsewhere in the clause negates something else, see negatedAt) and its clause holds no other
// cancel. All patterns run on every text whatever its language: people mix them.

import { negatedAt } from './lexicon.ts';
import { clauseBounds, normalize, sentences } from './normalize.ts';
import type { ShieldCode } from './types.ts';

export type Lang = 'en' | 'hi' | 'hinglish';

export interface ShieldPattern {
  /** Short name, shown by `npm run eval:shield` and in test failures. */
  name: string;
  /** The phrase that trips the rule (on the normalised text, see normalize.ts). */
  re: RegExp;
  /** Further evidence that must occur in the same sentence. */
  with?: RegExp[];
  /** Further evidence that may occur anywhere in the text (a job post's other sentences). */
  withText?: RegExp[];
  /** Evidence that cancels the hit when found in the clause of the match. */
  unless?: RegExp[];
  /** Skip the negation check: nobody negates a t.me link. */
  anyway?: boolean;
  /** A last check on each match (amounts against a threshold). */
  check?: (match: RegExpMatchArray, sentence: string) => boolean;
}

export interface ShieldRule {
  code: ShieldCode;
  patterns: Record<Lang, ShieldPattern[]>;
  /** Cancels for every pattern of the rule, looked for in the clause of the match. */
  unless?: RegExp[];
  /** Sentences the rule ignores altogether (a seeker's question: "Kya registration fees lagegi?"). */
  skipSentence?: RegExp[];
}

/** A text prepared once for all rules. */
export interface Prepared {
  text: string;
  sentences: string[];
}

export function prepare(input: string): Prepared {
  const text = normalize(input);
  return { text, sentences: sentences(text) };
}

const globalCache = new WeakMap<RegExp, RegExp>();
function global(re: RegExp): RegExp {
  let g = globalCache.get(re);
  if (!g) {
    g = new RegExp(re.source, `${re.flags.replace('g', '')}g`);
    globalCache.set(re, g);
  }
  return g;
}

function patternHits(
  rule: ShieldRule,
  pattern: ShieldPattern,
  sentence: string,
  text: string,
): boolean {
  if (pattern.with && !pattern.with.every((re) => re.test(sentence))) return false;
  if (pattern.withText && !pattern.withText.every((re) => re.test(text))) return false;
  for (const m of sentence.matchAll(global(pattern.re))) {
    if (pattern.check && !pattern.check(m, sentence)) continue;
    const [start, end] = clauseBounds(sentence, m.index);
    const clause = sentence.slice(start, end);
    const at = m.index - start;
    const to = Math.min(at + m[0].length, clause.length);
    if (!pattern.anyway && negatedAt(clause, at, to)) continue;
    if (rule.unless?.some((re) => re.test(clause))) continue;
    if (pattern.unless?.some((re) => re.test(clause))) continue;
    return true;
  }
  return false;
}

/** The name of the first pattern of `rule` that trips on the text, or null. */
export function firstHit(rule: ShieldRule, text: Prepared): string | null {
  for (const sentence of text.sentences) {
    if (rule.skipSentence?.some((re) => re.test(sentence))) continue;
    for (const lang of ['en', 'hi', 'hinglish'] as const) {
      for (const pattern of rule.patterns[lang]) {
        if (patternHits(rule, pattern, sentence, text.text)) return `${lang}.${pattern.name}`;
      }
    }
  }
  return null;
}
