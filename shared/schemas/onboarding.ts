import { z } from 'zod';
import { msg, type MessageKey } from '../i18n/messages.ts';
import {
  ANNUAL_REVENUES,
  DEGREES,
  EDUCATION_LEVELS,
  EMPLOYEE_SIZES,
  EXPERIENCE_RANGES,
  FINANCING_STATUSES,
  GENDERS,
  INDUSTRIES,
  JOB_CATEGORIES,
  NOTICE_PERIODS,
  PREFERRED_JOB_TYPES,
  SALARY_RANGES,
  WORK_EXPERIENCES,
} from '../picklists.ts';
import { INTRODUCTION_MAX } from '../limits.ts';
import {
  chipList,
  cityId,
  hasWords,
  m,
  noVerifiedClaim,
  noVerifiedClaimMessage,
  optionalText,
  personName,
  storageKey,
  text,
  year,
} from './common.ts';

// ---------------------------------------------------------------- job seeker, six steps
// Each required field says which it is: the first refusal is also shown in a toast at the top of
// the screen, away from the field, where 'Please choose one' would not say what to choose.
// Step numbers (docs/decisions/005): 1 basic, 2 work experience, 3 college, 4 school,
// 5 job preferences, 6 introduction. See `nextSeekerStep` for the branching.

export const seekerBasicStep = z.object({
  profileImage: storageKey('onboarding.photoRequired'),
  fullName: personName('onboarding.fullNameRequired'),
  educationLevel: z.enum(EDUCATION_LEVELS, m('onboarding.educationLevelRequired')),
  email: z
    .string(m('onboarding.emailInvalid'))
    .trim()
    .toLowerCase()
    .pipe(z.email(m('onboarding.emailInvalid')).max(254)),
  workExperience: z.enum(WORK_EXPERIENCES, m('onboarding.workExperienceRequired')),
  noticePeriod: z.enum(NOTICE_PERIODS, m('onboarding.noticePeriodRequired')),
});

export const WORK_INDUSTRIES = [...INDUSTRIES, 'other'] as const;

export const seekerWorkStep = z
  .object({
    jobTitle: text('onboarding.jobTitleRequired', 100),
    companyName: text('onboarding.companyNameRequired', 150),
    industry: z.enum(WORK_INDUSTRIES, m('onboarding.industryRequired')),
    customIndustry: optionalText(60),
    startYear: year('onboarding.startYearRequired'),
    endYear: year('onboarding.endYearRequired'),
    isCurrent: z.boolean().default(false),
  })
  // Checked even while other fields are still missing (`when`): otherwise the industry in words
  // was asked for only on a second try, after everything else had been filled in.
  .refine((v) => v.industry !== 'other' || Boolean(v.customIndustry), {
    path: ['customIndustry'],
    ...m('onboarding.customIndustryRequired'),
    when: ({ value }) => (value as { industry?: unknown } | null)?.industry === 'other',
  })
  .refine((v) => v.endYear >= v.startYear, {
    path: ['endYear'],
    ...m('onboarding.endBeforeStart'),
  })
  // "When industry is Other a custom industry is required and replaces it."
  .transform(({ customIndustry, ...v }) => ({
    ...v,
    industry: v.industry === 'other' ? customIndustry! : v.industry,
  }));

export const seekerCollegeStep = z
  .object({
    collegeName: text('onboarding.collegeNameRequired', 150),
    degree: z.enum(DEGREES, m('onboarding.degreeRequired')),
    fieldOfStudy: text('onboarding.fieldOfStudyRequired', 100),
    collegeStartYear: year('onboarding.startYearRequired'),
    collegeEndYear: year('onboarding.endYearRequired'),
    // Free text parsed as a number (a CGPA like 8.2 or a percentage like 76).
    cgpa: z.union([z.string(), z.number()], m('onboarding.cgpaInvalid')).transform((v, ctx) => {
      const n = typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.'));
      if (String(v).trim() === '' || !Number.isFinite(n) || n < 0 || n > 100) {
        ctx.addIssue({ code: 'custom', message: msg('onboarding.cgpaInvalid') });
        return z.NEVER;
      }
      return n;
    }),
  })
  .refine((v) => v.collegeEndYear >= v.collegeStartYear, {
    path: ['collegeEndYear'],
    ...m('onboarding.endBeforeStart'),
  });

export const seekerSchoolStep = z
  .object({
    schoolName: text('onboarding.schoolNameRequired', 150),
    schoolMarks: z.coerce
      .number(m('onboarding.marksInvalid'))
      .min(0, m('onboarding.marksInvalid'))
      .max(100, m('onboarding.marksInvalid'))
      .transform((v) => Math.round(v * 10) / 10),
    schoolStartYear: year('onboarding.startYearRequired'),
    schoolEndYear: year('onboarding.endYearRequired'),
  })
  .refine((v) => v.schoolEndYear >= v.schoolStartYear, {
    path: ['schoolEndYear'],
    ...m('onboarding.endBeforeStart'),
  });

export const jobPreferences = z.object({
  jobType: z.enum(PREFERRED_JOB_TYPES, m('onboarding.pickOne')).default('full_time'),
  industry: z.enum(INDUSTRIES, m('onboarding.industryRequired')),
  salaryRange: z.enum(SALARY_RANGES, m('onboarding.salaryRequired')),
  experienceRange: z.enum(EXPERIENCE_RANGES, m('onboarding.experienceRangeRequired')),
  cityId,
  jobCategory: z.enum(JOB_CATEGORIES, m('onboarding.jobCategoryRequired')),
});

