import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Me } from '#shared/schemas/auth.ts';
import type { UserRole } from '#shared/picklists.ts';
import { api, ApiError, onUnauthorized } from '../../lib/api.ts';

export const meKey = ['me'] as const;

async function fetchMe(): Promise<Me | null> {
  try {
    return (await api<{ user: Me }>('/api/me')).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The signed-in user (null when signed out). Every guard and header reads this one query. */
export function useMe() {
  const queryClient = useQueryClient();
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(meKey, null)), [queryClient]);
  return useQuery({ queryKey: meKey, queryFn: fetchMe, staleTime: 60_000 });
}

export const requestCode = (phone: string) =>
  api<{ phone: string; expiresInSeconds: number; resendAfterSeconds: number }>('/api/auth/otp', {
    method: 'POST',
    body: { phone },
  });

export const verifyCode = (phone: string, code: string) =>
  api<{ user: Me }>('/api/auth/verify', { method: 'POST', body: { phone, code } }).then(
    (r) => r.user,
  );

export const signOut = () => api<void>('/api/auth/logout', { method: 'POST' });

export const chooseRole = (role: UserRole) =>
  api<{ user: Me }>('/api/me/role', { method: 'PUT', body: { role } }).then((r) => r.user);
