import type { MessageView } from '#shared/schemas/chat.ts';

/**
 * What the cache holds for one room. `loaded` says the newest page has been fetched at least
 * once: until then the messages are only what arrived live, and the next fetch loads the page.
 */
export interface RoomMessages {
  messages: MessageView[];
  loaded: boolean;
  /**
   * The newest id a fetch from the server has returned (fetches have no gaps; live events may:
   * one can arrive while a disconnect's gap is still being caught up). Catch-up starts here.
   */
  syncedThrough?: number;
  /** The server may hold messages older than the first one here (history is paged). */
  hasOlder?: boolean;
}

/**
 * Catch-up re-reads this many held messages before the watermark: ids are handed out at insert
 * and committed in any order, so a message with a lower id can become visible after a higher one.
 */
export const CATCH_UP_OVERLAP = 20;

/** A message typed in this browser that the server has not confirmed yet (outbox.ts). */
export interface OutgoingMessage {
  clientId: string;
  roomId: string;
  text: string;
  /**
   * sending: on its way, or next in line; waiting: held until the network is back, then sent by
   * itself; failed: the server refused it (`error` says why), sent again only on a tap.
   */
  state: 'sending' | 'waiting' | 'failed';
  createdAt: string;
  /** The order of writing in this browser: a room's messages go out in it, one at a time. */
  seq: number;
  error?: string;
}

/**
 * Merges messages by id: never twice, always in id order. A message already held is replaced by
 * the newer copy, except that "read" never goes back to unread (a late answer may predate it).
 */
export function mergeMessages(
  held: readonly MessageView[] | undefined,
  incoming: readonly MessageView[],
): MessageView[] {
  if (incoming.length === 0) return held ? [...held] : [];
  const byId = new Map<number, MessageView>();
  for (const m of held ?? []) byId.set(m.id, m);
  for (const m of incoming) {
    const prev = byId.get(m.id);
    byId.set(m.id, prev?.isRead && !m.isRead ? { ...m, isRead: true } : m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function mergeInto(
  held: RoomMessages | undefined,
  incoming: readonly MessageView[],
  loaded = false,
): RoomMessages {
  const fetchedThrough = loaded && incoming.length ? incoming[incoming.length - 1]!.id : 0;
  const syncedThrough = Math.max(held?.syncedThrough ?? 0, fetchedThrough) || undefined;
  return {
    messages: mergeMessages(held?.messages, incoming),
    loaded: loaded || Boolean(held?.loaded),
    ...(syncedThrough ? { syncedThrough } : {}),
    ...(held?.hasOlder ? { hasOlder: true } : {}),
  };
}

/** A room's newest page, as first loaded: older history may exist when the page is full. */
export function newestPage(
  held: RoomMessages | undefined,
  page: readonly MessageView[],
  pageSize: number,
): RoomMessages {
  const merged = mergeInto(held, page, true);
  return page.length >= pageSize ? { ...merged, hasOlder: true } : merged;
}

/**
 * An older page of history joins the room (it never moves the catch-up watermark); `hasOlder`
 * says whether the server may hold more before it.
 */
export function withOlder(
  held: RoomMessages | undefined,
  older: readonly MessageView[],
  hasOlder: boolean,
): RoomMessages {
  const merged = mergeInto(held, older);
  delete merged.hasOlder;
  return hasOlder ? { ...merged, hasOlder } : merged;
}

/** The reader's partner's messages up to `upTo` become read (a room.read event). */
export function markRead(
  held: RoomMessages | undefined,
  readerId: string,
  upTo: number,
): RoomMessages | undefined {
  if (!held) return held;
  let changed = false;
  const messages = held.messages.map((m) => {
    if (m.isRead || m.id > upTo || m.senderId === readerId) return m;
    changed = true;
    return { ...m, isRead: true };
  });
  return changed ? { ...held, messages } : held;
}

/**
 * Where a catch-up fetch starts: after the last message held, or earlier when some of my own
 * messages are not known to be read yet (their read state is refreshed at the same time).
 */
export function catchUpAfter(
  held: readonly MessageView[],
  myId: string,
  syncedThrough?: number,
): number {
  // From the last gap-free point (not the newest message held, which may have arrived live
  // across a gap), backed off by the overlap.
  const watermark = syncedThrough ?? (held.length ? held[held.length - 1]!.id : 0);
  const below = held.filter((m) => m.id <= watermark);
  let after = below.length > CATCH_UP_OVERLAP ? below[below.length - 1 - CATCH_UP_OVERLAP]!.id : 0;
  for (const m of held) {
    if (m.senderId === myId && !m.isRead) {
      after = Math.min(after, m.id - 1);
      break;
    }
  }
  return Math.max(0, after);
}

/** Outgoing messages still to show: the ones whose stored copy is not in the list yet. */
export function pendingOnly(
  outbox: readonly OutgoingMessage[],
  messages: readonly MessageView[],
): OutgoingMessage[] {
  if (outbox.length === 0) return [];
  const stored = new Set(messages.map((m) => m.clientId));
  return outbox.filter((o) => !stored.has(o.clientId));
}

export function upsertOutgoing(
  outbox: readonly OutgoingMessage[] | undefined,
  entry: OutgoingMessage,
): OutgoingMessage[] {
  const list = outbox ?? [];
  return list.some((o) => o.clientId === entry.clientId)
    ? list.map((o) => (o.clientId === entry.clientId ? entry : o))
    : [...list, entry];
}

export function withoutOutgoing(
  outbox: readonly OutgoingMessage[] | undefined,
  clientId: string,
): OutgoingMessage[] | undefined {
  if (!outbox?.some((o) => o.clientId === clientId)) return outbox as OutgoingMessage[] | undefined;
  return outbox.filter((o) => o.clientId !== clientId);
}

/** The newest message from the other side (what "read up to" points at). */
export function newestFromOther(
  messages: readonly MessageView[],
  myId: string,
): MessageView | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.senderId !== myId) return messages[i];
  }
  return undefined;
}

/** My last stored message (the one that carries the 'Read' mark). */
export function myLastMessage(
  messages: readonly MessageView[],
  myId: string,
): MessageView | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.senderId === myId) return messages[i];
  }
  return undefined;
}
