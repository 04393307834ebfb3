import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { blockedList, reportBody } from '#shared/schemas/moderation.ts';
import { api, ApiError } from './api.ts';

// Report and block (issue 12), used from chats, job pages, candidate pages and both settings
// screens: the calls and the one query of the people I blocked.

export type ReportBody = z.input<typeof reportBody>;
export type BlockedPerson = z.infer<typeof blockedList>['blocked'][number];

export const blockedKey = ['blocks'] as const;

/** `POST /api/reports` → 201 `{ report: { id } }`. */
export const sendReport = (body: ReportBody) =>
  api<{ report: { id: string } }>('/api/reports', { method: 'POST', body }).then((r) => r.report);

/** The same person, job or message was reported by me before (409): a friendly note, no error. */
export const alreadyReported = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 409 && err.code === 'moderation.alreadyReported';

/** `POST /api/blocks` → 204. */
export const blockUser = (userId: string) =>
  api<void>('/api/blocks', { method: 'POST', body: { userId } });

/** `DELETE /api/blocks/:userId` → 204. */
export const unblockUser = (userId: string) =>
  api<void>(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' });

/** `GET /api/blocks`: the people I blocked, to undo in settings. */
export function useBlockedPeople() {
  return useQuery({
    queryKey: blockedKey,
    queryFn: ({ signal }) =>
      api<z.infer<typeof blockedList>>('/api/blocks', { signal }).then((r) => r.blocked),
  });
}

/**
 * Block or unblock someone. Afterwards everything that shows people is read again (chats,
 * feeds, recommendations and the blocked list): blocking hides both sides from each other.
 */
export function useBlockToggle(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: boolean) => (block ? blockUser(userId) : unblockUser(userId)),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
