// Types shared by the scam-shield rules. Kept apart from index.ts so the rules never import it.

export const SHIELD_CODES = [
  'payment_request',
  'off_platform',
  'task_scam',
  'personal_data',
  'too_good',
] as const;
export type ShieldCode = (typeof SHIELD_CODES)[number];

/** The fields of a job post the shield reads. Salaries are in LPA (lakh rupees a year). */
export interface ShieldJob {
  title: string;
  description: string;
  /** Shown on the job's page as much as the description: read the same way. */
  requirements?: string | null;
  /** The company name the post carries (from the recruiter's profile). */
  company?: string | null;
  /** The recruiter's designation, shown on the job's page next to the company. */
  designation?: string | null;
  minSalary: number | null;
  maxSalary: number | null;
  level: string;
  jobCategory: string;
  type: string;
}
