import { useTranslation } from '#web/lib/i18n.ts';
import { useRealtimeReconnecting } from '../../lib/realtime.ts';

/** 'Reconnecting...' while the live connection is down (messages still send over HTTP). */
export function ReconnectingBanner() {
  const { t } = useTranslation();
  const down = useRealtimeReconnecting();
  return (
    <div role="status" aria-live="polite">
      {down && (
        <p className="mb-2 rounded-lg bg-amber-50 px-3 py-1.5 text-center text-xs font-medium text-amber-800">
          {t('chat.reconnecting')}
        </p>
      )}
    </div>
  );
}
