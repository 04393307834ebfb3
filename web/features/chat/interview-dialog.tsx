import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { useScheduleInterview } from './use-room-actions.ts';

/**
 * The invitation's schema, loaded when the dialog opens rather than with the chat: building zod
 * schemas is a long task on a slow phone (decision 024).
 */
const interviewSchema = () => import('#shared/schemas/chat.ts').then((m) => m.interviewBody);

type Draft = { date: string; time: string; place: string };
type Errors = Partial<Record<keyof Draft, string>>;
const EMPTY: Draft = { date: '', time: '', place: '' };

/**
 * Today and the time now in India (IST), as the date and time fields write them: an interview's
 * date and time are India time, as the server reads them, whatever zone the phone is set to.
 */
const indiaNow = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
function inIndia(): { day: string; time: string } {
  const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
    parts.find((p) => p.type === type)?.value ?? '';
  const parts = indiaNow.formatToParts(new Date());
  return {
    day: `${part(parts, 'year')}-${part(parts, 'month')}-${part(parts, 'day')}`,
    time: `${part(parts, 'hour')}:${part(parts, 'minute')}`,
  };
}
const today = () => inIndia().day;
const nowTime = () => inIndia().time;

/** 'Schedule Interview': date, time and a place or meeting link → the invitation message. */
export function InterviewDialog({
  room,
  open,
  onOpenChange,
}: {
  room: RoomView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // Each message under the field it is about, and only that field marked (decision 022).
  const [errors, setErrors] = useState<Errors>({});
  const schedule = useScheduleInterview(room.id, () => {
    setDraft(EMPTY);
    onOpenChange(false);
  });

  useEffect(() => {
    if (open) void interviewSchema().catch(() => undefined);
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    let interviewBody;
    try {
      interviewBody = await interviewSchema();
    } catch (err) {
      return void toast.error(errorMessage(err, t('chat.interviewFailed')));
    }
    const parsed = interviewBody.safeParse(draft);
    const next: Errors = {};
    for (const issue of parsed.error?.issues ?? [])
      next[issue.path[0] as keyof Draft] ??= issue.message;
    // A day already past here is refused before it is sent (the date picker's `min` does not stop
    // a typed date), and so is a time already past today, both in India time as on the server.
    if (!next.date && draft.date < today()) next.date = t('chat.interviewPast');
    else if (!next.date && !next.time && draft.date === today() && draft.time < nowTime())
      next.time = t('chat.interviewPastTime');
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    schedule.mutate(parsed.data, {
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'chat.interviewPast')
          setErrors({ date: errorMessage(err, t('chat.interviewPast')) });
        if (err instanceof ApiError && err.code === 'chat.interviewPastTime')
          setErrors({ time: errorMessage(err, t('chat.interviewPastTime')) });
      },
    });
  }
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        // Closed and opened again, it starts without the last try's messages.
        if (!next) setErrors({});
        onOpenChange(next);
      }}
      title={t('chat.interviewTitle')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('chat.interviewDate')} error={errors.date}>
            {(p) => (
              <input
                {...p}
                type="date"
                min={today()}
                value={draft.date}
                onChange={set('date')}
                className={inputClass}
              />
            )}
          </Field>
          <Field label={t('chat.interviewTime')} error={errors.time}>
            {(p) => (
              <input
                {...p}
                type="time"
                value={draft.time}
                onChange={set('time')}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <Field label={t('chat.interviewPlace')} error={errors.place}>
          {(p) => (
            <input
              {...p}
              type="text"
              maxLength={300}
              value={draft.place}
              onChange={set('place')}
              placeholder={t('chat.interviewPlaceHint')}
              className={inputClass}
            />
          )}
        </Field>
        <Button type="submit" disabled={schedule.isPending}>
          {t('chat.interviewSend')}
        </Button>
      </form>
    </Modal>
  );
}
