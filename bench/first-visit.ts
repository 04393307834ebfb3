// npm run bench:first-visit — what a first visit to /login costs on the wire, measured in Chromium.
// Serves the built app (run `npx vite build` first) with the real server on a local port, opens
// /login in a fresh browser context (empty cache), waits until the network is idle and sums, from
// the Resource Timing entries (navigation + every resource), the encoded body bytes (what crossed
// the wire, without headers) and the decoded body bytes. The content-encoding of each response,
// and the bytes received with headers (Resource Timing's transferSize only adds a fixed 300 bytes
// for them), come from the DevTools protocol.
//
// Chromium treats 127.0.0.1 as a secure origin and advertises br and zstd to it, as it does to
// an https site.
import { chromium } from 'playwright-core';
import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';

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
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (ACCEPT_ENCODING)
    await cdp.send('Network.setExtraHTTPHeaders', {
      headers: { 'Accept-Encoding': ACCEPT_ENCODING },
    });
  const encodings = new Map<string, string>();
  let withHeaders = 0;
  cdp.on('Network.loadingFinished', (e) => {
    withHeaders += e.encodedDataLength;
  });
  let acceptEncoding = '';
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    acceptEncoding ||= String(e.headers['accept-encoding'] ?? e.headers['Accept-Encoding'] ?? '');
  });
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    encodings.set(e.response.url, h['content-encoding'] ?? '-');
  });
  await page.goto(origin + PATH, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((e) => {
      const r = e as PerformanceResourceTiming;
      return {
        url: r.name,
        encoded: r.encodedBodySize,
        decoded: r.decodedBodySize,
      };
    }),
  );
  const rows = entries.map((e) => ({
    path: new URL(e.url).pathname,
    encoding: encodings.get(e.url) ?? '?',
    encoded: e.encoded,
    decoded: e.decoded,
  }));
  const js = rows.filter((r) => r.path.endsWith('.js'));
  const sum = (list: typeof rows, key: 'encoded' | 'decoded') =>
    list.reduce((n, r) => n + r[key], 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`${origin}${PATH} — accept-encoding sent: ${acceptEncoding || '?'}`);
  console.table(rows);
  console.log(
    `all ${rows.length} responses: ${kb(sum(rows, 'encoded'))} on the wire (bodies), ` +
      `${kb(sum(rows, 'decoded'))} decoded; JavaScript (${js.length} files): ` +
      `${kb(sum(js, 'encoded'))} on the wire, ${kb(sum(js, 'decoded'))} decoded; ` +
      `received with headers: ${kb(withHeaders)}`,
  );
} finally {
  await browser.close();
  await app.close();
}
