import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '#web/lib/i18n.ts';
import { toast } from '#web/lib/toast.ts';
import { pickLabel, type RoomStatus } from '#shared/picklists.ts';
import type { RoomView } from '#shared/schemas/chat.ts';
import { ApiError, errorMessage } from '../../lib/api.ts';
import { seekerProfileKey } from '../seeker-profile/api.ts';
import {
  chatListsKey,
  fetchResumeLink,
  postInterview,
  postResumeRequest,
  putRoomStatus,
  roomsWithKey,
  uploadMyResume,
} from './api.ts';
import { storeMessage } from './use-outbox.ts';

const RESUME_MAX_BYTES = 5 * 1024 * 1024; // decisions.md "Files": PDF only, at most 5 MB.

function useSetRoomStatus() {
  const queryClient = useQueryClient();
  return (roomId: string, status: RoomStatus) => {
    queryClient.setQueriesData<RoomView>({ queryKey: roomsWithKey }, (room) =>
      room && room.id === roomId ? { ...room, status } : room,
    );
    void queryClient.invalidateQueries({ queryKey: chatListsKey });
  };
}

/** 'Mark as' → PUT status; the automatic message joins the chat. */
export function useChangeStatus(roomId: string, onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setStatus = useSetRoomStatus();
  return useMutation({
    mutationFn: (status: RoomStatus) => putRoomStatus(roomId, status),
    onSuccess: (message, status) => {
      storeMessage(queryClient, message);
      setStatus(roomId, status);
      toast.success(t('chat.candidateMarked', { status: pickLabel('roomStatus', status) }));
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, t('chat.statusFailed'))),
  });
}

/** 'Schedule Interview' → the invitation message; the status becomes interviewing. */
export function useScheduleInterview(roomId: string, onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setStatus = useSetRoomStatus();
  return useMutation({
    mutationFn: (body: { date: string; time: string; place: string }) =>
      postInterview(roomId, body),
    onSuccess: (message) => {
      storeMessage(queryClient, message);
      setStatus(roomId, 'interviewing');
      toast.success(t('chat.interviewSent'));
      onDone();
    },
    onError: (err) => toast.error(errorMessage(err, t('chat.interviewFailed'))),
  });
}

/** Starts a download of a signed link (served as an attachment: the page stays). */
function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * 'Download Resume': a fresh signed link when there is a resume; when there is none, the
 * automatic message asking the candidate for one ('No Resume updated.Sent message'). Refused
 * (403: not shared with this recruiter): the server's message, and the room is read again so the
 * tools show what is shared now.
 */
export function useDownloadResume(roomId: string, seekerId: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      download((await fetchResumeLink(seekerId)).url);
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) {
        toast.error(errorMessage(err, t('upload.failed')));
        if (err instanceof ApiError && err.status === 403)
          void queryClient.invalidateQueries({ queryKey: roomsWithKey });
        return;
      }
      try {
        const answer = await postResumeRequest(roomId);
        if (answer.message) storeMessage(queryClient, answer.message);
        if (answer.hasResume) download((await fetchResumeLink(seekerId)).url);
        else toast(t('chat.noResumeSent'));
      } catch (requestErr) {
        toast.error(errorMessage(requestErr, t('chat.sendFailed')));
      }
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

/** The seeker's resume upload from the chat (PDF, at most 5 MB), as on the profile page. */
export function useUploadResume() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function upload(file: File) {
    if (file.type !== 'application/pdf') return void toast.error(t('upload.resumeType'));
    if (file.size > RESUME_MAX_BYTES) return void toast.error(t('upload.resumeTooLarge'));
    setBusy(true);
    const id = toast.loading(t('upload.uploadingResume'));
    try {
      await uploadMyResume(file);
      toast.success(t('upload.resumeUploaded'), { id });
      void queryClient.invalidateQueries({ queryKey: seekerProfileKey });
    } catch (err) {
      toast.error(errorMessage(err, t('upload.failed')), { id });
    } finally {
      setBusy(false);
    }
  }
  return { busy, upload };
}
