import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { recruiterSettings } from '#shared/schemas/onboarding.ts';
import type { RecruiterProfileView } from '#shared/schemas/profile.ts';
import { api, ApiError } from '../../lib/api.ts';

export const recruiterProfileKey = ['recruiter-profile'] as const;

/** The signed-in recruiter's profile with the Profile tab counters; null before step 1 is saved. */
export async function fetchRecruiterProfile(
  signal?: AbortSignal,
): Promise<RecruiterProfileView | null> {
  try {
    return (await api<{ profile: RecruiterProfileView }>('/api/recruiter/profile', { signal }))
      .profile;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function useRecruiterProfile() {
  return useQuery({
    queryKey: recruiterProfileKey,
    queryFn: ({ signal }) => fetchRecruiterProfile(signal),
  });
}

export type RecruiterSettingsBody = z.output<typeof recruiterSettings>;

export const saveRecruiterSettings = (body: RecruiterSettingsBody) =>
  api<{ profile: RecruiterProfileView }>('/api/recruiter/settings', { method: 'PUT', body }).then(
    (r) => r.profile,
  );

/** Public images are served at /media/<storage key>: the key a form sends back unchanged. */
export function storageKeyFromUrl(url: string | null | undefined): string | null {
  return url?.startsWith('/media/') ? url.slice('/media/'.length) : null;
}
