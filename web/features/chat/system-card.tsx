import { memo } from 'react';
import { CalendarClock, FileText, Tag } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { systemMessageText } from '#shared/chat-system-text.ts';
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
  const day = (isoDay: string) => {
    const date = new Date(`${isoDay}T00:00:00`);
    return Number.isNaN(date.getTime()) ? isoDay : fullDate(date, i18n.language);
  };
  return (
    systemMessageText(message, t, day, (place) => (isLink(place) ? PLACE : place)) ??
    message.message
  );
}

/** Status changes, interview invitations and resume requests: a card across the conversation. */
export const SystemCard = memo(function SystemCard({
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
});
