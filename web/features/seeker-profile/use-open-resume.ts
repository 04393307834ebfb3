import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api.ts';
import { fetchResumeLink } from './api.ts';

/**
 * Opens a seeker's resume through a fresh signed link (valid for minutes, never a public URL).
 * The file is served as an attachment, so the browser downloads it and the page stays.
 */
export function useOpenResume(userId: string) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  async function open() {
    setOpening(true);
    try {
      const { url } = await fetchResumeLink(userId);
      window.location.assign(url);
    } catch (err) {
      toast.error(errorMessage(err, t('upload.failed')));
    } finally {
      setOpening(false);
    }
  }
  return { opening, open };
}
