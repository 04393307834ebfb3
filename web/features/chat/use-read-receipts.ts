import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '#shared/schemas/chat.ts';
import { chatListsKey, messagesKey, postRead } from './api.ts';
import { markRead, newestFromOther, type RoomMessages } from './message-store.ts';

const watchVisibility = (watcher: () => void) => {
  document.addEventListener('visibilitychange', watcher);
  return () => document.removeEventListener('visibilitychange', watcher);
};
const isVisible = () => document.visibilityState === 'visible';

/**
 * While the room is open and the page visible, tells the server I have read up to the newest
 * message from the other side: on open, on every incoming message, and when the tab comes back.
 */
export function useReadReceipts(roomId: string, myId: string, messages: readonly MessageView[]) {
  const queryClient = useQueryClient();
  const visible = useSyncExternalStore(watchVisibility, isVisible, () => true);
  const posted = useRef(0);
  const newest = newestFromOther(messages, myId);
  const upTo = newest && !newest.isRead ? newest.id : 0;

  useEffect(() => {
    if (!visible || upTo <= posted.current) return;
    posted.current = upTo;
    postRead(roomId, upTo).then(
      () => {
        queryClient.setQueryData<RoomMessages>(messagesKey(roomId), (held) =>
          markRead(held, myId, upTo),
        );
        void queryClient.invalidateQueries({ queryKey: chatListsKey });
      },
      () => {
        // Try again with the next change.
        if (posted.current === upTo) posted.current = 0;
      },
    );
  }, [queryClient, roomId, myId, upTo, visible]);
}
