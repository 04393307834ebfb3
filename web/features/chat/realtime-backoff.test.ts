import { describe, expect, it } from 'vitest';
import { REALTIME } from '#shared/limits.ts';
import { backoffDelay, reconnectDelay } from '../../lib/realtime.ts';

describe('realtime reconnect backoff', () => {
  it('doubles from half a second and never waits more than 10 s', () => {
    const low = () => 0;
    const high = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, high))).toEqual([
      500, 1000, 2000, 4000, 8000, 10000, 10000,
    ]);
    expect(backoffDelay(0, low)).toBe(250);
    expect(backoffDelay(30, low)).toBe(5000);
  });
  it('spreads clients out (jitter) within the window', () => {
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });

  it('a server restart (1012 or 4503) after a live connection reconnects at once, with a small jitter', () => {
    for (const code of [1012, 4503]) {
      expect(reconnectDelay(code, true, 4, () => 0)).toBe(0);
      expect(reconnectDelay(code, true, 4, () => 1)).toBe(REALTIME.restartJitterMs);
      expect(REALTIME.restartJitterMs).toBeLessThanOrEqual(1000);
    }
    // Refused before the hello (the server is still going down): the ordinary backoff.
    expect(reconnectDelay(1012, false, 2, () => 1)).toBe(backoffDelay(2, () => 1));
    // Any other close keeps the backoff too.
    expect(reconnectDelay(1006, true, 3, () => 1)).toBe(backoffDelay(3, () => 1));
  });
  it('pings well inside the server idle limit', () => {
    // Two pings fit in the window: one lost ping does not end a live connection.
    expect(REALTIME.clientPingEveryMs * 2).toBeLessThan(REALTIME.idleTimeoutMs);
  });
});
