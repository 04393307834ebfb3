import type { SeekerProfileView } from '#shared/schemas/profile.ts';

/** Every step form is pre-filled from the saved profile (null before step 1 is saved). */
export interface StepProps {
  profile: SeekerProfileView | null;
}

/** A saved number or text as a form input value. */
export const asInput = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
