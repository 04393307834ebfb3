import { CalendarClock, FileText, Tag } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { en } from '#shared/i18n/en.ts';
import { clockTime, fullDate } from './chat-date.ts';
import { ResumeUploadButton } from './resume-upload-button.tsx';

const ICONS = { status: Tag, interview: CalendarClock, resume_request: FileText } as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const isLink = (place: string) => /^https?:\/\/\S+$/i.test(place);

// Stands for the place while the sentence is translated, so a link can be put in its spot.
const PLACE = '\u0000';

/** The text of an automatic message in the reader's language (the stored text as fallback). */
function useSystemText(message: MessageView): string {
  const { t, i18n } = useTranslation();
  const meta = message.meta ?? {};
  if (message.kind === 'status') {
    // Closed by the 7-day rule (decision 011): no sender, its own sentence.
    if (meta.autoClosed === true) return t('chat.autoClosed');
    const status = str(meta.status);
    return status && status in en.pick.roomStatus
      ? t('chat.statusMessage', { status: pickLabel('roomStatus', status) })
      : message.message;
  }
  if (message.kind === 'interview') {
    const date = str(meta.date);
    const time = str(meta.time);
    const place = str(meta.place);
    if (!date || !time || !place) return message.message;
    const day = new Date(`${date}T00:00:00`);
    return t('chat.interviewMessage', {
      date: Number.isNaN(day.getTime()) ? date : fullDate(day, i18n.language),
      time,
      place: isLink(place) ? PLACE : place,
    });
  }
  if (message.kind === 'resume_request') return t('chat.resumeRequestMessage');
  return message.message;
}

/** Status changes, interview invitations and resume requests: a card across the conversation. */
export function SystemCard({
  message,
  mine,
  canUpload,
}: {
  message: MessageView;
  mine: boolean;
  canUpload: boolean;
}) {
  const { i18n } = useTranslation();
  const text = useSystemText(message);
  const Icon = ICONS[message.kind as keyof typeof ICONS] ?? Tag;
  const place = message.kind === 'interview' ? str(message.meta?.place) : null;
  const [before, after] = text.split(PLACE);
  return (
    <div
      data-message-id={message.id}
      data-kind={message.kind}
      data-mine={mine ? 'true' : 'false'}
      className="my-1 flex w-[88%] flex-col gap-2 self-center rounded-2xl border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <p className="flex items-start gap-2">
        <Icon size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-700" />
        <span className="min-w-0 whitespace-pre-wrap break-words">
          {before}
          {place && after !== undefined && (
            <>
              <a
                href={place}
                target="_blank"
                rel="noopener noreferrer"
                className="break-all font-semibold text-brand-700 underline"
              >
                {place}
              </a>
              {after}
            </>
          )}
        </span>
      </p>
      {canUpload && <ResumeUploadButton />}
      <time dateTime={message.sentAt} className="self-end text-[11px] text-slate-500">
        {clockTime(new Date(message.sentAt), i18n.language)}
      </time>
    </div>
  );
}
