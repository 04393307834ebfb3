// npm run bench:lighthouse — Lighthouse mobile (e2e/lighthouse.ts) on the four pages issue 15
// names: /, /login, the seeker's job feed and a chat, signed in as the demo seeker. Serves the
// built app (`npm run build:web` first) with demo data on a local port; each page is judged as
// the budgets journey judges it (the best value of each line over up to five runs, stopping once
// all are met). Prints one line a page, each run's numbers and the longest tasks;
// LIGHTHOUSE_REPORTS_DIR=dir keeps the full reports.
import { startHarness } from '../e2e/harness.ts';
import { judged, measuredPages, withinBudget } from '../e2e/lighthouse.ts';

const h = await startHarness();
try {
  // BENCH_PAGES=feed,chat measures only the pages whose name holds one of the words.
  const only = process.env.BENCH_PAGES?.split(',');
  for (const { name, path: pathname, cookie } of await measuredPages(h.baseUrl)) {
    if (only && !only.some((word) => name.includes(word))) continue;
    const run = await judged(h.baseUrl + pathname, cookie);
    console.log(
      `${withinBudget(run) ? 'within budget' : 'OVER budget  '} ${pathname.split('?')[0]!.padEnd(60)} ` +
        `score ${Math.round(run.score * 100)}  LCP ${Math.round(run.lcp)} ms  ` +
        `CLS ${run.cls.toFixed(3)}  TBT ${Math.round(run.tbt)} ms  ` +
        `oversized images ${run.oversizedImages.length}  host benchmarkIndex ${run.benchmarkIndex}  ` +
        `CPU slowdown up to ${run.cpuSlowdown}x`,
    );
    console.log(`  runs: ${run.runs.join('; ')}`);
    console.log(`  longest tasks (start+duration ms, simulated): ${run.longTasks.join(', ')}`);
  }
} finally {
  await h.close();
}
