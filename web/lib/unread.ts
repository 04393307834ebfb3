import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnreadCounts } from '#shared/schemas/chat.ts';
import { api } from './api.ts';
import { realtime } from './realtime.ts';
import { useMe } from './session.ts';

/**
 * The unread badges (decision 018): the bottom navigation's Messages item, the recruiter's
 * Messages tabs and the tab title all read this one query, so they always agree. A badge counts
 * conversations with unread messages.
 */
export const unreadKey = ['unread'] as const;

/** The counts of the signed-in seeker or recruiter (undefined for anyone else, or until known). */
export function useUnreadCounts(): UnreadCounts | undefined {
  const { data: me } = useMe();
  const { data } = useQuery({
    queryKey: unreadKey,
    queryFn: ({ signal }) => api<UnreadCounts>('/api/rooms/unread', { signal }),
    enabled: me?.role === 'user' || me?.role === 'recruiter',
    // Live events and reconnects refresh it; a screen opened later than this reads it again.
    staleTime: 30_000,
  });
  return data;
}

/**
 * Mounted once for the whole app (the router's root): keeps the counts live while signed in —
 * a message for me, my reading a room (here or in another tab), a status change — and fetches
 * them again after every (re)connect, since events may have been missed while it was down. The
 * tab title follows the count (`document-head.tsx`).
 */
export function useUnreadSync(): void {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const myId = me?.id;

  useEffect(() => {
    if (!myId) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadKey });
    const offEvents = realtime.subscribe((event) => {
      if (
        (event.type === 'message.created' && event.message.senderId !== myId) ||
        (event.type === 'room.read' && event.readerId === myId) ||
        event.type === 'room.updated'
      )
        refresh();
    });
    const offConnect = realtime.onConnect(refresh);
    return () => {
      offEvents();
      offConnect();
    };
  }, [queryClient, myId]);
}
