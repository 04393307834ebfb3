import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { MESSAGE_MAX } from '#shared/limits.ts';
import { useTypedBeforeTakeover } from '#web/lib/use-typed-before-takeover.ts';
import { useOutbox } from './use-outbox.ts';

/**
 * The message box (spec section 5 "Chat message"): trimmed, empty not sent; Enter without Shift
 * sends, Shift+Enter is a new line. The text leaves the box at once; the message shows
 * 'Sending...' until the server has it. With `closedReason` (blocked, or the other account
 * suspended) the room takes no messages: the box is disabled and says why.
 */
export function Composer({
  roomId,
  closedReason,
}: {
  roomId: string;
  closedReason: string | null;
}) {
  const { t } = useTranslation();
  const { send } = useOutbox(roomId);
  const [text, setText] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();
  const closed = closedReason !== null;
  const noteId = useId();
  // Typed before the app took the server's page over (an Enter then was a new line).
  useTypedBeforeTakeover(area, text, (typed) => setText(typed.replace(/\n+$/, '')));

  function submit(e?: FormEvent) {
    e?.preventDefault();
    if (!trimmed || closed) return;
    send(trimmed);
    setText('');
    area.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Not while an input method is composing (Hindi, Kannada... keyboards use Enter to pick).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2 border-t border-slate-200 bg-white px-3 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      {closed && (
        <p
          id={noteId}
          role="status"
          className="w-full text-center text-sm font-medium text-slate-700"
        >
          {closedReason}
        </p>
      )}
      <textarea
        ref={area}
        rows={1}
        value={text}
        maxLength={MESSAGE_MAX}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('chat.messagePlaceholder')}
        placeholder={t('chat.messagePlaceholder')}
        enterKeyHint="send"
        disabled={closed}
        aria-describedby={closed ? noteId : undefined}
        className="field-sizing-content max-h-32 min-h-11 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-3.5 py-2.5 text-base outline-none focus:border-brand-600 disabled:bg-slate-50"
      />
      <button
        type="submit"
        disabled={!trimmed || closed}
        className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-2xl bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-500"
      >
        <SendHorizontal size={18} aria-hidden="true" />
        {t('chat.send')}
      </button>
    </form>
  );
}
