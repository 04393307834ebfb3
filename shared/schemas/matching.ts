import { z } from 'zod';

/** A recommended candidate (GET /api/recruiter/candidates). Pick-list fields are codes. */
export const candidateView = z.object({
  userId: z.string(),
  fullName: z.string().nullable(),
  profileImage: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyName: z.string().nullable(),
  degree: z.string().nullable(),
  collegeName: z.string().nullable(),
  collegeStartYear: z.number().nullable(),
  collegeEndYear: z.number().nullable(),
  jobType: z.string().nullable(),
  experienceRange: z.string().nullable(),
  workExperience: z.string().nullable(),
  salaryRange: z.string().nullable(),
  city: z.object({ id: z.number(), name: z.string(), state: z.string() }).nullable(),
  /** From the candidate's city to the city of the best-fitting job; null when unknown. */
  distanceKm: z.number().nullable(),
  isOnline: z.boolean(),
  /** 0-100, best first. */
  matchScore: z.number(),
  reasons: z.array(
    z.object({
      code: z.enum(['category', 'jobType', 'experience', 'salary', 'nearby', 'remote', 'profile']),
      km: z.number().optional(),
    }),
  ),
  bestJob: z.object({ id: z.string(), title: z.string() }),
});
export type CandidateView = z.infer<typeof candidateView>;
export type CandidateReason = CandidateView['reasons'][number];

export const candidatesPage = z.object({
  candidates: z.array(candidateView),
  hasMore: z.boolean(),
  /** The next page: pass as `after` (pages after the last candidate shown, not an offset). */
  nextCursor: z.string().nullable(),
});
export type CandidatesPage = z.infer<typeof candidatesPage>;
