// npm run bench:lighthouse — Lighthouse mobile (e2e/lighthouse.ts) on the four pages issue 15
// names: /, /login, the seeker's job feed and a chat, signed in as the demo seeker. Serves the
// built app (`npm run build:web` first) with demo data on a local port; each page is judged as
// the budgets journey judges it (one run, or the median of three when it misses). Prints one
// line a page; LIGHTHOUSE_REPORTS_DIR=dir keeps the full reports.
import { startHarness } from '../e2e/harness.ts';
import { judged, withinBudget } from '../e2e/lighthouse.ts';
import { loginOverHttp } from '#server/test/server-process.ts';
import { chatPath } from '#shared/routes.ts';

const h = await startHarness();
try {
  const seeker = await loginOverHttp(h.baseUrl, '9000000002');
  // A chat with the recruiter of the seeker's first job.
  const feed = (await (
    await fetch(`${h.baseUrl}/api/jobs/feed`, { headers: { cookie: seeker } })
  ).json()) as { jobs: { id: string }[] };
  const jobId = feed.jobs[0]!.id;
  const started = await fetch(`${h.baseUrl}/api/rooms`, {
    method: 'POST',
    headers: { cookie: seeker, 'content-type': 'application/json' },
    body: JSON.stringify({ jobId }),
  });
  const { room } = (await started.json()) as { room: { other: { id: string } } };

  const pages: [string, string | undefined][] = [
    ['/', undefined],
    ['/login', undefined],
    ['/jobseeker-dashboard', seeker],
    [chatPath('user', room.other.id, jobId), seeker],
  ];
  for (const [pathname, cookie] of pages) {
    const run = await judged(h.baseUrl + pathname, cookie);
    console.log(
      `${withinBudget(run) ? 'within budget' : 'OVER budget  '} ${pathname.split('?')[0]!.padEnd(60)} ` +
        `score ${Math.round(run.score * 100)}  LCP ${Math.round(run.lcp)} ms  ` +
        `CLS ${run.cls.toFixed(3)}  TBT ${Math.round(run.tbt)} ms  ` +
        `oversized images ${run.oversizedImages.length}`,
    );
  }
} finally {
  await h.close();
}
