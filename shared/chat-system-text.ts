import type { MessageKey } from './i18n/keys.ts';
import type { TOptions } from './i18n/translate.ts';
import { ROOM_STATUSES } from './picklists.ts';

// The words of an automatic chat message (a status change, an interview invitation, a resume
// request, a 7-day close) in the reader's language, from what the message records (its kind and
// meta), not from the English text stored with it: the chat shows them so (web
// features/chat/system-card.tsx) and so do the chat lists' previews (server chat/list.repo.ts).

type Say = (key: MessageKey, vars?: TOptions) => string;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * The message's words, or null when it is not an automatic message or records too little (the
 * stored text is shown then). `day` writes an interview's date (YYYY-MM-DD) as the reader reads
 * dates; `place` may stand the place in for something else (a link the card draws itself).
 */
export function systemMessageText(
  message: { kind: string; meta: Record<string, unknown> | null },
  say: Say,
  day: (isoDay: string) => string,
  place: (place: string) => string = (p) => p,
): string | null {
  const meta = message.meta ?? {};
  if (message.kind === 'status') {
    // Closed by the 7-day rule (decision 011): no sender, its own sentence.
    if (meta.autoClosed === true) return say('chat.autoClosed');
    const status = str(meta.status);
    if (!status || !(ROOM_STATUSES as readonly string[]).includes(status)) return null;
    return say('chat.statusMessage', {
      status: say(`pick.roomStatus.${status}` as MessageKey),
    });
  }
  if (message.kind === 'interview') {
    const date = str(meta.date);
    const time = str(meta.time);
    const where = str(meta.place);
    if (!date || !time || !where) return null;
    return say('chat.interviewMessage', { date: day(date), time, place: place(where) });
  }
  if (message.kind === 'resume_request') return say('chat.resumeRequestMessage');
  return null;
}

/** An interview's day (YYYY-MM-DD) as dates read in a locale: "1 Dec 2026" in en-IN. */
export function formatIsoDay(isoDay: string, locale: string): string {
  const day = new Date(`${isoDay}T00:00:00Z`);
  return Number.isNaN(day.getTime())
    ? isoDay
    : new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(day);
}
