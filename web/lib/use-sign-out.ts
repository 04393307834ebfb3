import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { signOut } from './session.ts';

/** Signs out on the server, forgets every cached answer, and goes to the landing page. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return async () => {
    try {
      // Before the session ends: the server forgets this device's push subscription. Loaded
      // here, not with the first screens, whose JavaScript budget it would cost (decision 021).
      await (await import('./push.ts')).forgetPushOnThisDevice();
      await signOut(queryClient);
      toast.success(t('login.signedOut'));
      await navigate('/', { replace: true });
    } catch (err) {
      toast.error(t('login.signOutFailed', { message: (err as Error).message }));
    }
  };
}
