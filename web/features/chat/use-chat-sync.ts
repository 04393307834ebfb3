import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageView, RoomView } from '#shared/schemas/chat.ts';
import { realtime, useRealtimeConnection } from '../../lib/realtime.ts';
import { useMe } from '../../lib/session.ts';
import { chatKey, chatListsKey, messagesKey, roomsWithKey } from './api.ts';
import { markRead, type RoomMessages } from './message-store.ts';
import { storeMessage } from './use-outbox.ts';

/** The message is the seeker's, in a room whose cached view still says nothing is shared. */
function repliedToUnshared(queryClient: QueryClient, message: MessageView): boolean {
  return queryClient
    .getQueriesData<RoomView>({ queryKey: roomsWithKey })
    .some(
      ([, room]) =>
        room?.id === message.roomId &&
        room.candidate?.contactShared === false &&
        message.senderId === room.seekerId,
    );
}

/**
 * Keeps the chat caches in step with the server while a chat screen is open: live events go
 * into the caches, and after every (re)connect everything is fetched again from where it was
 * (lists reload, the open room fetches the messages after the last one it holds).
 */
export function useChatSync(): void {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  useRealtimeConnection(me === undefined ? undefined : (me?.id ?? null));

  useEffect(() => {
    const refreshLists = () => void queryClient.invalidateQueries({ queryKey: chatListsKey });
    const offEvents = realtime.subscribe((event) => {
      switch (event.type) {
        case 'message.created':
          storeMessage(queryClient, event.message);
          refreshLists();
          // A seeker's reply shares their contact data with the recruiter: read the room again
          // so the recruiter's tools offer the resume without a reload.
          if (repliedToUnshared(queryClient, event.message)) {
            void queryClient.invalidateQueries({ queryKey: roomsWithKey });
          }
          break;
        case 'room.updated':
          queryClient.setQueriesData<RoomView>({ queryKey: roomsWithKey }, (room) =>
            room && room.id === event.roomId
              ? { ...room, status: event.status as RoomView['status'] }
              : room,
          );
          refreshLists();
          break;
        case 'candidate.resume':
          // 'Request Resume' becomes 'Download Resume' without a reload.
          void queryClient.invalidateQueries({
            queryKey: roomsWithKey,
            predicate: (query) =>
              (query.state.data as RoomView | undefined)?.seekerId === event.seekerId,
          });
          break;
        case 'room.read':
          queryClient.setQueryData<RoomMessages>(messagesKey(event.roomId), (held) =>
            markRead(held, event.readerId, event.upTo),
          );
          refreshLists();
          break;
        default:
          break;
      }
    });
    // Whatever happened while the socket was down: fetch it (nothing lost; merging by id means
    // nothing doubled either).
    const offConnect = realtime.onConnect(
      () => void queryClient.invalidateQueries({ queryKey: chatKey }),
    );
    return () => {
      offEvents();
      offConnect();
    };
  }, [queryClient]);
}
