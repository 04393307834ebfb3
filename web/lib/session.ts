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

type SignOutTask = () => Promise<unknown> | void;
const signOutTasks = new Set<SignOutTask>();

/**
 * Work to do on this device when its user signs out: a feature forgets what it kept for them
 * (the chat outbox, their unsent messages).
 */
export function onSignOut(task: SignOutTask): () => void {
  signOutTasks.add(task);
  return () => void signOutTasks.delete(task);
}

export async function signOut(): Promise<void> {
  await api<void>('/api/auth/logout', { method: 'POST' });
  await Promise.allSettled([...signOutTasks].map(async (task) => task()));
}
