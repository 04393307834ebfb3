import type { RoomStatus } from '#shared/picklists.ts';
import type { ChatListPage, MessageView, RoomView } from '#shared/schemas/chat.ts';
import { api, apiUpload } from '../../lib/api.ts';
import { realtime, SocketUnavailable } from '../../lib/realtime.ts';

/** Every chat query lives under this key: one invalidation refreshes them all after a reconnect. */
export const chatKey = ['chat'] as const;
export const chatListsKey = [...chatKey, 'rooms'] as const;
export const chatListKey = (status: RoomStatus | null) =>
  [...chatListsKey, status ?? 'all'] as const;
export const roomsWithKey = [...chatKey, 'with'] as const;
export const roomWithKey = (otherId: string, jobId: string | null) =>
  [...roomsWithKey, otherId, jobId ?? ''] as const;
export const messagesKey = (roomId: string) => [...chatKey, 'messages', roomId] as const;
/**
 * Why the server refuses sends into a room (a block, a suspension), learnt from a refused send;
 * cleared by any refresh of the chat queries (its query answers null), so an unblock or a
 * reconnect lets the next send find out again.
 */
export const refusedKey = (roomId: string) => [...chatKey, 'refused', roomId] as const;

const enc = encodeURIComponent;

/** One page of a chat list, newest activity first; the cursor comes from the page before. */
export const fetchChatList = (
  status: RoomStatus | null,
  cursor: string | null,
  signal?: AbortSignal,
) => {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  return api<ChatListPage>(`/api/rooms${q.size ? `?${q}` : ''}`, { signal });
};

export const fetchRoomWith = (otherId: string, jobId: string | null, signal?: AbortSignal) =>
  api<{ room: RoomView }>(`/api/rooms/with/${enc(otherId)}${jobId ? `?job=${enc(jobId)}` : ''}`, {
    signal,
  }).then((r) => r.room);

/** Seeker: { jobId }; recruiter: { seekerId, jobId? }. Get-or-create on the server. */
export const startRoom = (body: { jobId: string } | { seekerId: string; jobId?: string }) =>
  api<{ room: RoomView; created: boolean }>('/api/rooms', { method: 'POST', body });

/** Ascending by id: the newest page, everything after an id (catch-up), or the page before one. */
export const fetchMessages = (
  roomId: string,
  opts: { after?: number; before?: number; limit?: number; signal?: AbortSignal } = {},
) => {
  const q = new URLSearchParams();
  if (opts.after !== undefined) q.set('after', String(opts.after));
  if (opts.before !== undefined) q.set('before', String(opts.before));
  if (opts.limit !== undefined) q.set('limit', String(opts.limit));
  const query = q.size ? `?${q}` : '';
  return api<{ messages: MessageView[] }>(`/api/rooms/${enc(roomId)}/messages${query}`, {
    signal: opts.signal,
  }).then((r) => r.messages);
};

/** Idempotent by clientId: a retry answers the message stored the first time. */
export const postMessage = (roomId: string, clientId: string, message: string) =>
  api<{ message: MessageView }>(`/api/rooms/${enc(roomId)}/messages`, {
    method: 'POST',
    body: { clientId, message },
  }).then((r) => r.message);

/**
 * Sends a message over the tab's WebSocket (the fast path) and, when the socket cannot answer,
 * over HTTP with the same client id: whichever arrived first is stored, once.
 */
export async function sendChatMessage(
  roomId: string,
  clientId: string,
  message: string,
): Promise<MessageView> {
  try {
    return await realtime.sendMessage({ roomId, clientId, message });
  } catch (err) {
    if (err instanceof SocketUnavailable) return postMessage(roomId, clientId, message);
    throw err;
  }
}

export const postRead = (roomId: string, upTo: number) =>
  api<void>(`/api/rooms/${enc(roomId)}/read`, { method: 'POST', body: { upTo } });

export const putRoomStatus = (roomId: string, status: RoomStatus) =>
  api<{ message: MessageView }>(`/api/rooms/${enc(roomId)}/status`, {
    method: 'PUT',
    body: { status },
  }).then((r) => r.message);

export const postInterview = (
  roomId: string,
  body: { date: string; time: string; place: string },
) =>
  api<{ message: MessageView }>(`/api/rooms/${enc(roomId)}/interview`, {
    method: 'POST',
    body,
  }).then((r) => r.message);

export const postResumeRequest = (roomId: string) =>
  api<{ hasResume: boolean; message: MessageView | null }>(
    `/api/rooms/${enc(roomId)}/resume-request`,
    { method: 'POST' },
  );

export const fetchResumeLink = (seekerId: string) =>
  api<{ url: string; expiresAt: string }>(`/api/seekers/${enc(seekerId)}/resume-link`);

export const uploadMyResume = (file: File) =>
  apiUpload<{ resume: { uploadedAt: string } }>('/api/me/resume', file);

/** crypto.randomUUID needs a secure context; plain-http LAN testing still gets a v4 UUID. */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
