import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from './lighthouse.ts';

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
