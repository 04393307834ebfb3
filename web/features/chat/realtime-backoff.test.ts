import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../lib/realtime.ts';

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
});
