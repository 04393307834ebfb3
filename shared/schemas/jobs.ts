import { z } from 'zod';
import { msg } from '../i18n/messages.ts';
import { JOB_CATEGORIES, JOB_LEVELS, JOB_TYPES } from '../picklists.ts';
import { hasWords, m, optionalText, tooLong } from './common.ts';

const salary = z
  .union([z.number(), z.string()], m('jobs.salaryInvalid'))
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || String(v).trim() === '') return null;
    // Digits with an optional decimal part: Number() would also take "0x10", "1e2" and "Infinity".
    const n = typeof v === 'number' ? v : /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isFinite(n) || n < 0 || n > 1000) {
      ctx.addIssue({ code: 'custom', message: msg('jobs.salaryInvalid') });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

/** The fields the post and the edit share, with the same messages (decision 028). */
const jobFields = {
  title: z
    .string(m('jobs.titleRequired'))
    .trim()
    .min(1, m('jobs.titleRequired'))
    .max(120, tooLong(120))
    .refine(hasWords, m('jobs.titleWords')),
  cityId: z
    .number(m('jobs.locationRequired'))
    .int(m('jobs.locationRequired'))
    .positive(m('jobs.locationRequired'))
    .nullable(),
  type: z.enum(JOB_TYPES, m('jobs.typeRequired')),
  level: z.enum(JOB_LEVELS, m('jobs.levelRequired')),
  jobCategory: z.enum(JOB_CATEGORIES, m('jobs.categoryRequired')),
  description: z
    .string(m('jobs.descriptionRequired'))
    .trim()
    .min(1, m('jobs.descriptionRequired'))
    .max(5000, tooLong(5000)),
};
const salaryFields = { minSalary: salary, maxSalary: salary };

/**
 * The post-job form (post-job screen and recruiter onboarding step 4): title, location, type,
 * level, description and category required; salaries optional LPA numbers with min ≤ max.
 * `cityId: null` is Remote. The company comes from the recruiter's profile, never from here.
 */
export const jobInput = z
  .object({
    ...jobFields,
    requirements: optionalText(5000),
    ...salaryFields,
  })
  .refine((v) => v.minSalary === null || v.maxSalary === null || v.minSalary <= v.maxSalary, {
    path: ['minSalary'],
    ...m('jobs.salaryOrder'),
  });
export type JobInput = z.input<typeof jobInput>;

const reason = z.object({
  code: z.enum(['category', 'jobType', 'experience', 'salary', 'nearby', 'remote']),
  km: z.number().optional(),
});

/** A job as cards and the job page show it. Codes, not labels; `distanceKm` null when unknown. */
export const jobView = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  cityId: z.number().nullable(),
  type: z.string(),
  level: z.string(),
  jobCategory: z.string(),
  minSalary: z.number().nullable(),
  maxSalary: z.number().nullable(),
  description: z.string(),
  requirements: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  recruiter: z.object({
    id: z.string(),
    fullName: z.string().nullable(),
    designation: z.string().nullable(),
    profileImage: z.string().nullable(),
    companyLogo: z.string().nullable(),
    isVerified: z.boolean(),
    /** The verified company domain for the mark ("Verified · zenith.in"); null when not verified. */
    verifiedDomain: z.string().nullable(),
    gstRegistered: z.boolean(),
    /** Real presence (decisions.md "Real online"), filled where the viewer is a seeker. */
    isOnline: z.boolean(),
    /**
     * Anti-ghosting (decision 011): the share (0-100) of seeker-started conversations of the last
     * 30 days the recruiter answered and the median minutes to the first answer (null when none
     * was answered); null under 5 such conversations. Refreshed every 10 minutes.
     */
    replyRate: z
      .object({ rate: z.number().int().min(0).max(100), medianMinutes: z.number().nullable() })
      .nullable(),
  }),
  applications: z.number(),
  /**
   * The scam shield and moderators (issue 12): a 'held' job is not in feeds or recommendations;
   * its owner sees why (reasons: shield codes, 'reports', 'moderator').
   */
  moderation: z.object({ state: z.enum(['published', 'held']), reasons: z.array(z.string()) }),
  match: z
    .object({ score: z.number(), reasons: z.array(reason), distanceKm: z.number().nullable() })
    .nullable(),
});
export type JobView = z.infer<typeof jobView>;

/**
 * A job as the seeker's feed shows it: a card, without the description and requirements (a
 * feed page of 20 jobs would carry them all, over 3G, into the server-rendered page too), the
 * applications count and the moderation state (every job in a feed is published). The job's page
 * reads the whole job.
 */
export const jobCard = jobView.omit({
  description: true,
  requirements: true,
  applications: true,
  moderation: true,
});
export type JobCardView = z.infer<typeof jobCard>;

export const jobPage = z.object({
  jobs: z.array(jobView),
  /** Opaque keyset cursor for the next page; null when this page was the last. */
  nextCursor: z.string().nullable(),
});

/** `GET /api/jobs/feed`: a page of the seeker's feed, in cards (decision 020). */
export const feedPage = z.object({
  /** Jobs of the seeker's category or area. */
  jobs: z.array(jobCard),
  /** Once those run out: the wider section (related categories, further cities, remote). */
  wider: z.array(jobCard),
  /** Fewer than a page of jobs match the seeker's preferences. */
  fewMatches: z.boolean(),
  /** Opaque keyset cursor for the next page; null when this page was the last. */
  nextCursor: z.string().nullable(),
  /** Job types with open jobs: on the first page only, null after. */
  types: z.array(z.string()).nullable(),
});
export type FeedPage = z.infer<typeof feedPage>;

export const feedQuery = z.object({
  q: z.string().trim().max(100).default(''),
  type: z.enum(JOB_TYPES).optional(),
  cursor: z.string().max(300).optional(),
});

// The edit says the same as the post: the bound of a text that is too long, 'Please choose a
// location' for a city that is not one (decision 028 "Messages that say the bound").
export const jobPatch = z
  .object({ ...jobFields, ...salaryFields })
  .partial()
  .strict();

export const jobStatusBody = z.object({ status: z.enum(['open', 'closed']) });
