import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Me } from '#shared/schemas/auth.ts';
import { api, ApiError, onUnauthorized } from './api.ts';

// The signed-in user, read by every guard, header and screen: the app's one session query.

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

export const signOut = () => api<void>('/api/auth/logout', { method: 'POST' });
