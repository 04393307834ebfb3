import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomStatus } from '#shared/picklists.ts';
import { ChatListRow } from './chat-list-row.tsx';
import { useChatList } from './use-chat-queries.ts';
import { usePresence } from './use-presence.ts';

/**
 * A list of conversations with its states: 'Loading chats...', the empty text, 'Failed to load
 * chats'. Kept live by useChatSync (a new message or status change reloads it).
 */
export function ChatList({
  status,
  emptyText,
  chatPath,
  unknownName,
}: {
  status: RoomStatus | null;
  emptyText: string;
  /** '/jobseeker-chat' or '/recruiter-messages/chat' */
  chatPath: string;
  unknownName: string;
}) {
  const { t } = useTranslation();
  const { data: rooms, isPending, isError, refetch, dataUpdatedAt } = useChatList(status);
  const ids = useMemo(() => [...new Set((rooms ?? []).map((r) => r.userId))], [rooms]);
  const online = usePresence(ids);
  // 'Today' and 'Yesterday' move with the clock: the rows use the time of the last answer.
  const now = useMemo(() => new Date(dataUpdatedAt), [dataUpdatedAt]);

  if (isPending)
    return (
      <p role="status" className="py-10 text-center text-sm text-slate-500">
        {t('chat.loadingChats')}
      </p>
    );
  if (isError)
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-red-700">{t('chat.loadChatsFailed')}</p>
        <button
          type="button"
          onClick={() => void refetch()}
          className="min-h-10 rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t('chat.retry')}
        </button>
      </div>
    );
  if (rooms.length === 0)
    return <p className="py-10 text-center text-sm text-slate-500">{emptyText}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100">
      {rooms.map((item) => (
        <ChatListRow
          key={item.roomId}
          item={item}
          online={online[item.userId] ?? false}
          unknownName={unknownName}
          now={now}
          href={`${chatPath}/${item.userId}${item.jobId ? `?job=${encodeURIComponent(item.jobId)}` : ''}`}
        />
      ))}
    </ul>
  );
}
