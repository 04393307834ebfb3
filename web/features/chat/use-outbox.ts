import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import type { MessageView } from '#shared/schemas/chat.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import {
  chatListsKey,
  messagesKey,
  newClientId,
  outboxKey,
  refusedKey,
  roomsWithKey,
  sendChatMessage,
} from './api.ts';
import {
  mergeInto,
  upsertOutgoing,
  withoutOutgoing,
  type OutgoingMessage,
  type RoomMessages,
} from './message-store.ts';

const EMPTY: OutgoingMessage[] = [];

/** The server's refusals that hold for the whole room: blocked, or the other account suspended. */
const REFUSES_ROOM = new Set(['chat.blocked', 'chat.suspended']);

/** A stored message (from a POST answer or an event) joins the room and leaves the outbox. */
export function storeMessage(queryClient: QueryClient, message: MessageView): void {
  queryClient.setQueryData<RoomMessages>(messagesKey(message.roomId), (held) =>
    mergeInto(held, [message]),
  );
  queryClient.setQueryData<OutgoingMessage[]>(outboxKey(message.roomId), (outbox) =>
    withoutOutgoing(outbox, message.clientId),
  );
}

/**
 * Sends an outgoing message (socket first, HTTP when the socket cannot). The client id stays the
 * same across retries and both ways, so the server stores it once whatever happens (double tap,
 * a socket that died after the message arrived, retry after a timeout).
 */
function deliver(queryClient: QueryClient, entry: OutgoingMessage): void {
  const key = outboxKey(entry.roomId);
  queryClient.setQueryData<OutgoingMessage[]>(key, (outbox) =>
    upsertOutgoing(outbox, { ...entry, state: 'sending' }),
  );
  sendChatMessage(entry.roomId, entry.clientId, entry.text).then(
    (message) => {
      storeMessage(queryClient, message);
      void queryClient.invalidateQueries({ queryKey: chatListsKey });
    },
    (err: unknown) => {
      const outbox = queryClient.getQueryData<OutgoingMessage[]>(key);
      // Already stored meanwhile (its event arrived): nothing failed.
      if (!outbox?.some((o) => o.clientId === entry.clientId)) return;
      queryClient.setQueryData<OutgoingMessage[]>(key, (list) =>
        upsertOutgoing(list, { ...entry, state: 'failed' }),
      );
      toast.error(errorMessage(err, i18n.t('chat.sendFailed')));
      // The room takes no messages now: the composer says so, and the room is read again.
      if (err instanceof ApiError && err.status === 403 && REFUSES_ROOM.has(err.code)) {
        queryClient.setQueryData(refusedKey(entry.roomId), err.message);
        void queryClient.invalidateQueries({ queryKey: roomsWithKey });
      }
    },
  );
}

/** Why the server refuses sends into this room, when a send found out (null otherwise). */
export function useRoomRefusal(roomId: string): string | null {
  const { data } = useQuery<string | null>({
    queryKey: refusedKey(roomId),
    queryFn: () => null,
    initialData: null,
    staleTime: Infinity,
  });
  return data;
}

/** The room's outgoing messages (in this tab), with send and retry. */
export function useOutbox(roomId: string) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: outboxKey(roomId),
    queryFn: () => queryClient.getQueryData<OutgoingMessage[]>(outboxKey(roomId)) ?? EMPTY,
    initialData: EMPTY,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const send = useCallback(
    (text: string) =>
      deliver(queryClient, {
        clientId: newClientId(),
        roomId,
        text,
        state: 'sending',
        createdAt: new Date().toISOString(),
      }),
    [queryClient, roomId],
  );
  const retry = useCallback(
    (entry: OutgoingMessage) => {
      if (entry.state === 'failed') deliver(queryClient, entry);
    },
    [queryClient],
  );
  return { outbox: data, send, retry };
}
