import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import { imageKeyFromUrl } from './api.ts';

/**
 * A saved profile as the inputs of /candidate-profile's editor (empty strings for what is not
 * set); the 'Edit Profile' dialog picks some of them and adds the bio.
 */
export function profileValues(p: SeekerProfileView) {
  return {
    profileImage: imageKeyFromUrl(p.profileImage) ?? '',
    fullName: p.fullName ?? '',
    email: p.email ?? '',
    introduction: p.introduction ?? '',
    skills: p.skills,
    languages: p.languages,
    educationLevel: p.educationLevel ?? '',
    collegeName: p.collegeName ?? '',
    degree: p.degree ?? '',
    fieldOfStudy: p.fieldOfStudy ?? '',
    jobTitle: p.jobTitle ?? '',
    companyName: p.companyName ?? '',
    workExperience: p.workExperience ?? '',
    noticePeriod: p.noticePeriod ?? '',
  };
}