export const seekerIntroStep = z.object({
  introduction: z
    .string(m('onboarding.introRequired'))
    .trim()
    .min(1, m('onboarding.introRequired'))
    .max(INTRODUCTION_MAX, m('onboarding.introTooLong')),
  languages: chipList(10, 'onboarding.tooManyLanguages').default([]),
});

export const seekerStepSchemas = {
  1: seekerBasicStep,
  2: seekerWorkStep,
  3: seekerCollegeStep,
  4: seekerSchoolStep,
  5: jobPreferences,
  6: seekerIntroStep,
} as const;
export type SeekerStep = keyof typeof seekerStepSchemas;

/**
 * Spec section 4, with our step numbers: after basic details a Fresher with High School goes
 * straight to school (skipping work and college), another Fresher to college, everyone else to
 * work experience. After college a non-Fresher skips school; a Fresher goes on to it. After work
 * experience, someone whose education is High School skips college (ours: no college to enter).
 */
export function nextSeekerStep(
  step: number,
  p: { workExperience: string | null; educationLevel: string | null },
): number {
  const fresher = p.workExperience === 'fresher';
  const highSchool = p.educationLevel === 'high_school';
  switch (step) {
    case 1:
      if (fresher && highSchool) return 4;
      return fresher ? 3 : 2;
    case 2:
      return highSchool ? 4 : 3;
    case 3:
      return fresher ? 4 : 5;
    default:
      return Math.min(step + 1, 6);
  }
}

// ---------------------------------------------------------------- recruiter, four steps

/**
 * A recruiter's company name, the same rules at step 1, step 2 and in the settings: words, not
 * a claim of being verified; each place names what is missing in its own words.
 */
const companyName = (requiredKey: MessageKey) =>
  text(requiredKey, 150)
    .refine(hasWords, m('profile.companyNameWords'))
    .refine(noVerifiedClaim, noVerifiedClaimMessage);

export const recruiterProfileStep = z.object({
  profileImage: storageKey('upload.imageFailed').nullish(),
  fullName: personName('onboarding.recruiterFullNameCompanyRequired'),
  gender: z.enum(GENDERS, m('onboarding.pickOne')).nullish(),
  companyName: companyName('onboarding.recruiterFullNameCompanyRequired'),
  designation: optionalText(100).refine(noVerifiedClaim, noVerifiedClaimMessage),
});

export const recruiterCompanyStep = z.object({
  companyName: companyName('onboarding.allDetails'),
  companyLogo: storageKey('onboarding.companyImage'),
  employeeSize: z.enum(EMPLOYEE_SIZES, m('onboarding.allDetails')),
  financingStatus: z.enum(FINANCING_STATUSES, m('onboarding.allDetails')),
  annualRevenue: z.enum(ANNUAL_REVENUES, m('onboarding.allDetails')),
  headquartersAddress: text('onboarding.allDetails', 300),
  headquartersCityId: cityId.nullish(),
});

/** A website the user typed: "acme.in" is accepted as https://acme.in. */
export const websiteUrl = z
  .string(m('onboarding.websiteInvalid'))
  .trim()
  .min(1, m('onboarding.websiteInvalid'))
  .max(200, m('onboarding.websiteInvalid'))
  .transform((v, ctx) => {
    try {
      const url = new URL(/^https?:\/\//i.test(v) ? v : `https://${v}`);
      if (
        !/^https?:$/.test(url.protocol) ||
        !url.hostname.includes('.') ||
        url.hostname.endsWith('.')
      )
        throw new Error('bad');
      return url.origin;
    } catch {
      ctx.addIssue({ code: 'custom', message: msg('onboarding.websiteInvalid') });
      return z.NEVER;
    }
  });

/**
 * The company to verify. Whether the e-mail's domain is the website's (registrable domains by the
 * Public Suffix List, no free or look-alike domains) is decided on the server
 * (server/lib/company-domain.ts): the lists are too large for the browser.
 */
export const verificationSend = z.object({
  websiteUrl,
  email: z
    .string(m('onboarding.companyEmail'))
    .trim()
    .toLowerCase()
    .min(1, m('onboarding.companyEmail'))
    .pipe(z.email(m('onboarding.companyEmail')).max(254)),
});

export const verificationVerify = z.object({
  code: z
    .string(m('onboarding.enterOtp'))
    .trim()
    .min(1, m('onboarding.enterOtp'))
    .regex(/^\d{6}$/, m('onboarding.invalidOtp')),
});

export const recruiterSettings = z.object({
  fullName: personName('onboarding.recruiterFullNameCompanyRequired'),
  email: z
    .string(m('onboarding.emailInvalid'))
    .trim()
    .toLowerCase()
    .max(254, m('onboarding.emailInvalid'))
    .nullish()
    .transform((v) => v || null)
    .pipe(z.email(m('onboarding.emailInvalid')).nullable()),
  designation: optionalText(100).refine(noVerifiedClaim, noVerifiedClaimMessage),
  companyName: companyName('onboarding.recruiterFullNameCompanyRequired'),
  // Optional here: empty is none. A union with '' made a bad address "Invalid input" (zod's own
  // text) instead of the website message.
  websiteUrl: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    websiteUrl.nullish(),
  ),
  headquartersAddress: optionalText(300),
  /** Left out: the stored one stays; null: none. */
  headquartersCityId: cityId.nullish(),
  employeeSize: z.enum(EMPLOYEE_SIZES, m('onboarding.pickOne')).nullish(),
  financingStatus: z.enum(FINANCING_STATUSES, m('onboarding.pickOne')).nullish(),
  profileImage: storageKey('upload.imageFailed').nullish(),
  /** Optional; format, check digit and headquarters state are checked on the server (shared/gstin.ts). */
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .max(20, m('gst.format'))
    .nullish()
    .transform((v) => v || null),
});
