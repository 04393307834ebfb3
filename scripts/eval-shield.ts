// npm run eval:shield: the scam shield against its labelled corpus (shared/scam-shield/corpus).
// Prints recall and false-positive rate overall, per code and per language, for all items and for
// each split (tune, and the holdouts the rules were first scored on blind), then every item whose codes differ from its label.
// Goal (issue 12): messages recall >= 95% with <= 2% false positives; jobs >= 95% with <= 3%.

import {
  isExact,
  metrics,
  scoreJobs,
  scoreMessages,
  share,
  type Metrics,
  type Rate,
  type Scored,
} from '#shared/scam-shield/corpus/metrics.ts';
import { CORPUS_SPLITS } from '#shared/scam-shield/corpus/index.ts';

const GOAL = {
  messages: { recall: 0.95, falsePositive: 0.02 },
  jobs: { recall: 0.95, falsePositive: 0.03 },
};

function pct(r: Rate, empty = 0): string {
  const value = `${(share(r, empty) * 100).toFixed(1)}%`;
  return `${value.padStart(6)} (${r.hit}/${r.of})`.padEnd(17);
}

function table(m: Metrics): string[] {
  const rows = [
    ['', 'recall', 'false positives'],
    ['overall', pct(m.recall, 1), pct(m.falsePositive)],
    ...Object.entries(m.perCode).map(([code, r]) => [
      `  ${code}`,
      pct(r.recall, 1),
      pct(r.falsePositive),
    ]),
    ...Object.entries(m.perLang).map(([lang, r]) => [
      `  lang ${lang}`,
      pct(r.recall, 1),
      pct(r.falsePositive),
    ]),
    ['exact codes', pct(m.exact, 1), ''],
  ];
  return rows.map(([a = '', b = '', c = '']) => `  ${a.padEnd(20)}${b.padEnd(19)}${c}`);
}

function report(kind: 'messages' | 'jobs', items: Scored[]): boolean {
  const goal = GOAL[kind];
  let met = true;
  console.log(`\n${kind.toUpperCase()} (${items.length})`);
  for (const [label, subset] of [
    ['all', items],
    ...CORPUS_SPLITS.map((split) => [split, items.filter((s) => s.split === split)] as const),
  ] as const) {
    const m = metrics(subset);
    const ok = share(m.recall, 1) >= goal.recall && share(m.falsePositive) <= goal.falsePositive;
    met &&= ok;
    console.log(
      `\n ${label} (${subset.length}): goal recall >= ${goal.recall * 100}%, false positives <= ${goal.falsePositive * 100}% — ${ok ? 'met' : 'NOT MET'}`,
    );
    for (const line of table(m)) console.log(line);
  }
  const wrong = items.filter((s) => !isExact(s));
  console.log(`\n misclassified (${wrong.length}):`);
  for (const s of wrong) {
    const got = s.hits.map((h) => `${h.code} (${h.pattern})`).join(', ') || 'clean';
    const want = s.codes.join(', ') || 'clean';
    console.log(`  ${s.id} ${s.split} ${s.lang}: want ${want}; got ${got}\n    ${s.text}`);
  }
  return met;
}

const messagesMet = report('messages', scoreMessages());
const jobsMet = report('jobs', scoreJobs());
console.log(`\n${messagesMet && jobsMet ? 'Goal met.' : 'Goal not met.'}`);
