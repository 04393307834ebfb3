import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor, runAgain, type Run } from './lighthouse.ts';

// The CPU slowdown the Lighthouse gate judges a load at (decision 024, "Calibrated to the host"):
// Lighthouse's default 4x on a host at or above the speed it assumes, its calculator's multiplier
// on a slower one, never more than 4x.
describe('cpuSlowdownFor', () => {
  it("keeps Lighthouse's 4x on a host as fast as its calculator's 4x host or faster", () => {
    expect(cpuSlowdownFor(1533)).toBe(4);
    expect(cpuSlowdownFor(2900)).toBe(4);
    expect(cpuSlowdownFor(4000)).toBe(4);
  });

  it("follows the calculator's curve on a slower host", () => {
    expect(cpuSlowdownFor(1500)).toBeCloseTo(3.86, 2);
    expect(cpuSlowdownFor(1300)).toBe(3);
    expect(cpuSlowdownFor(1100)).toBe(2.6);
    expect(cpuSlowdownFor(800)).toBe(2);
    expect(cpuSlowdownFor(475)).toBe(1.5);
    expect(cpuSlowdownFor(150)).toBe(1);
  });

  it('never judges below 1x, however slow the host', () => {
    expect(cpuSlowdownFor(100)).toBe(1);
    expect(cpuSlowdownFor(0)).toBe(1);
  });
});

// How many times a page is measured (decision 024, "The page's own work and the host's").
describe('runAgain', () => {
  const run = (tbt: number, ownTbt: number, more: Partial<Run> = {}): Run => ({
    score: 0.95,
    lcp: 1200,
    cls: 0,
    tbt,
    ownTbt,
    oversizedImages: [],
    longTasks: [],
    benchmarkIndex: 2000,
    cpuSlowdown: 4,
    ...more,
  });
  const times = (n: number, r: Run) => Array.from({ length: n }, () => r);

  it('stops once the best values meet every line', () => {
    expect(runAgain([run(150, 40)])).toBe(false);
    expect(runAgain([run(300, 40), run(190, 40)])).toBe(false);
  });

  it('measures up to five times while a line is missed', () => {
    expect(runAgain(times(4, run(300, 250)))).toBe(true);
    expect(runAgain(times(5, run(300, 250)))).toBe(false);
  });

  it("up to ten when only TBT is missed and the page's own work was under the line every time", () => {
    expect(runAgain(times(5, run(300, 40)))).toBe(true);
    expect(runAgain(times(9, run(300, 40)))).toBe(true);
    expect(runAgain(times(10, run(300, 40)))).toBe(false);
  });

  it('not past five when a run of its own work was over the line, or another line is missed', () => {
    expect(runAgain([...times(4, run(300, 40)), run(300, 210)])).toBe(false);
    expect(runAgain(times(5, run(300, 40, { lcp: 2500 })))).toBe(false);
    expect(runAgain(times(5, run(300, 40, { score: 0.85 })))).toBe(false);
  });
});
