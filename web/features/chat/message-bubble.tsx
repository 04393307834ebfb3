import { memo } from 'react';
import { AlertCircle, Clock } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { clockTime } from './chat-date.ts';
import type { OutgoingMessage } from './message-store.ts';

const bubble = 'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm';
const mineBubble = `${bubble} self-end rounded-br-md bg-brand-700 text-white`;
const theirsBubble = `${bubble} self-start rounded-bl-md bg-slate-100 text-slate-900`;

/**
 * A stored text message: mine on the right, theirs on the left, with its time. Memoised, like
 * the system cards: a refresh of the conversation (on opening it, after a reconnect) renders only
 * the messages that changed, not every bubble again.
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
}: {
  message: MessageView;
  mine: boolean;
}) {
  const { i18n } = useTranslation();
  return (
    <div
      data-message-id={message.id}
      data-mine={mine ? 'true' : 'false'}
      className={mine ? mineBubble : theirsBubble}
    >
      <p>{message.message}</p>
      <time
        dateTime={message.sentAt}
        className={`mt-0.5 block text-right text-[11px] ${mine ? 'text-brand-100' : 'text-slate-600'}`}
      >
        {clockTime(new Date(message.sentAt), i18n.language)}
      </time>
    </div>
  );
});

/**
 * A message on its way ('Sending...'), waiting for the network to come back ('Waiting for
 * network...': it goes by itself), or refused by the server: the refusal, and 'Not sent. Tap to
 * retry'.
 */
export function OutgoingBubble({
  entry,
  onRetry,
}: {
  entry: OutgoingMessage;
  onRetry: (entry: OutgoingMessage) => void;
}) {
  const { t } = useTranslation();
  const failed = entry.state === 'failed';
  return (
    <div
      data-client-id={entry.clientId}
      data-state={entry.state}
      className="flex flex-col items-end gap-0.5 self-end"
    >
      <div
        data-mine="true"
        className={`${bubble} rounded-br-md ${failed ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-brand-700/70 text-white'}`}
      >
        <p>{entry.text}</p>
      </div>
      {failed ? (
        <>
          {entry.error && (
            <p className="max-w-[80%] pr-1 text-right text-[11px] text-red-800">{entry.error}</p>
          )}
          <button
            type="button"
            onClick={() => onRetry(entry)}
            className="inline-flex min-h-8 items-center gap-1 rounded-lg px-1 text-[11px] font-semibold text-red-700 hover:bg-red-50"
          >
            <AlertCircle size={14} aria-hidden="true" />
            {t('chat.notSent')}
          </button>
        </>
      ) : entry.state === 'waiting' ? (
        <p role="status" className="inline-flex items-center gap-1 pr-1 text-[11px] text-slate-600">
          <Clock size={12} aria-hidden="true" />
          {t('unread.waiting')}
        </p>
      ) : (
        <p role="status" className="pr-1 text-[11px] text-slate-500">
          {t('chat.sending')}
        </p>
      )}
    </div>
  );
}
