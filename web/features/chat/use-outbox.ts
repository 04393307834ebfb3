import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { toast } from '#web/lib/toast.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { i18n } from '../../lib/i18n.ts';
import { realtime } from '../../lib/realtime.ts';
import { onSignOut, useMe } from '../../lib/session.ts';
import {
  chatListsKey,
  messagesKey,
  newClientId,
  refusedKey,
  roomsWithKey,
  sendChatMessage,
} from './api.ts';
import { mergeInto, type OutgoingMessage, type RoomMessages } from './message-store.ts';
import { NO_OUTGOING, Outbox, waitsToSendAgain } from './outbox.ts';
import { clearOutgoing, forgetOutgoing, keepOutgoing, loadOutgoing } from './outbox-store.ts';

/** The server's refusals that hold for the whole room: blocked, or the other account suspended. */
const REFUSES_ROOM = new Set(['chat.blocked', 'chat.suspended']);

/**
 * One pending retry at a time, between 1 and 60 seconds away: each busy answer (and each flush that
 * a reconnect starts meanwhile) does not add another timer, and no `Retry-After` turns a
 * struggling server's refusals into a loop of requests (api.ts also reads 0 as none: 5 s).
 */
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function flushLater(retryAfterSeconds: number | null): void {
  if (retryTimer !== null) return;
  const seconds = Math.min(Math.max(retryAfterSeconds ?? 5, 1), 60);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    outbox.flush();
  }, seconds * 1000);
}

/** Who the outbox works for, and the cache the stored messages go into. */
let current: { userId: string; queryClient: QueryClient } | null = null;

/**
 * The tab's one outbox (outbox.ts): sends over the socket, else over HTTP with the same client id
 * (api.ts), keeps every unsent message in IndexedDB (outbox-store.ts) and sends what waits when
 * the browser is back online or the socket reconnects.
 */
const outbox = new Outbox({
  send: (entry) => sendChatMessage(entry.roomId, entry.clientId, entry.text),
  // Status 0: the request never reached us. 401: the session is to be renewed (the screens ask
  // to log in again); the messages wait for it. 502-504: the server did not take it now; looked
  // at again after its Retry-After (else 5 s), or sooner when the socket reconnects.
  shouldWait: (err) => {
    if (!(err instanceof ApiError) || !waitsToSendAgain(err.status)) return false;
    if (err.status >= 500) flushLater(err.retryAfterSeconds);
    return true;
  },
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  keep: (entry) => {
    if (current) void keepOutgoing(current.userId, entry);
  },
  forget: (clientId) => void forgetOutgoing(clientId),
  delivered: (message) => {
    if (!current) return;
    storeMessage(current.queryClient, message);
    void current.queryClient.invalidateQueries({ queryKey: chatListsKey });
  },
  refused: (entry, err) => {
    const text = errorMessage(err, i18n.t('chat.sendFailed'));
    toast.error(text);
    // The room takes no messages now: the composer says so, and the room is read again.
    if (current && err instanceof ApiError && err.status === 403 && REFUSES_ROOM.has(err.code)) {
      current.queryClient.setQueryData(refusedKey(entry.roomId), err.message);
      void current.queryClient.invalidateQueries({ queryKey: roomsWithKey });
    }
    return text;
  },
});

let hooked = false;
function hookOnce(): void {
  if (hooked || typeof window === 'undefined') return;
  hooked = true;
  window.addEventListener('online', () => outbox.flush());
  realtime.onConnect(() => outbox.flush());
  // The app's root also clears the store when this code never loaded (app/routes.tsx).
  onSignOut(async (userId) => {
    if (current?.userId === userId) {
      current = null;
      outbox.clear();
    }
    await clearOutgoing(userId);
  });
}

/**
 * Starts the outbox for the signed-in user (the router's root does it on every page, so kept
 * messages go out whatever screen the app opens on): reads back what was kept, then sends it in
 * order. Calling it again for the same user sends whatever waits.
 */
export function attachOutbox(queryClient: QueryClient, userId: string): void {
  hookOnce();
  if (current?.userId === userId) {
    current.queryClient = queryClient;
    outbox.flush();
    return;
  }
  outbox.clear();
  current = { userId, queryClient };
  void loadOutgoing(userId).then((kept) => {
    if (current?.userId === userId) outbox.restore(kept);
  });
}

/** A stored message (from a send's answer or an event) joins the room and leaves the outbox. */
export function storeMessage(queryClient: QueryClient, message: MessageView): void {
  queryClient.setQueryData<RoomMessages>(messagesKey(message.roomId), (held) =>
    mergeInto(held, [message]),
  );
  outbox.stored(message.roomId, message.clientId);
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

/** The room's outgoing messages (this browser's), with send and retry. */
export function useOutbox(roomId: string) {
  const queryClient = useQueryClient();
  const myId = useMe().data?.id;
  useEffect(() => {
    if (myId) attachOutbox(queryClient, myId);
  }, [queryClient, myId]);
  const list = useSyncExternalStore(
    outbox.watch,
    () => outbox.list(roomId),
    () => NO_OUTGOING,
  );
  const send = useCallback(
    (text: string) => void outbox.add(roomId, newClientId(), text),
    [roomId],
  );
  const retry = useCallback(
    (entry: OutgoingMessage) => outbox.retry(entry.roomId, entry.clientId),
    [],
  );
  return { outbox: list, send, retry };
}
