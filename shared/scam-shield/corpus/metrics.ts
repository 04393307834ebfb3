// Scoring the shield against the labelled corpus, shared by `npm run eval:shield` and the corpus
// test. Recall: the share of scam items (any code) the shield flags. False-positive rate: the
// share of clean items it flags. Per code, the same with "has this code" in place of "is a scam"
// (an item found as a scam but under the wrong code counts as a miss for its code).

import { explainJob, explainMessage, type ShieldHit } from '../index.ts';
import { SHIELD_CODES, type ShieldCode } from '../types.ts';
import { corpusJobs, corpusMessages, type CorpusLang, type CorpusSplit } from './index.ts';

export interface Scored {
  id: string;
  lang: CorpusLang;
  split: CorpusSplit;
  codes: ShieldCode[];
  hits: ShieldHit[];
  text: string;
}

export interface Rate {
  hit: number;
  of: number;
}

export interface Metrics {
  recall: Rate;
  falsePositive: Rate;
  /** Items whose codes came out exactly as labelled. */
  exact: Rate;
  perCode: Record<ShieldCode, { recall: Rate; falsePositive: Rate }>;
  perLang: Record<CorpusLang, { recall: Rate; falsePositive: Rate }>;
}

export function scoreMessages(): Scored[] {
  return corpusMessages.map((m) => ({
    id: m.id,
    lang: m.lang,
    split: m.split,
    codes: m.codes,
    hits: explainMessage(m.text),
    text: m.text,
  }));
}

export function scoreJobs(): Scored[] {
  return corpusJobs.map((j) => ({
    id: j.id,
    lang: j.lang,
    split: j.split,
    codes: j.codes,
    hits: explainJob(j),
    text: `${j.title} | ${j.description} [${j.minSalary ?? '-'}-${j.maxSalary ?? '-'} LPA, ${j.level}, ${j.jobCategory}, ${j.type}]`,
  }));
}

export function isExact(item: Scored): boolean {
  const got = item.hits.map((h) => h.code).join(',');
  return got === [...item.codes].sort().join(',');
}

function rate(items: Scored[], want: (s: Scored) => boolean, got: (s: Scored) => boolean): Rate {
  const relevant = items.filter(want);
  return { hit: relevant.filter(got).length, of: relevant.length };
}

function recallAndFp(
  items: Scored[],
  positive: (s: Scored) => boolean,
  flagged: (s: Scored) => boolean,
) {
  return {
    recall: rate(items, positive, flagged),
    falsePositive: rate(items, (s) => !positive(s), flagged),
  };
}

const isScam = (s: Scored) => s.codes.length > 0;
const isFlagged = (s: Scored) => s.hits.length > 0;

export function metrics(items: Scored[]): Metrics {
  const perCode = Object.fromEntries(
    SHIELD_CODES.map((code) => [
      code,
      recallAndFp(
        items,
        (s) => s.codes.includes(code),
        (s) => s.hits.some((h) => h.code === code),
      ),
    ]),
  ) as Metrics['perCode'];
  const perLang = Object.fromEntries(
    (['en', 'hi', 'hinglish'] as const).map((lang) => [
      lang,
      recallAndFp(
        items.filter((s) => s.lang === lang),
        isScam,
        isFlagged,
      ),
    ]),
  ) as Metrics['perLang'];
  return {
    ...recallAndFp(items, isScam, isFlagged),
    exact: rate(items, () => true, isExact),
    perCode,
    perLang,
  };
}

/** A rate as a share from 0 to 1 (1 for recall of nothing, 0 for false positives of nothing). */
export function share(r: Rate, empty = 0): number {
  return r.of === 0 ? empty : r.hit / r.of;
}
