import { describe, expect, it } from 'vitest';
import { previousSeekerStep } from './previous-step.ts';

const answers = (workExperience: string, educationLevel: string) => ({
  workExperience,
  educationLevel,
});

describe('previousSeekerStep', () => {
  it('follows the path the seeker takes', () => {
    // Non-Fresher with a degree: 1 → 2 → 3 → 5 → 6.
    const a = answers('1_3', 'bachelors');
    expect([1, 2, 3, 5, 6].map((s) => previousSeekerStep(s, a))).toEqual([null, 1, 2, 3, 5]);
    // Fresher with High School: 1 → 4 → 5 → 6.
    const b = answers('fresher', 'high_school');
    expect([4, 5, 6].map((s) => previousSeekerStep(s, b))).toEqual([1, 4, 5]);
    // Other Fresher: 1 → 3 → 4 → 5 → 6.
    const c = answers('fresher', 'bachelors');
    expect([3, 4, 5].map((s) => previousSeekerStep(s, c))).toEqual([1, 3, 4]);
    // Non-Fresher with High School: 1 → 2 → 4 → 5.
    const d = answers('3_5', 'high_school');
    expect([2, 4, 5].map((s) => previousSeekerStep(s, d))).toEqual([1, 2, 4]);
  });

  it('falls back to the step before when the answers do not lead through the step', () => {
    expect(previousSeekerStep(2, answers('fresher', 'high_school'))).toBe(1);
    expect(previousSeekerStep(3, { workExperience: null, educationLevel: null })).toBe(2);
  });
});
