// npm run bench:first-visit — what a first visit to /login costs on the wire, measured in Chromium.
// Serves the built app (run `npx vite build` first) with the real server on a local port, opens
// /login in a fresh browser context (empty cache) and reports every response until the network is
// idle (e2e/wire-bytes.ts; the budgets journey, e2e/budgets.test.ts, checks the same numbers).
//
// Chromium treats 127.0.0.1 as a secure origin and advertises br and zstd to it, as it does to
// an https site.
import { chromium } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { isScript, measureFirstVisit, sumOf } from '../e2e/wire-bytes.ts';

const PATH = process.env.BENCH_PATH ?? '/login';
// e.g. BENCH_ACCEPT_ENCODING=gzip to see what a browser without brotli gets.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

const { app } = await buildApp(testConfig({ databaseUrl: 'memory', port: 0 }));
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const visit = await measureFirstVisit(page, origin + PATH, ACCEPT_ENCODING);
  const { rows } = visit;
  const js = rows.filter(isScript);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${origin}${PATH} — accept-encoding sent: ${visit.acceptEncoding || '?'}`);
  console.table(rows);
  console.log(
    `all ${rows.length} responses: ${kb(sumOf(rows, 'encoded'))} on the wire (bodies), ` +
      `${kb(sumOf(rows, 'decoded'))} decoded; JavaScript (${js.length} files): ` +
      `${kb(sumOf(js, 'encoded'))} on the wire, ${kb(sumOf(js, 'decoded'))} decoded; ` +
      `received with headers: ${kb(visit.withHeaders)}`,
  );
} finally {
  await browser.close();
  await app.close();
}
