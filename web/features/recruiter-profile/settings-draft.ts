import type { RecruiterProfileView } from '#shared/schemas/profile.ts';

/** What 'Profile Settings' edits, as the inputs hold it. */
export interface SettingsDraft {
  fullName: string;
  email: string;
  designation: string;
  companyName: string;
  websiteUrl: string;
  headquartersAddress: string;
  /** The city of the headquarters: a GSTIN is checked against its state. */
  headquartersCity: { id: number; name: string; state: string } | null;
  employeeSize: string | null;
  financingStatus: string | null;
  /** Optional; the server checks format, check digit and the headquarters' state. */
  gstin: string;
  /** Storage key of a newly uploaded photo; null keeps the current one. */
  profileImage: string | null;
  /** What the photo preview shows. */
  profileImageUrl: string | null;
}

export function draftFrom(profile: RecruiterProfileView): SettingsDraft {
  return {
    fullName: profile.fullName ?? '',
    email: profile.email ?? '',
    designation: profile.designation ?? '',
    companyName: profile.companyName ?? '',
    websiteUrl: profile.websiteUrl ?? '',
    headquartersAddress: profile.headquartersAddress ?? '',
    headquartersCity: profile.headquartersCity,
    employeeSize: profile.employeeSize,
    financingStatus: profile.financingStatus,
    gstin: profile.gstin ?? '',
    profileImage: null,
    profileImageUrl: profile.profileImage,
  };
}

/** The body of PUT /api/recruiter/settings before the shared schema checks it. */
export function settingsBody(d: SettingsDraft) {
  return {
    fullName: d.fullName,
    email: d.email,
    designation: d.designation,
    companyName: d.companyName,
    websiteUrl: d.websiteUrl.trim() || null,
    headquartersAddress: d.headquartersAddress,
    headquartersCityId: d.headquartersCity?.id ?? null,
    employeeSize: d.employeeSize,
    financingStatus: d.financingStatus,
    gstin: d.gstin,
    profileImage: d.profileImage,
  };
}
