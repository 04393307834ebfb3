import { nextSeekerStep } from '#shared/schemas/onboarding.ts';

/**
 * The step before `step` on the path this seeker actually takes (spec section 4 branching, from
 * their saved answers): e.g. a Fresher with High School goes 1 → 4, so Back on 4 leads to 1.
 * Falls back to step - 1 when the saved answers do not lead through `step`.
 */
export function previousSeekerStep(
  step: number,
  answers: { workExperience: string | null; educationLevel: string | null },
): number | null {
  if (step <= 1) return null;
  let current = 1;
  let previous = 1;
  while (current < step) {
    const next = nextSeekerStep(current, answers);
    if (next <= current) break;
    previous = current;
    current = next;
  }
  return current === step ? previous : step - 1;
}
