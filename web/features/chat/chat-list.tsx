import { useMemo } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { RoomStatus } from '#shared/picklists.ts';
import type { ChatListItem } from '#shared/schemas/chat.ts';
import { useBottomMarker } from '../../lib/use-bottom-marker.ts';
import { PushPrompt } from '../../components/push-prompt.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ChatListRow } from './chat-list-row.tsx';
import { useChatList } from './use-chat-queries.ts';
import { usePresence } from './use-presence.ts';

/**
 * A list of conversations with its states: 'Loading chats...', the empty text, 'Failed to load
 * chats'. Shows a page of 30 and loads the next when the bottom marker scrolls into view
 * ('Loading more chats...', then 'No more conversations' at the end; a failed page offers a
 * retry). Kept live by useChatSync (a new message or status change reloads it).
 */
export function ChatList({
  status,
  emptyText,
  chatPath,
  unknownName,
  showStatus = false,
}: {
  status: RoomStatus | null;
  emptyText: string;
  /** '/jobseeker-chat' or '/recruiter-messages/chat' */
  chatPath: string;
  unknownName: string;
  /** Each row says its hiring status (the recruiter's 'All' tab). */
  showStatus?: boolean;
}) {
  const { t } = useTranslation();
  const query = useChatList(status);
  const {
    data,
    isPending,
    isError,
    refetch,
    dataUpdatedAt,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  } = query;
  const marker = useBottomMarker(query);
  // The server never repeats a room within one scroll; a page read during a refresh might, so
  // the first one shown wins.
  const rooms = useMemo(() => {
    const seen = new Set<string>();
    const list: ChatListItem[] = [];
    for (const room of data?.pages.flatMap((p) => p.rooms) ?? []) {
      if (seen.has(room.roomId)) continue;
      seen.add(room.roomId);
      list.push(room);
    }
    return list;
  }, [data]);
  const ids = useMemo(() => [...new Set(rooms.map((r) => r.userId))], [rooms]);
  const online = usePresence(ids);
  // 'Today' and 'Yesterday' move with the clock: the rows use the time of the last answer.
  const now = useMemo(() => new Date(dataUpdatedAt), [dataUpdatedAt]);

  if (isPending)
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-500">
        {t('chat.loadingChats')}
      </p>
    );
  if (isError && rooms.length === 0)
    return <LoadError message={t('chat.loadChatsFailed')} onRetry={refetch} />;
  if (rooms.length === 0)
    return <p className="py-10 text-center text-sm text-slate-500">{emptyText}</p>;
  return (
    <>
      {/* Once there is a conversation: the offer to turn notifications on (issue 14). */}
      <PushPrompt />
      <ul className="flex flex-col divide-y divide-slate-100">
        {rooms.map((item) => (
          <ChatListRow
            key={item.roomId}
            item={item}
            online={online[item.userId] ?? false}
            unknownName={unknownName}
            now={now}
            showStatus={showStatus}
            href={`${chatPath}/${item.userId}${item.jobId ? `?job=${encodeURIComponent(item.jobId)}` : ''}`}
          />
        ))}
      </ul>
      <div ref={marker} aria-hidden="true" className="h-4" />
      {isFetchNextPageError ? (
        <div className="py-3">
          <LoadError inline message={t('chat.loadChatsFailed')} onRetry={fetchNextPage} />
        </div>
      ) : (
        <p role="status" aria-live="polite" className="py-3 text-center text-sm text-slate-500">
          {isFetchingNextPage
            ? t('chat.loadingMoreChats')
            : !hasNextPage && (data?.pages.length ?? 0) > 1
              ? t('chat.endOfChats')
              : ''}
        </p>
      )}
    </>
  );
}
