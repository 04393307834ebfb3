import { describe, expect, it } from 'vitest';
import type { MessageView } from '#shared/schemas/chat.ts';
import {
  CATCH_UP_OVERLAP,
  catchUpAfter,
  markRead,
  mergeInto,
  mergeMessages,
  newestFromOther,
  pendingOnly,
  upsertOutgoing,
  withOlder,
  withoutOutgoing,
  type OutgoingMessage,
} from './message-store.ts';

const ME = 'me';
const THEM = 'them';
const msg = (id: number, senderId: string = THEM, isRead = false): MessageView => ({
  id,
  roomId: 'r',
  senderId,
  clientId: `c${id}`,
  kind: 'text',
  message: `m${id}`,
  meta: null,
  warnings: [],
  isRead,
  sentAt: new Date(2025, 0, 1, 0, id).toISOString(),
});
const out = (clientId: string, state: OutgoingMessage['state'] = 'sending'): OutgoingMessage => ({
  clientId,
  roomId: 'r',
  text: clientId,
  state,
  createdAt: '2025-01-01T00:00:00.000Z',
  seq: 1,
});

describe('message store', () => {
  it('merges by id: never twice, always in id order', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(2), msg(3), msg(5), msg(4)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    // The same event delivered twice (socket + catch-up) is still one message.
    expect(mergeMessages(merged, [msg(5), msg(5)]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('never turns a read message back to unread (a late answer may predate the receipt)', () => {
    const [m] = mergeMessages([msg(1, ME, true)], [msg(1, ME, false)]);
    expect(m!.isRead).toBe(true);
    const [n] = mergeMessages([msg(1, ME, false)], [msg(1, ME, true)]);
    expect(n!.isRead).toBe(true);
  });

  it('remembers whether the newest page was loaded', () => {
    const live = mergeInto(undefined, [msg(9)]);
    expect(live.loaded).toBe(false);
    const page = mergeInto(live, [msg(7), msg(8)], true);
    expect(page).toEqual({ messages: [msg(7), msg(8), msg(9)], loaded: true, syncedThrough: 8 });
    expect(mergeInto(page, [msg(10)]).loaded).toBe(true);
  });

  it("marks the reader's partner's messages read up to an id", () => {
    const held = { messages: [msg(1, ME), msg(2, THEM), msg(3, ME), msg(4, ME)], loaded: true };
    const after = markRead(held, THEM, 3)!;
    expect(after.messages.map((m) => m.isRead)).toEqual([true, false, true, false]);
    expect(markRead(after, THEM, 3)).toBe(after);
  });

  it('catches up after the last message, or from my oldest message not known as read', () => {
    expect(catchUpAfter([], ME)).toBe(0);
    // Few messages held: everything is re-read (the overlap covers late commits).
    expect(catchUpAfter([msg(1), msg(2, ME, true), msg(5)], ME)).toBe(0);
    const many = Array.from({ length: 40 }, (_, i) => msg(i + 1, THEM, true));
    expect(catchUpAfter(many, ME)).toBe(40 - CATCH_UP_OVERLAP);
    // From the last gap-free point, not from a newer message that arrived live across a gap.
    expect(catchUpAfter(many, ME, 30)).toBe(30 - CATCH_UP_OVERLAP);
    // My oldest message not known as read pulls the start back.
    expect(catchUpAfter([...many.slice(0, 5), msg(6, ME), ...many.slice(6)], ME)).toBe(5);
  });

  it('shows an outgoing message until its stored copy is in the list', () => {
    const outbox = [out('a'), out('b', 'failed')];
    expect(pendingOnly(outbox, [msg(1)]).map((o) => o.clientId)).toEqual(['a', 'b']);
    expect(pendingOnly(outbox, [{ ...msg(2, ME), clientId: 'a' }]).map((o) => o.clientId)).toEqual([
      'b',
    ]);
  });

  it('keeps one outgoing entry per client id (a retry reuses it)', () => {
    const once = upsertOutgoing(undefined, out('a'));
    const retried = upsertOutgoing(upsertOutgoing(once, out('a', 'failed')), out('a'));
    expect(retried).toEqual([out('a')]);
    expect(withoutOutgoing(retried, 'a')).toEqual([]);
    expect(withoutOutgoing(retried, 'x')).toBe(retried);
  });

  it('finds the newest message from the other side', () => {
    expect(newestFromOther([msg(1), msg(2, ME)], ME)?.id).toBe(1);
    expect(newestFromOther([msg(2, ME)], ME)).toBeUndefined();
  });
});

describe('sync watermark', () => {
  it('only fetches move it; live messages do not', () => {
    const fetched = mergeInto(undefined, [msg(1), msg(2)], true);
    expect(fetched.syncedThrough).toBe(2);
    const live = mergeInto(fetched, [msg(9)]);
    expect(live.syncedThrough).toBe(2);
    const caughtUp = mergeInto(live, [msg(3), msg(9)], true);
    expect(caughtUp.syncedThrough).toBe(9);
  });
});

describe('older history', () => {
  it('puts an older page first, keeps the watermark and says whether more may be older', () => {
    const newest = { ...mergeInto(undefined, [msg(201), msg(202)], true), hasOlder: true };
    const older = withOlder(newest, [msg(101), msg(102)], true);
    expect(older.messages.map((m) => m.id)).toEqual([101, 102, 201, 202]);
    expect(older.syncedThrough).toBe(202);
    expect(older.hasOlder).toBe(true);
    const oldest = withOlder(older, [msg(1), msg(101)], false);
    expect(oldest.messages.map((m) => m.id)).toEqual([1, 101, 102, 201, 202]);
    expect(oldest.hasOlder).toBeUndefined();
    // Live messages and catch-ups keep what is known about older history.
    expect(mergeInto(older, [msg(203)]).hasOlder).toBe(true);
    expect(mergeInto(oldest, [msg(203)], true).hasOlder).toBeUndefined();
  });
});
