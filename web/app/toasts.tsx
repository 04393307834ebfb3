import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOAST } from '#shared/limits.ts';
import { toasterListening } from '../lib/toast.ts';
import { useTranslation } from '../lib/i18n.ts';

/** sonner's toaster as the app shows it; its own chunk, loaded by the toast host. */
export default function Toasts() {
  // Runs after the <Toaster> child's own effect has subscribed to sonner's state, so the toasts
  // waiting for it are shown, not lost.
  useEffect(() => toasterListening(toast), []);
  const { t } = useTranslation();
  return (
    <Toaster
      // The toasts' region and close button in the reader's language (sonner's are English).
      containerAriaLabel={t('common.notificationsRegion')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeNotification') }}
      position="top-center"
      // Below the screens' sticky headers, so a toast never covers Back, Share or Mark as.
      offset={{ top: 72 }}
      mobileOffset={{ top: 68 }}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      richColors
      closeButton
    />
  );
}
