import { describe, expect, it } from 'vitest';
import type { MessageView } from '#shared/schemas/chat.ts';
import type { OutgoingMessage } from './message-store.ts';
import { keptFor, nextToSend, Outbox, waitsToSendAgain, type OutboxDeps } from './outbox.ts';

class NetworkDown extends Error {}
class Refused extends Error {}

/** A fake world: sends wait until the test answers them, one by one. */
function world() {
  let online = true;
  let nextId = 1;
  const calls: { clientId: string; text: string; answer: (outcome?: Error) => void }[] = [];
  const kept = new Map<string, OutgoingMessage>();
  const delivered: MessageView[] = [];
  const refusals: string[] = [];
  const deps: OutboxDeps = {
    send: (entry) =>
      new Promise<MessageView>((resolve, reject) => {
        calls.push({
          clientId: entry.clientId,
          text: entry.text,
          answer: (outcome) =>
            outcome
              ? reject(outcome)
              : resolve({
                  id: nextId++,
                  roomId: entry.roomId,
                  senderId: 'me',
                  clientId: entry.clientId,
                  kind: 'text',
                  message: entry.text,
                  meta: null,
                  warnings: [],
                  isRead: false,
                  sentAt: new Date().toISOString(),
                }),
        });
      }),
    shouldWait: (err) => err instanceof NetworkDown,
    online: () => online,
    keep: (entry) => void kept.set(entry.clientId, entry),
    forget: (clientId) => void kept.delete(clientId),
    delivered: (message) => void delivered.push(message),
    refused: (_entry, err) => {
      refusals.push((err as Error).message);
      return (err as Error).message;
    },
  };
  const outbox = new Outbox(deps);
  return {
    outbox,
    calls,
    kept,
    delivered,
    refusals,
    setOnline: (v: boolean) => void (online = v),
    /** Lets pending promise callbacks run. */
    settle: () => new Promise((r) => setTimeout(r, 0)),
    states: (room = 'r') => outbox.list(room).map((o) => `${o.text}:${o.state}`),
  };
}

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('outbox', () => {
  it("sends a room's messages one at a time, in the order written, each once", async () => {
    const w = world();
    w.outbox.add('r', 'c1', 'one', at(0));
    w.outbox.add('r', 'c2', 'two', at(0)); // the same millisecond: still after 'one'
    w.outbox.add('r', 'c3', 'three', at(5));
    expect(w.calls.map((c) => c.text)).toEqual(['one']);
    expect(w.states()).toEqual(['one:sending', 'two:sending', 'three:sending']);
    w.outbox.flush(); // a reconnect meanwhile starts nothing twice
    w.calls[0]!.answer();
    await w.settle();
    expect(w.calls.map((c) => c.text)).toEqual(['one', 'two']);
    w.calls[1]!.answer();
    await w.settle();
    w.calls[2]!.answer();
    await w.settle();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c2', 'c3']);
    expect(w.delivered.map((m) => m.message)).toEqual(['one', 'two', 'three']);
    expect(w.outbox.list('r')).toEqual([]);
    expect(w.kept.size).toBe(0);
  });

  it('rooms do not wait for each other', () => {
    const w = world();
    w.outbox.add('a', 'c1', 'to a');
    w.outbox.add('b', 'c2', 'to b');
    expect(w.calls.map((c) => c.text)).toEqual(['to a', 'to b']);
  });

  it('offline, messages wait (kept, nothing sent) and go by themselves, in order, when the network is back', async () => {
    const w = world();
    w.setOnline(false);
    w.outbox.add('r', 'c1', 'one', at(0));
    w.outbox.add('r', 'c2', 'two', at(1));
    expect(w.calls).toEqual([]);
    expect(w.states()).toEqual(['one:waiting', 'two:waiting']);
    expect([...w.kept.keys()]).toEqual(['c1', 'c2']);
    w.setOnline(true);
    w.outbox.flush();
    w.outbox.flush();
    w.calls[0]!.answer();
    await w.settle();
    w.calls[1]!.answer();
    await w.settle();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c2']);
    expect(w.outbox.list('r')).toEqual([]);
    expect(w.kept.size).toBe(0);
  });

  it('a send that never reached the server holds the rest; the next try sends the same message again first', async () => {
    const w = world();
    w.outbox.add('r', 'c1', 'one', at(0));
    w.outbox.add('r', 'c2', 'two', at(1));
    w.calls[0]!.answer(new NetworkDown());
    await w.settle();
    expect(w.calls).toHaveLength(1);
    expect(w.states()).toEqual(['one:waiting', 'two:waiting']);
    expect(w.refusals).toEqual([]);
    w.outbox.flush();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c1']);
    w.calls[1]!.answer();
    await w.settle();
    w.calls[2]!.answer();
    await w.settle();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c1', 'c2']);
    expect(w.outbox.list('r')).toEqual([]);
  });

  it('the network coming back during a failing send tries again at once', async () => {
    const w = world();
    w.outbox.add('r', 'c1', 'one');
    w.outbox.flush(); // 'online' arrives while the first attempt is still failing
    w.calls[0]!.answer(new NetworkDown());
    await w.settle();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c1']);
  });

  it('a refused message shows the refusal, stays kept, does not hold the others, and goes again only on a tap', async () => {
    const w = world();
    w.outbox.add('r', 'c1', 'one', at(0));
    w.outbox.add('r', 'c2', 'two', at(1));
    w.calls[0]!.answer(new Refused('You can no longer send messages in this conversation.'));
    await w.settle();
    expect(w.outbox.list('r')[0]).toMatchObject({
      clientId: 'c1',
      state: 'failed',
      error: 'You can no longer send messages in this conversation.',
    });
    expect(w.kept.get('c1')?.state).toBe('failed');
    w.calls[1]!.answer();
    await w.settle();
    w.outbox.flush(); // a reconnect does not resend a refused message
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c2']);
    w.outbox.retry('r', 'c1');
    expect(w.states()).toEqual(['one:sending']);
    expect(w.outbox.list('r')[0]?.error).toBeUndefined();
    w.calls[2]!.answer();
    await w.settle();
    expect(w.calls.map((c) => c.clientId)).toEqual(['c1', 'c2', 'c1']);
    expect(w.outbox.list('r')).toEqual([]);
  });

  it('a message stored meanwhile (its event came first) is not a failure', async () => {
    const w = world();
    w.outbox.add('r', 'c1', 'one');
    w.outbox.stored('r', 'c1');
    w.calls[0]!.answer(new Refused('late'));
    await w.settle();
    expect(w.outbox.list('r')).toEqual([]);
    expect(w.refusals).toEqual([]);
  });

  it('restores kept messages after a reload and sends them in order; new ones come after them', async () => {
    const w = world();
    const kept = keptFor(
      [
        {
          userId: 'u',
          clientId: 'c2',
          roomId: 'r',
          text: 'two',
          createdAt: 'x',
          seq: at(20).getTime(),
          state: 'sending',
        },
        {
          userId: 'u',
          clientId: 'c1',
          roomId: 'r',
          text: 'one',
          createdAt: 'x',
          seq: at(10).getTime(),
          state: 'waiting',
        },
      ],
      'u',
    );
    w.outbox.restore(kept);
    w.outbox.restore(kept); // a second tab's read: nothing twice
    w.outbox.add('r', 'c3', 'three', at(0)); // an older clock: still after the kept ones
    expect(w.outbox.list('r').map((o) => o.seq - at(0).getTime())).toEqual([10, 20, 21]);
    for (let i = 0; i < 3; i++) {
      w.calls[i]!.answer();
      await w.settle();
    }
    expect(w.calls.map((c) => c.text)).toEqual(['one', 'two', 'three']);
  });

  it("keptFor reads back this user's well-formed records: nothing in flight, refusals kept", () => {
    const base = { roomId: 'r', text: 't', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(
      keptFor(
        [
          { ...base, userId: 'u', clientId: 'b', seq: 2, state: 'failed', error: 'No' },
          { ...base, userId: 'u', clientId: 'a', seq: 1, state: 'sending' },
          { ...base, userId: 'other', clientId: 'c', seq: 3, state: 'waiting' },
          { ...base, userId: 'u', clientId: 'd', seq: '4', state: 'waiting' },
          null,
          'junk',
        ],
        'u',
      ),
    ).toEqual([
      { ...base, clientId: 'a', seq: 1, state: 'waiting' },
      { ...base, clientId: 'b', seq: 2, state: 'failed', error: 'No' },
    ]);
  });

  it('nextToSend is the earliest written that was not refused', () => {
    const o = (clientId: string, seq: number, state: OutgoingMessage['state']) =>
      ({ clientId, roomId: 'r', text: clientId, createdAt: '', seq, state }) as OutgoingMessage;
    expect(
      nextToSend([o('b', 2, 'waiting'), o('a', 1, 'failed'), o('c', 3, 'sending')])?.clientId,
    ).toBe('b');
    expect(nextToSend([o('a', 1, 'failed')])).toBeUndefined();
  });
});

describe('which answers a message waits out', () => {
  it('no network, a session to renew, and a proxy or a busy server: waits; a refusal does not', () => {
    for (const status of [0, 401, 502, 503, 504]) expect(waitsToSendAgain(status)).toBe(true);
    for (const status of [400, 403, 404, 409, 413, 429, 500])
      expect(waitsToSendAgain(status)).toBe(false);
  });
});
