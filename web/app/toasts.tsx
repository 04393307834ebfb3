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
  // While a toast is shown: the keyboard opening, the phone turning or a scroll move what it
  // must stay above (once a frame at most).
  useEffect(() => {
    let frame = 0;
    const replace = () => {
      if (frame || !document.querySelector('[data-sonner-toast]')) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        placeToasts();
      });
    };
    const options = { capture: true, passive: true };
    window.addEventListener('resize', replace);
    window.addEventListener('scroll', replace, options);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', replace);
      window.removeEventListener('scroll', replace, options);
    };
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
