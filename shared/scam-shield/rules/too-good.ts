// too_good: pay no unskilled job pays. "Earn ₹5,000 daily", "₹50,000 per week", "30,000 mahina
// ghar baithe", or a data-entry post at 12 LPA for freshers. The thresholds sit far above what
// the corpus's genuine unskilled jobs pay (a delivery partner's ₹600-1,100 a day, a helper's
// 15,000 a month), so honest pay stays clean; a month's pay needs a no-skill context as well,
// since ₹40,000 a month is normal for skilled work.

import type { ShieldPattern, ShieldRule } from '../engine.ts';
import { AMOUNT, B, BARE_NUMBER, E, rupees, rx, w } from '../lexicon.ts';
import type { ShieldJob } from '../types.ts';

type Period = 'day' | 'week' | 'month';

/** The least pay per period that counts as too good for unskilled work. */
export const TOO_GOOD_PER: Record<Period, number> = { day: 2000, week: 10_000, month: 30_000 };
/** The least yearly pay (LPA) that counts as too good for an entry or part-time unskilled job. */
export const TOO_GOOD_LPA = 10;

const PERIOD_WORDS: Record<Period, string> = {
  day: String.raw`daily|per day|a day|/day|every day|each day|per din|roz|roj|rozana|rojana|har din|din ke|din ka|प्रतिदिन|रोज|रोजाना|हर दिन|दिन के|डेली|रोज के`,
  week: String.raw`weekly|per week|a week|/week|every week|each week|har hafte|hafte ke|hafte me|har week|per hafta|हर हफ्ते|हफ्ते|साप्ताहिक|प्रति सप्ताह`,
  month: String.raw`monthly|per month|a month|/month|every month|each month|pm|p\.m\.|mahina|mahine|maheena|har mahine|per mahina|महीना|महीने|मासिक|प्रति माह|हर महीने`,
};

/** A sum, or a range of sums ("₹3,000-₹6,000", "3000 से 5000 रुपये"). */
const SUM = String.raw`(?:${AMOUNT}|${BARE_NUMBER})`;
const SUMS = String.raw`${SUM}(?:\s?(?:-|to|se|से|–)\s?${SUM})?`;

function periodOf(word: string): Period | null {
  for (const period of ['day', 'week', 'month'] as const) {
    if (new RegExp(`^(?:${PERIOD_WORDS[period]})$`, 'u').test(word)) return period;
  }
  return null;
}

/** The largest sum in a matched stretch of text. */
function largest(text: string): number {
  const sums = [...text.matchAll(new RegExp(SUM, 'giu'))].map((m) => rupees(m[0]));
  return Math.max(0, ...sums);
}

const ALL_PERIODS = Object.values(PERIOD_WORDS).join('|');

/**
 * Unskilled, no experience, a couple of hours on a phone: the context that turns a high figure
 * into a lure. Left out on purpose, because skilled jobs say them too: "freshers" (a graduate
 * engineer trainee), "work from home", "students" (a teacher's), "8 hours a day".
 */
export const NO_SKILL = rx(
  [
    w(
      // the work itself
      'data ?entry',
      'typing',
      'copy ?paste',
      'captcha',
      'form filling',
      'ad posting',
      'sms sending',
      'liking',
      // who may apply
      'no experience',
      'koi experience nahi',
      'experience nahi chahiye',
      'no qualification',
      'any qualification',
      'koi qualification nahi',
      'no skills?',
      'no interview',
      'no degree',
      'anyone can apply',
      'housewi(?:fe|ves)',
      'students (?:and|or|&|/) (?:housewives|homemakers)',
      'retired persons',
      '(?:8|10|12)th pass',
      // how little of it: "only 2 hours", "sirf mobile chahiye", "ghar baithe"
      'ghar baithe',
      'sitting at home',
      'from (?:your )?(?:mobile|phone)',
      'mobile se',
      'sirf mobile',
      'part[ -]?time',
      '(?:only|just|sirf) [1-3] (?:hours?|hrs?|ghante|minutes|mins)',
      '[1-3](?:-[1-3])? (?:hours?|hrs?) (?:a day|daily|work|kaam)',
    ),
    String.raw`घर बैठे|मोबाइल से|टाइपिंग|डाटा एंट्री|डेटा एंट्री|कॉपी पेस्ट|कोई अनुभव नहीं|बिना (?:पढ़ाई|अनुभव|योग्यता)|कोई योग्यता नहीं|गृहिणी|सिर्फ [1-3] घंटे|10वीं पास`,
  ].join('|'),
);

