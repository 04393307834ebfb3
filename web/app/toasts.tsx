import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOAST } from '#shared/limits.ts';
import { placeToasts, toasterListening } from '../lib/toast.ts';
import { useTranslation } from '../lib/i18n.ts';

/** 12 px below the screen's top controls, or below the phone's notch without any. */
const BELOW_TOP_CONTROLS = 'calc(max(var(--toasts-below, 0px), env(safe-area-inset-top)) + 12px)';

/** sonner's toaster as the app shows it; its own chunk, loaded by the toast host. */
export default function Toasts() {
  // Runs after the <Toaster> child's own effect has subscribed to sonner's state, so the toasts
  // waiting for it are shown, not lost.
  useEffect(() => toasterListening(toast), []);
  // While a toast is shown: the keyboard opening, the phone turning or a scroll move what it
  // must stay below (once a frame at most).
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
      // Top-centre (the spec), below the screen's top controls (`placeToasts`): at the very top a
      // toast covered the header's buttons and the action row under it (Save on the profile).
      position="top-center"
      offset={{ top: BELOW_TOP_CONTROLS }}
      mobileOffset={{ top: BELOW_TOP_CONTROLS }}
      duration={TOAST.durationMs}
      visibleToasts={TOAST.visible}
      richColors
      closeButton
    />
  );
}
