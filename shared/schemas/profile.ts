import { z } from 'zod';
import {
  CONTACT_VISIBILITIES,
  DEGREES,
  EDUCATION_LEVELS,
  NOTICE_PERIODS,
  WORK_EXPERIENCES,
} from '../picklists.ts';
import { chipList, m, optionalText, personName, storageKey } from './common.ts';
import { INTRODUCTION_MAX } from '../limits.ts';

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

export const cityRef = z.object({ id: z.number(), name: z.string(), state: z.string() }).nullable();

export const workExperienceView = z.object({
  id: z.string(),
  companyName: z.string(),
  designation: z.string(),
  industry: nullableString,
  startYear: z.number(),
  endYear: nullableNumber,
  isCurrent: z.boolean(),
});

/**
 * A seeker's profile as the seeker (and recruiters) see it. Codes, not labels. E-mail, phone and
 * resume reach a recruiter only by the seeker's consent (decisions.md "Contact data by consent"):
 * `contactShared` says whether they did; when false, email and phone are null and the resume link
 * is refused (`hasResume` still tells that there is one to share once they chat).
 */
export const seekerProfileView = z.object({
  userId: z.string(),
  fullName: nullableString,
  email: nullableString,
  phone: nullableString,
  contactShared: z.boolean(),
  contactVisibility: z.enum(CONTACT_VISIBILITIES),
  gender: nullableString,
  profileImage: nullableString,
  hasResume: z.boolean(),
  resumeUploadedAt: nullableString,
  educationLevel: nullableString,
  workExperience: nullableString,
  noticePeriod: nullableString,
  schoolName: nullableString,
  schoolMarks: nullableNumber,
  schoolStartYear: nullableNumber,
  schoolEndYear: nullableNumber,
  collegeName: nullableString,
  degree: nullableString,
  fieldOfStudy: nullableString,
  collegeStartYear: nullableNumber,
  collegeEndYear: nullableNumber,
  cgpa: nullableNumber,
  jobTitle: nullableString,
  companyName: nullableString,
  jobIndustry: nullableString,
  jobStartYear: nullableNumber,
  jobEndYear: nullableNumber,
  isCurrent: z.boolean(),
  languages: z.array(z.string()),
  skills: z.array(z.string()),
  bio: nullableString,
  introduction: nullableString,
  industry: nullableString,
  jobType: nullableString,
  jobCategory: nullableString,
  salaryRange: nullableString,
  experienceRange: nullableString,
  city: cityRef,
  workExperiences: z.array(workExperienceView),
});
export type SeekerProfileView = z.infer<typeof seekerProfileView>;

/**
 * Inline edits on /candidate-profile and the 'Edit Profile' dialog of /profile: any subset of
 * these fields. Required-ness of onboarding does not apply, but what is sent must be valid.
 */
export const seekerProfilePatch = z
  .object({
    fullName: personName('onboarding.fullNameRequired'),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email(m('onboarding.emailInvalid')).max(254)),
    profileImage: storageKey('upload.imageFailed'),
    bio: optionalText(1000),
    introduction: z
      .string()
      .trim()
      .min(1, m('onboarding.introRequired'))
      .max(INTRODUCTION_MAX, m('onboarding.introTooLong')),
    skills: chipList(30, 'profile.tooManySkills'),
    languages: chipList(10, 'onboarding.tooManyLanguages'),
    jobTitle: optionalText(100),
    companyName: optionalText(150),
    collegeName: optionalText(150),
    degree: z.enum(DEGREES, m('onboarding.pickOne')).nullable(),
    fieldOfStudy: optionalText(100),
    educationLevel: z.enum(EDUCATION_LEVELS, m('onboarding.pickOne')),
    workExperience: z.enum(WORK_EXPERIENCES, m('onboarding.pickOne')),
    noticePeriod: z.enum(NOTICE_PERIODS, m('onboarding.pickOne')),
    contactVisibility: z.enum(CONTACT_VISIBILITIES, m('onboarding.pickOne')),
  })
  .partial()
  .strict();
export type SeekerProfilePatch = z.input<typeof seekerProfilePatch>;

export const recruiterStats = z.object({
  jobPosts: z.number(),
  applications: z.number(),
  shortlisted: z.number(),
  hired: z.number(),
});

export const recruiterProfileView = z.object({
  userId: z.string(),
  fullName: nullableString,
  gender: nullableString,
  email: nullableString,
  designation: nullableString,
  profileImage: nullableString,
  companyName: nullableString,
  companyLogo: nullableString,
  employeeSize: nullableString,
  financingStatus: nullableString,
  annualRevenue: nullableString,
  websiteUrl: nullableString,
  headquartersAddress: nullableString,
  headquartersCity: cityRef,
  isVerified: z.boolean(),
  /** The registrable domain the verification proved ('zenith.in'); null when not verified. */
  verifiedDomain: nullableString,
  /**
   * Why the server's re-check took the verified mark away (a mark granted under an older
   * company-verification rule that the current rule refuses; decision 010): the message's key and
   * variables, and when. Null while verified, and after verifying again.
   */
  markRemoved: z
    .object({ key: z.string(), vars: z.record(z.string(), z.string()), at: z.string() })
    .nullable(),
  gstin: nullableString,
  gstRegistered: z.boolean(),
  stats: recruiterStats,
});
export type RecruiterProfileView = z.infer<typeof recruiterProfileView>;

export const deleteAccountBody = z.object({
  confirm: z.literal('DELETE', m('profile.deleteConfirmMismatch')),
});

/** Who looked at a seeker's profile or downloaded their resume (the seeker's own view). */
export const recruiterActivity = z.object({
  recruiterName: nullableString,
  companyName: nullableString,
  isVerified: z.boolean(),
  verifiedDomain: nullableString,
  companyLogo: nullableString,
  at: z.string(),
});
export const profileViewsAnswer = z.object({ views: z.array(recruiterActivity) });