/** Words that make a figure a promise of earnings. */
const EARN = rx(
  String.raw`${w('earn\\w*', 'make', 'making', 'income', 'kamao', 'kamaye', 'kamaiye', 'kamai', 'kama', 'pakka', 'guaranteed', 'salary', 'payout')}|कमाएं|कमाइए|कमाई|कमा`,
);

function tooGoodFigure(m: RegExpMatchArray, sentence: string): boolean {
  const [sumsText, period] = m[1] !== undefined ? [m[1], m[2]] : [m[4], m[3]];
  const p = periodOf(period ?? '');
  if (!p || sumsText === undefined) return false;
  if (largest(sumsText) < TOO_GOOD_PER[p]) return false;
  if (NO_SKILL.test(sentence)) return true;
  return p !== 'month' && EARN.test(sentence);
}

const figure: ShieldPattern = {
  // "earn ₹5,000 daily", "50,000 per week", "har hafte 25 hazar", "प्रतिदिन 3000 रुपये".
  name: 'figurePerPeriod',
  re: rx(
    String.raw`(${SUMS})\s?(?:\w+\s)?(${ALL_PERIODS})${E}|${B}(${ALL_PERIODS})\s(?:(?:ke|ka|के|का|की|income|payout|profit|earnings?|kamai|कमाई|salary|of|up to|upto|tak|तक)\s)*(${SUMS})`,
  ),
  check: tooGoodFigure,
  anyway: true,
};

export const tooGood: ShieldRule = {
  code: 'too_good',
  patterns: {
    en: [
      figure,
      // "12 LPA" for data entry or typing.
      {
        name: 'lpaNoSkill',
        re: rx(String.raw`(\d+(?:\.\d+)?)\s?(?:lpa|lakh per annum|lakhs? (?:per|a) year)${E}`),
        check: (m, sentence) => Number(m[1]) >= TOO_GOOD_LPA && NO_SKILL.test(sentence),
        anyway: true,
      },
    ],
    hi: [
      // "घर बैठे कमाइए": the stock promise of earnings without work.
      {
        name: 'gharBaitheKamao',
        re: rx(String.raw`घर बैठे`),
        with: [rx(String.raw`कमा`)],
        anyway: true,
      },
    ],
    hinglish: [
      {
        name: 'gharBaitheKamao',
        re: rx(w('ghar baithe', 'ghar bethe', 'ghar baith ke')),
        with: [rx(w('kama\\w*'))],
        anyway: true,
      },
    ],
  },
};

/** Categories where entry-level pay of 10 LPA and more is not a thing. */
const UNSKILLED_CATEGORIES = new Set(['other', 'operations_admin', 'customer_support']);

/**
 * The structured part of a job post: an entry-level, part-time or internship post at 10 LPA or
 * more, in an unskilled category or described as unskilled work. A graduate engineer trainee at
 * 10-14 LPA (software, no "no-skill" words) stays clean.
 */
export function tooGoodSalary(job: ShieldJob, text: string): boolean {
  const top = job.maxSalary ?? job.minSalary;
  if (top === null || top < TOO_GOOD_LPA) return false;
  const junior = job.level === 'entry' || job.type === 'part_time' || job.type === 'internship';
  if (!junior) return false;
  return UNSKILLED_CATEGORIES.has(job.jobCategory) || NO_SKILL.test(text);
}
