import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { RoomStatus } from '#shared/picklists.ts';
import type { ChatListPage, RoomView } from '#shared/schemas/chat.ts';
import { MESSAGES_PAGE } from '#shared/limits.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { realtime } from '../../lib/realtime.ts';
import { toast } from '#web/lib/toast.ts';
import {
  chatListKey,
  fetchChatList,
  fetchMessages,
  fetchRoomWith,
  messagesKey,
  roomWithKey,
  startRoom,
} from './api.ts';
import {
  catchUpAfter,
  mergeInto,
  newestPage,
  withOlder,
  type RoomMessages,
} from './message-store.ts';
import { seedPresence } from './use-presence.ts';

/**
 * A chat list, a page of 30 at a time (the next one on scroll). Always fresh on mount (staleTime
 * 0). A refresh (every live event invalidates the lists) reads the pages held again from the top,
 * so a room with a new message comes first and the pages after follow from there; within one
 * scroll the server keeps the order of its first page, so no room shows twice or goes missing.
 */
export function useChatList(status: RoomStatus | null) {
  return useInfiniteQuery({
    queryKey: chatListKey(status),
    staleTime: 0,
    initialPageParam: null as string | null,
    getNextPageParam: (last: ChatListPage) => last.nextCursor ?? undefined,
    queryFn: async ({ pageParam, signal }) => {
      const requestedAt = Date.now();
      const page = await fetchChatList(status, pageParam, signal);
      seedPresence(page.rooms, requestedAt);
      return page;
    },
  });
}

/**
 * Thrown when the room could not be found or made; the screen says so, with the server's reason
 * when it gave one (a daily limit on new conversations says when to try again).
 */
export class NoRoomError extends Error {
  constructor(readonly reason: string | null = null) {
    super(reason ?? 'no room');
  }
}

/**
 * A room and its messages are fetched again whenever a chat opens (`staleTime: 0`), except before
 * the app's first connection: the connect refreshes every chat query (`useChatSync`), so the page
 * the server rendered with them is not asked for twice while it is being taken over.
 */
const refetchUnlessConnectWill = () => !realtime.firstConnectPending();

/**
 * The room between me and the other user (for a job when given). A recruiter with no room yet
 * creates it (get-or-create on the server); so does a seeker who came with a job.
 */
export function useChatRoom(otherId: string, jobId: string | null, asRecruiter: boolean) {
  return useQuery({
    queryKey: roomWithKey(otherId, jobId),
    staleTime: 0,
    refetchOnMount: refetchUnlessConnectWill,
    // Creating was tried (and said why it failed): do not try again on our own.
    retry: (failures, error) =>
      failures < 1 &&
      !(error instanceof NoRoomError) &&
      !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    queryFn: async ({ signal }): Promise<RoomView> => {
      const requestedAt = Date.now();
      let room: RoomView;
      try {
        room = await fetchRoomWith(otherId, jobId, signal);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
        if (!asRecruiter && !jobId) throw new NoRoomError();
        try {
          room = (
            await startRoom(
              asRecruiter ? { seekerId: otherId, ...(jobId ? { jobId } : {}) } : { jobId: jobId! },
            )
          ).room;
        } catch (createErr) {
          const fallback = i18n.t(asRecruiter ? 'chat.createRoomFailed' : 'chat.startChatFailed');
          const reason = errorMessage(createErr, fallback);
          toast.error(reason);
          throw new NoRoomError(reason === fallback ? null : reason);
        }
      }
      seedPresence([{ userId: room.other.id, isOnline: room.other.isOnline }], requestedAt);
      return room;
    },
  });
}

const CATCH_UP_PAGE = 500;

/**
 * Loads a room's messages: the newest page the first time, then only what came after the last
 * message held (a reconnect, a remount). Whatever arrived live meanwhile is merged, not lost.
 */
async function loadMessages(
  queryClient: QueryClient,
  roomId: string,
  myId: string,
  signal: AbortSignal,
): Promise<RoomMessages> {
  const key = messagesKey(roomId);
  const held = queryClient.getQueryData<RoomMessages>(key);
  if (!held?.loaded) {
    const page = await fetchMessages(roomId, { limit: MESSAGES_PAGE, signal });
    return newestPage(queryClient.getQueryData<RoomMessages>(key), page, MESSAGES_PAGE);
  }
  let after = catchUpAfter(held.messages, myId, held.syncedThrough);
  const fetched = [];
  for (;;) {
    const batch = await fetchMessages(roomId, { after, limit: CATCH_UP_PAGE, signal });
    fetched.push(...batch);
    if (batch.length < CATCH_UP_PAGE) break;
    after = batch[batch.length - 1]!.id;
  }
  return mergeInto(queryClient.getQueryData<RoomMessages>(key), fetched, true);
}

export function useRoomMessages(queryClient: QueryClient, roomId: string, myId: string) {
  return useQuery({
    queryKey: messagesKey(roomId),
    staleTime: 0,
    refetchOnMount: refetchUnlessConnectWill,
    queryFn: ({ signal }) => loadMessages(queryClient, roomId, myId, signal),
  });
}

/**
 * Scrolling back: loads the page before the oldest message held, once at a time. Returns whether
 * a page is loading and the loader (a no-op when there is nothing older or a load is running).
 */
export function useOlderMessages(queryClient: QueryClient, roomId: string) {
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const loadOlder = useCallback(async () => {
    const key = messagesKey(roomId);
    const held = queryClient.getQueryData<RoomMessages>(key);
    const oldest = held?.messages[0];
    if (busy.current || !held?.hasOlder || !oldest) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await fetchMessages(roomId, { before: oldest.id, limit: MESSAGES_PAGE });
      queryClient.setQueryData<RoomMessages>(key, (now) =>
        withOlder(now, page, page.length >= MESSAGES_PAGE),
      );
    } catch (err) {
      toast.error(errorMessage(err, i18n.t('chat.loadOlderFailed')));
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [queryClient, roomId]);
  return { loading, loadOlder };
}
