import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation, type TFunction } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import type { NotificationSettings } from '#shared/schemas/notifications.ts';
import { errorMessage } from '../lib/api.ts';
import {
  devicePushKey,
  enablePushOnThisDevice,
  useDevicePush,
  useNotificationSettings,
  usePushKey,
  useSaveNotificationSettings,
  type EnableResult,
} from '../lib/push.ts';
import { SectionCard } from './profile/section-card.tsx';
import { Button } from './ui/button.tsx';
import { LoadError } from './ui/load-error.tsx';
import { Switch } from './ui/switch.tsx';

/** Tells the person what turning push on for this device came to (nothing when they said "later"). */
export function reportEnable(result: EnableResult, t: TFunction): void {
  if (result === 'on') toast.success(t('pwa.pushOn'));
  else if (result === 'denied') toast.error(t('pwa.pushBlocked'));
  else if (result !== 'dismissed') toast.error(t('pwa.pushFailed'));
}

/**
 * "Notifications" on both settings screens: may push and SMS reach me outside the app
 * (`GET/PATCH /api/me/notifications`, saved at once like the profile visibility), and under the
 * push switch what this device does about it (on, blocked, or a button to turn it on here).
 */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // What the switches show while a save is on its way; a failed save puts the old value back.
  const [pending, setPending] = useState<Partial<NotificationSettings>>({});

  let body;
  if (settings.isPending)
    body = (
      <p role="status" className="py-2 text-sm text-slate-500">
        {t('common.loading')}
      </p>
    );
  else if (settings.isError)
    body = <LoadError inline message={t('pwa.settingsLoadFailed')} onRetry={settings.refetch} />;
  else {
    const value = { ...settings.data, ...pending };
    const busy = save.isPending;
    const change = async (
      patch: Partial<NotificationSettings>,
      enabling?: Promise<EnableResult>,
    ) => {
      setPending(patch);
      try {
        await save.mutateAsync(patch);
        toast.success(t('pwa.settingsSaved'));
      } catch (err) {
        toast.error(errorMessage(err, t('pwa.settingsFailed')));
      } finally {
        setPending({});
      }
      if (enabling) reportEnable(await enabling, t);
    };
    body = (
      <div className="flex flex-col divide-y divide-slate-100">
        <div className="pb-2">
          <PushSwitch checked={value.push} busy={busy} onChange={change} />
        </div>
        <div className="pt-2">
          <Switch
            label={t('pwa.smsLabel')}
            hint={t('pwa.smsHint')}
            checked={value.sms}
            busy={busy}
            onChange={(sms) => void change({ sms })}
          />
        </div>
      </div>
    );
  }
  return <SectionCard title={t('pwa.settingsTitle')}>{body}</SectionCard>;
}

function PushSwitch({
  checked,
  busy,
  onChange,
}: {
  checked: boolean;
  busy: boolean;
  onChange: (patch: Partial<NotificationSettings>, enabling?: Promise<EnableResult>) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const device = useDevicePush();
  const key = usePushKey(checked);
  const [turningOn, setTurningOn] = useState(false);
  // Only this device can be turned on from here, and only when the server has a key.
  const canTurnOn = device.data === 'off' && Boolean(key.data);

  const afterEnable = (enabling: Promise<EnableResult>) =>
    enabling.finally(() => void queryClient.invalidateQueries({ queryKey: devicePushKey }));

  async function turnOnHere() {
    setTurningOn(true);
    try {
      reportEnable(await afterEnable(enablePushOnThisDevice()), t);
    } finally {
      setTurningOn(false);
    }
  }

  let status: string | null = null;
  if (checked) {
    if (key.data === null) status = t('pwa.pushUnavailable');
    else if (device.data === 'on') status = t('pwa.deviceOn');
    else if (device.data === 'denied') status = t('pwa.deviceBlocked');
    else if (device.data === 'unsupported') status = t('pwa.deviceUnsupported');
    else if (device.data === 'off') status = t('pwa.deviceOff');
  }

  return (
    <>
      <Switch
        label={t('pwa.pushLabel')}
        hint={t('pwa.pushHint')}
        checked={checked}
        busy={busy}
        onChange={(push) =>
          // The permission question must start in the tap itself, before the save's await.
          onChange({ push }, push && canTurnOn ? afterEnable(enablePushOnThisDevice()) : undefined)
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-xs text-slate-600 empty:hidden">
          {status}
        </p>
        {checked && canTurnOn && (
          <Button
            variant="outline"
            className="px-3"
            disabled={turningOn}
            onClick={() => void turnOnHere()}
          >
            {t('pwa.deviceTurnOn')}
          </Button>
        )}
      </div>
    </>
  );
}
