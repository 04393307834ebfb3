import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorMessage } from '../../lib/api.ts';
import { toast } from '#web/lib/toast.ts';
import { useScheduleInterview } from './use-room-actions.ts';

/**
 * The invitation's schema, loaded when the dialog opens rather than with the chat: building zod
 * schemas is a long task on a slow phone (decision 024).
 */
const interviewSchema = () => import('#shared/schemas/chat.ts').then((m) => m.interviewBody);

type Draft = { date: string; time: string; place: string };
const EMPTY: Draft = { date: '', time: '', place: '' };

function today(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

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
  const [error, setError] = useState<string | undefined>();
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
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    schedule.mutate(parsed.data);
  }
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: e.target.value }));
  const invalid = error ? { 'aria-invalid': true } : {};

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('chat.interviewTitle')}>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
        <div className="grid grid-cols-2 gap-3">
          <Field label={t('chat.interviewDate')}>
            {(p) => (
              <input
                {...p}
                {...invalid}
                type="date"
                min={today()}
                value={draft.date}
                onChange={set('date')}
                className={inputClass}
              />
            )}
          </Field>
          <Field label={t('chat.interviewTime')}>
            {(p) => (
              <input
                {...p}
                {...invalid}
                type="time"
                value={draft.time}
                onChange={set('time')}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <Field label={t('chat.interviewPlace')} error={error}>
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
