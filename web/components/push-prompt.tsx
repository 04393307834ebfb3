import { useId, useState } from 'react';
import { BellRing } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { PUSH_PROMPT } from '#shared/limits.ts';
import {
  devicePushKey,
  enablePushOnThisDevice,
  useDevicePush,
  useNotificationSettings,
  usePushKey,
} from '../lib/push.ts';
import { reportEnable } from './notification-settings-card.tsx';
import { Button } from './ui/button.tsx';

const SNOOZE_KEY = 'nearhire:push-prompt-snoozed-at';
const SNOOZE_MS = PUSH_PROMPT.snoozeDays * 24 * 3600 * 1000;

/** "Not now" was chosen on this device within the snooze period (storage may be unavailable). */
export function promptSnoozed(
  now = Date.now(),
  storage: Pick<Storage, 'getItem'> | null = safeStorage(),
): boolean {
  const at = Number(storage?.getItem(SNOOZE_KEY) ?? NaN);
  return Number.isFinite(at) && now - at < SNOOZE_MS && at <= now;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function snooze(): void {
  try {
    window.localStorage.setItem(SNOOZE_KEY, String(Date.now()));
  } catch {
    // Without storage the offer only stays hidden on this screen.
  }
}

/**
 * The offer to turn notifications on, shown above a chat list once the person has a conversation
 * (never on a first visit): only where this browser can receive push and has not been asked yet
 * (or was allowed but holds no subscription), the server has a key, the person has not turned push
 * off in their settings, and "Not now" was not chosen on this device in the last two weeks.
 */
export function PushPrompt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState(() => promptSnoozed());
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const device = useDevicePush();
  const offer = !hidden && device.data === 'off';
  const key = usePushKey(offer);
  const settings = useNotificationSettings(offer);
  if (!offer || !key.data || settings.data?.push !== true) return null;

  const turnOn = async () => {
    setBusy(true);
    const result = await enablePushOnThisDevice();
    setBusy(false);
    reportEnable(result, t);
    // Asked and answered either way; a dismissed or failed question is offered again later.
    if (result !== 'on' && result !== 'denied') snooze();
    setHidden(true);
    void queryClient.invalidateQueries({ queryKey: devicePushKey });
  };

  return (
    <section
      aria-labelledby={titleId}
      className="mb-3 flex gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4"
    >
      <BellRing size={22} aria-hidden="true" className="mt-0.5 shrink-0 text-brand-700" />
      <div className="flex min-w-0 flex-col gap-3">
        <div>
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t('pwa.promptTitle')}
          </h2>
          <p className="text-sm text-slate-700">{t('pwa.promptText')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => void turnOn()}>
            {t('pwa.promptTurnOn')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              snooze();
              setHidden(true);
            }}
          >
            {t('pwa.promptLater')}
          </Button>
        </div>
      </div>
    </section>
  );
}
