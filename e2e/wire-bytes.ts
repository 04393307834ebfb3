import type { Page } from 'playwright-core';

/** One response of a page load: its path, content-encoding and body bytes on the wire/decoded. */
export interface WireRow {
  path: string;
  encoding: string;
  encoded: number;
  decoded: number;
}

export interface FirstVisit {
  rows: WireRow[];
  /** The Accept-Encoding the browser actually sent. */
  acceptEncoding: string;
  /** Bytes received including headers (DevTools' encodedDataLength). */
  withHeaders: number;
}

/**
 * What a first visit to `url` costs on the wire, in a page with an empty cache: it waits until
 * the network is idle and reads every response (the navigation and each resource) from Resource
 * Timing: encoded body bytes (what crossed the wire, without headers) and decoded bytes. The
 * content-encoding of each comes from the DevTools protocol; `acceptEncoding` (e.g. 'gzip') makes
 * the browser offer only that. Used by `npm run bench:first-visit` and the budgets journey.
 */
export async function measureFirstVisit(
  page: Page,
  url: string,
  acceptEncoding?: string,
): Promise<FirstVisit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  if (acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', {
      headers: { 'Accept-Encoding': acceptEncoding },
    });
  const encodings = new Map<string, string>();
  let withHeaders = 0;
  let sent = '';
  cdp.on('Network.loadingFinished', (e) => {
    withHeaders += e.encodedDataLength;
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    sent ||= String(e.headers['accept-encoding'] ?? e.headers['Accept-Encoding'] ?? '');
  });
  cdp.on('Network.responseReceived', (e) => {
    const h = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    encodings.set(e.response.url, h['content-encoding'] ?? '-');
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const entries = await page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ].map((e) => {
      const r = e as PerformanceResourceTiming;
      return { url: r.name, encoded: r.encodedBodySize, decoded: r.decodedBodySize };
    }),
  );
  await cdp.detach();
  return {
    rows: entries.map((e) => ({
      path: new URL(e.url).pathname,
      encoding: encodings.get(e.url) ?? '?',
      encoded: e.encoded,
      decoded: e.decoded,
    })),
    acceptEncoding: sent,
    withHeaders,
  };
}

export const sumOf = (rows: WireRow[], key: 'encoded' | 'decoded') =>
  rows.reduce((n, r) => n + r[key], 0);

export const isScript = (row: WireRow) => row.path.endsWith('.js');
