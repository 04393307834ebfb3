import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { moderationActionBody, QueueItem } from '#shared/schemas/moderation.ts';
import { api } from '../../lib/api.ts';

/** The moderation queue (moderators only): reports and held jobs with their context. */
export const queueKey = ['admin', 'queue'] as const;

export function useModerationQueue() {
  return useQuery({
    queryKey: queueKey,
    staleTime: 0,
    queryFn: ({ signal }) =>
      api<{ items: QueueItem[] }>('/api/admin/queue', { signal }).then((r) => r.items),
  });
}

export type ModerationActionBody = z.output<typeof moderationActionBody>;

/** `POST /api/admin/actions` → `{ ok: true }`; recorded with who, when and why. */
export const postModerationAction = (body: ModerationActionBody) =>
  api<{ ok: true }>('/api/admin/actions', { method: 'POST', body });
