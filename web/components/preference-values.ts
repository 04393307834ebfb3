import type { SeekerProfileView } from '#shared/schemas/profile.ts';
import type { CityValue } from './city-picker.tsx';

/** The job preference form (onboarding step 5 and /update_job_preferences). */
export interface PreferenceValues {
  jobType: string;
  industry: string;
  salaryRange: string;
  experienceRange: string;
  city: CityValue;
  jobCategory: string;
}

/** Pre-filled from the profile; job type defaults to Full-time (spec). */
export function preferenceValuesFrom(profile: SeekerProfileView | null): PreferenceValues {
  return {
    jobType: profile?.jobType ?? 'full_time',
    industry: profile?.industry ?? '',
    salaryRange: profile?.salaryRange ?? '',
    experienceRange: profile?.experienceRange ?? '',
    city: profile?.city ?? null,
    jobCategory: profile?.jobCategory ?? '',
  };
}

/** The body of the shared `jobPreferences` schema (a seeker prefers a city, never "remote"). */
export function preferencesBody({ city, ...v }: PreferenceValues): Record<string, unknown> {
  return { ...v, cityId: city && city !== 'remote' ? city.id : '' };
}
