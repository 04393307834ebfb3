import { useQuery } from '@tanstack/react-query';
import type { Me } from '#shared/schemas/auth.ts';
import type { SeekerProfilePatch, SeekerProfileView } from '#shared/schemas/profile.ts';
import { api, apiUpload, ApiError } from '../../lib/api.ts';

export const seekerProfileKey = ['seeker-profile'] as const;
export const candidateKey = (id: string) => ['candidate', id] as const;
export const resumeDownloadsKey = ['resume-downloads'] as const;
export const profileViewsKey = ['profile-views'] as const;

/** The signed-in seeker's own profile; null until onboarding step 1 has been saved. */
export async function fetchSeekerProfile(): Promise<SeekerProfileView | null> {
  return (await api<{ profile: SeekerProfileView | null }>('/api/seeker/profile')).profile;
}

export function useSeekerProfile(enabled = true) {
  return useQuery({ queryKey: seekerProfileKey, queryFn: fetchSeekerProfile, enabled });
}

/** Another candidate's profile (recruiters) or one's own; null when not found. */
export function useCandidate(id: string, enabled = true) {
  return useQuery({
    queryKey: candidateKey(id),
    enabled,
    queryFn: async () => {
      try {
        return (
          await api<{ profile: SeekerProfileView }>(`/api/candidates/${encodeURIComponent(id)}`)
        ).profile;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
}

export const saveSeekerStep = (step: number, values: unknown) =>
  api<{ user: Me; nextStep: number }>(`/api/onboarding/seeker/${step}`, {
    method: 'PUT',
    body: values,
  });

export const patchSeekerProfile = (patch: SeekerProfilePatch) =>
  api<{ profile: SeekerProfileView }>('/api/seeker/profile', { method: 'PATCH', body: patch }).then(
    (r) => r.profile,
  );

export const saveJobPreferences = (values: unknown) =>
  api<{ profile: SeekerProfileView }>('/api/seeker/preferences', {
    method: 'PUT',
    body: values,
  }).then((r) => r.profile);

export const uploadResume = (file: File) =>
  apiUpload<{ resume: { uploadedAt: string } }>('/api/me/resume', file);

export const fetchResumeLink = (userId: string) =>
  api<{ url: string; expiresAt: string }>(`/api/seekers/${encodeURIComponent(userId)}/resume-link`);

/** A recruiter as the seeker's activity cards name them (with the domain their mark proved). */
export interface RecruiterVisit {
  recruiterName: string | null;
  companyName: string | null;
  isVerified: boolean;
  verifiedDomain: string | null;
}

export interface ResumeDownload extends RecruiterVisit {
  downloadedAt: string;
}

export interface ProfileView extends RecruiterVisit {
  at: string;
}

export function useResumeDownloads() {
  return useQuery({
    queryKey: resumeDownloadsKey,
    queryFn: () =>
      api<{ downloads: ResumeDownload[] }>('/api/me/resume-downloads').then((r) => r.downloads),
  });
}

/** Recruiters who opened the seeker's profile, newest first (the server logs every view). */
export function useProfileViews() {
  return useQuery({
    queryKey: profileViewsKey,
    queryFn: () => api<{ views: ProfileView[] }>('/api/me/profile-views').then((r) => r.views),
  });
}

/** Profile rows answer the public URL of an image (/media/<key>); forms send the key back. */
export function imageKeyFromUrl(url: string | null): string | null {
  return url?.startsWith('/media/') ? url.slice('/media/'.length) : null;
}
