import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { roomWithKey, startRoom } from '../chat/api.ts';
import { candidateKey, fetchResumeLink } from '../seeker-profile/api.ts';

/**
 * 'Download Resume': asks for a fresh signed link (valid for minutes; the server logs a
 * recruiter's download) and follows it. The file comes as an attachment, so the page stays.
 * No resume (404): 'No Resume uploaded'. Refused (403: the candidate no longer shares it): the
 * server's message, and the profile is read again so the page shows what is shared now.
 */
export function useDownloadResume(userId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const { url } = await fetchResumeLink(userId);
      window.location.assign(url);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) toast.error(t('candidates.noResume'));
      else toast.error(errorMessage(err, t('upload.failed')));
      if (err instanceof ApiError && err.status === 403)
        void queryClient.invalidateQueries({ queryKey: candidateKey(userId) });
    } finally {
      setBusy(false);
    }
  }
  return { busy, download };
}

/**
 * The job could not be attached (closed or gone since the list was shown, or a mangled ?job=):
 * chat without it.
 */
const jobUnusable = (err: unknown) =>
  err instanceof ApiError &&
  (err.status === 400 ||
    err.status === 409 ||
    (err.status === 404 && err.code === 'jobs.notFound'));

/**
 * 'Start Chatting': gets or creates the room with this candidate (about the recruiter's job that
 * fits them best, when the list said which), then opens the recruiter chat.
 */
export function useStartChatting(seekerId: string, jobId: string | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!jobId) return startRoom({ seekerId });
      try {
        return await startRoom({ seekerId, jobId });
      } catch (err) {
        if (jobUnusable(err)) return startRoom({ seekerId });
        throw err;
      }
    },
    onSuccess: ({ room }) => {
      queryClient.setQueryData(roomWithKey(seekerId, room.jobId), room);
      const query = room.jobId ? `?job=${encodeURIComponent(room.jobId)}` : '';
      void navigate(`/recruiter-messages/chat/${encodeURIComponent(seekerId)}${query}`);
    },
    onError: (err) => toast.error(errorMessage(err, t('chat.startConversationFailed'))),
  });
}
