import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOAST } from '#shared/limits.ts';
import { placeToasts, toasterListening } from '../lib/toast.ts';
import { useTranslation } from '../lib/i18n.ts';

/** 12 px above the screen's bottom controls, or above the phone's home indicator without any. */
const ABOVE_BOTTOM_CONTROLS =
  'calc(max(var(--toasts-above, 0px), env(safe-area-inset-bottom)) + 12px)';

/** sonner's toaster as the app shows it; its own chunk, loaded by the toast host. */
export default function Toasts() {
  // Runs after the <Toaster> child's own effect has subscribed to sonner's state, so the toasts
  // waiting for it are shown, not lost.
  useEffect(() => toasterListening(toast), []);
  // The keyboard opening or the phone turning moves the composer and the bottom bars.
  useEffect(() => {
    window.addEventListener('resize', placeToasts);
    return () => window.removeEventListener('resize', placeToasts);
  }, []);
  const { t } = useTranslation();
  return (
    <Toaster
      // The toasts' region and close button in the reader's language (sonner's are English).
      containerAriaLabel={t('common.notificationsRegion')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeNotification') }}
      // At the bottom, above the screen's bottom controls (`placeToasts`): at the top a toast
      // covered the header's buttons or, below it, the action row under it (Save on the profile).
      position="bottom-center"
      offset={{ bottom: ABOVE_BOTTOM_CONTROLS }}
      mobileOffset={{ bottom: ABOVE_BOTTOM_CONTROLS }}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      richColors
      closeButton
    />
  );
}
