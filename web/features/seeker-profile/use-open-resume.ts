import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { candidateKey, fetchResumeLink } from './api.ts';

/**
 * Opens a seeker's resume through a fresh signed link (valid for minutes, never a public URL).
 * The file is served as an attachment, so the browser downloads it and the page stays. Refused
 * (403: the candidate no longer shares it): the server's message, and the profile is read again
 * so the page shows what is shared now.
 */
export function useOpenResume(userId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      const { url } = await fetchResumeLink(userId);
      window.location.assign(url);
    } catch (err) {
      toast.error(errorMessage(err, t('upload.failed')));
      if (err instanceof ApiError && err.status === 403)
        void queryClient.invalidateQueries({ queryKey: candidateKey(userId) });
    } finally {
      setOpening(false);
    }
  }
  return { opening, open };
}
