import { describe, expect, it } from 'vitest';
import { ownBlockingTime, type TraceEvent } from './own-blocking.ts';

// The page's own blocking time (decision 024, "The page's own work and the host's"): TBT's sum on
// each task's CPU time instead of its wall time.
const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, ts: number, durMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const fcp = (pid: number, ts: number): TraceEvent => ({
  name: 'firstContentfulPaint',
  ph: 'R',
  pid,
  tid: 1,
  ts,
});

describe('ownBlockingTime', () => {
  it("sums each task's CPU time times the slowdown, over 50 ms, from the first paint on", () => {
    const events = [
      thread(7, 1, 'CrRendererMain'),
      fcp(7, 1_000_000),
      task(7, 1, 500_000, 40, 40), // before the first paint: not counted
      task(7, 1, 1_100_000, 60, 20), // 20 ms of CPU x 4 = 80: 30 over
      task(7, 1, 1_200_000, 100, 10), // 10 x 4 = 40: waited for the CPU, not blocking
      task(7, 1, 1_400_000, 15, 15), // 60: 10 over
    ];
    expect(ownBlockingTime(events, 4)).toBeCloseTo(40, 6);
    expect(ownBlockingTime(events, 2)).toBe(0);
  });

  it("reads the busiest renderer's main thread, not the blank page's or the browser's", () => {
    const events = [
      thread(3, 1, 'CrRendererMain'),
      thread(7, 1, 'CrRendererMain'),
      thread(9, 1, 'CrBrowserMain'),
      fcp(3, 0),
      fcp(7, 0),
      task(3, 1, 10, 5, 5),
      task(7, 1, 10, 30, 30),
      task(9, 1, 10, 500, 500),
    ];
    expect(ownBlockingTime(events, 4)).toBeCloseTo(70, 6);
  });

  it('is NaN without a first paint or thread times', () => {
    const main = thread(7, 1, 'CrRendererMain');
    expect(ownBlockingTime([main, task(7, 1, 10, 30, 30)], 4)).toBeNaN();
    const noCpu = { ...task(7, 1, 10, 30, 30), tdur: undefined };
    expect(ownBlockingTime([main, fcp(7, 0), noCpu], 4)).toBeNaN();
  });
});
