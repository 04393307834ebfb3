import { Fragment, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { MessageView, RoomView } from '#shared/schemas/chat.ts';
import { LoadError } from '../../components/ui/load-error.tsx';
import { dayLabel, daysAgo } from './chat-date.ts';
import { myLastMessage, pendingOnly, type OutgoingMessage } from './message-store.ts';
import { MessageBubble, OutgoingBubble } from './message-bubble.tsx';
import { ScamWarning } from './scam-warning.tsx';
import { SystemCard } from './system-card.tsx';
import { useOlderMessages, useRoomMessages } from './use-chat-queries.ts';
import { useOutbox } from './use-outbox.ts';
import { useReadReceipts } from './use-read-receipts.ts';

const NEAR_BOTTOM_PX = 120;

type Item =
  | { type: 'day'; key: string; label: string }
  | { type: 'stored'; key: string; message: MessageView }
  | { type: 'outgoing'; key: string; entry: OutgoingMessage };

/** The conversation: stored messages in id order, then what is still on its way. */
export function MessageList({ room, myId }: { room: RoomView; myId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useRoomMessages(queryClient, room.id, myId);
  const { outbox, retry } = useOutbox(room.id);
  const loaded = query.data?.loaded ?? false;
  const messages = useMemo(() => query.data?.messages ?? [], [query.data]);
  const pending = useMemo(() => pendingOnly(outbox, messages), [outbox, messages]);
  useReadReceipts(room.id, myId, loaded ? messages : []);

  const failed = query.isError && !loaded;
  useEffect(() => {
    if (failed) toast.error(t('chat.loadMessagesFailed'));
  }, [failed, t]);

  const lastMine = myLastMessage(messages, myId);
  const lastResumeRequest = useMemo(
    () => messages.findLast((m) => m.kind === 'resume_request' && m.senderId !== myId)?.id,
    [messages, myId],
  );

  const items = useMemo(() => {
    const now = new Date();
    const words = { today: t('chat.today'), yesterday: t('chat.yesterday') };
    const out: Item[] = [];
    let lastDay: number | null = null;
    const addDay = (iso: string) => {
      const date = new Date(iso);
      const day = daysAgo(date, now);
      if (day === lastDay) return;
      lastDay = day;
      out.push({
        type: 'day',
        key: `day-${iso}`,
        label: dayLabel(date, now, i18n.language, words),
      });
    };
    for (const message of messages) {
      addDay(message.sentAt);
      out.push({ type: 'stored', key: `m-${message.id}`, message });
    }
    for (const entry of pending) {
      addDay(entry.createdAt);
      out.push({ type: 'outgoing', key: `o-${entry.clientId}`, entry });
    }
    return out;
  }, [messages, pending, t, i18n.language]);

  // Stay at the bottom as messages come, unless the reader has scrolled up to read older ones.
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastKey = items[items.length - 1]?.key;
  const lastIsMine = pending.length > 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && (atBottom.current || lastIsMine)) el.scrollTop = el.scrollHeight;
  }, [lastKey, lastIsMine]);

  // Older history: loaded when its marker at the top scrolls into view (or its button is
  // pressed); the reader's place is kept while the page is put above it.
  const hasOlder = loaded && Boolean(query.data?.hasOlder);
  const older = useOlderMessages(queryClient, room.id);
  const fromBottom = useRef<number | null>(null);
  const loadOlder = () => {
    const el = box.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void older.loadOlder();
  };
  const firstId = messages[0]?.id;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && fromBottom.current !== null) el.scrollTop = el.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [firstId]);
  const topMarker = useRef<HTMLButtonElement>(null);
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  });
  useEffect(() => {
    const marker = topMarker.current;
    if (!hasOlder || !marker || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Not while pinned to the bottom on first render: only when the reader scrolls up.
        if (entries.some((e) => e.isIntersecting) && !atBottom.current) loadOlderRef.current();
      },
      { root: box.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [hasOlder, firstId]);

  let body;
  if (!loaded && query.isFetching) {
    body = (
      <p role="status" className="py-10 text-center text-sm text-slate-500">
        {t('common.loading')}
      </p>
    );
  } else if (failed) {
    body = (
      <div className="py-6">
        <LoadError message={t('chat.loadMessagesFailed')} onRetry={query.refetch} />
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="py-10 text-center text-sm text-slate-500">{t('chat.noMessages')}</p>;
  } else {
    body = items.map((item) => {
      if (item.type === 'day')
        return (
          <p
            key={item.key}
            className="my-2 self-center rounded-full bg-slate-100 px-3 py-0.5 text-xs text-slate-600"
          >
            {item.label}
          </p>
        );
      if (item.type === 'outgoing')
        return <OutgoingBubble key={item.key} entry={item.entry} onRetry={retry} />;
      const m = item.message;
      const mine = m.senderId === myId;
      // The seeker is warned about the recruiter's flagged messages; the sender sees theirs as sent.
      const warn = !mine && room.seekerId === myId && m.warnings.length > 0;
      const read = mine && m.id === lastMine?.id && m.isRead;
      return (
        <Fragment key={item.key}>
          {m.kind === 'text' ? (
            <>
              <MessageBubble message={m} mine={mine} />
              {warn && <ScamWarning message={m} />}
            </>
          ) : (
            <SystemCard
              message={m}
              mine={mine}
              canUpload={!mine && m.id === lastResumeRequest && room.seekerId === myId}
            />
          )}
          {read && (
            <p className="-mt-1 self-end pr-1 text-[11px] font-medium text-brand-700">
              {t('chat.read')}
            </p>
          )}
        </Fragment>
      );
    });
  }

  return (
    <div
      ref={box}
      role="log"
      aria-label={t('chat.conversation')}
      // Reachable by keyboard: arrow keys scroll the conversation (decision 022).
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
      className="flex flex-1 flex-col gap-2 overflow-y-auto px-4 py-3"
    >
      {hasOlder && (
        <button
          ref={topMarker}
          type="button"
          onClick={loadOlder}
          disabled={older.loading}
          className="min-h-11 self-center rounded-lg px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:text-slate-500"
        >
          {older.loading ? t('chat.loadingOlder') : t('chat.loadOlder')}
        </button>
      )}
      {body}
    </div>
  );
}
