import { Check } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import { pickLabel, ROOM_STATUSES } from '#shared/picklists.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useChangeStatus } from './use-room-actions.ts';

/** 'Change candidate status': the six statuses; the current one is marked, and tapping it closes. */
export function StatusDialog({
  room,
  open,
  onOpenChange,
}: {
  room: RoomView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const change = useChangeStatus(room.id, () => onOpenChange(false));
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('chat.changeStatusTitle')}>
      <ul className="flex flex-col gap-2">
        {ROOM_STATUSES.map((status) => {
          const current = status === room.status;
          return (
            <li key={status}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                disabled={change.isPending}
                // The status it has already changes nothing: close, send nothing (the server would
                // refuse it as unchanged, and count it against the recruiter's messages).
                onClick={() => (current ? onOpenChange(false) : change.mutate(status))}
                className={`flex min-h-11 w-full items-center justify-between rounded-xl border px-4 text-left text-sm font-semibold transition-colors disabled:opacity-60 ${
                  current
                    ? 'border-brand-600 bg-brand-50 text-brand-800'
                    : 'border-slate-200 text-slate-800 hover:bg-slate-50'
                }`}
              >
                {pickLabel('roomStatus', status)}
                {current && <Check size={18} aria-hidden="true" />}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
