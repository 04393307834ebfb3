import type { MessageView } from '#shared/schemas/chat.ts';
import { upsertOutgoing, withoutOutgoing, type OutgoingMessage } from './message-store.ts';

/**
 * The outbox: messages written in this browser until the server has them (decision 018). Each
 * room sends its messages one at a time, in the order they were written, each with its own client
 * id for good, so a message that went out twice (a socket that died after delivering it, two tabs,
 * a reload in the middle) is stored once. Without a network a message waits and goes by itself
 * when the network is back; a message the server refuses stays, with the refusal, until a tap
 * sends it again. Nothing here touches the DOM, the server or storage: `OutboxDeps` does
 * (use-outbox.ts), so the rules are tested without a browser.
 */
export interface OutboxDeps {
  /** Sends one message (socket, else HTTP with the same client id); the stored message. */
  send(entry: OutgoingMessage): Promise<MessageView>;
  /** The send never reached the server (no network, the session to renew): wait, then again. */
  shouldWait(err: unknown): boolean;
  /** Whether the browser believes it is online. */
  online(): boolean;
  /** Keeps the entry across reloads (best effort), or forgets it. */
  keep(entry: OutgoingMessage): void;
  forget(clientId: string): void;
  /** The server has it: it joins the room's messages. */
  delivered(message: MessageView): void;
  /** The server refused it: tell the person; returns the words the message shows. */
  refused(entry: OutgoingMessage, err: unknown): string;
}

/**
 * A room with nothing outgoing: one constant, also the server's snapshot in `useOutbox`, so a
 * server-rendered chat's takeover finds the same list and does not render it again.
 */
export const NO_OUTGOING: readonly OutgoingMessage[] = [];

/**
 * Answers after which a message waits and goes again by itself, in its turn, rather than being
 * refused: 0, the request never reached us; 401, the session is to be renewed; 502, 503 and 504,
 * a proxy or the server shedding load (a deploy, a busy minute) did not take it. Marked failed
 * instead, it waited for a tap while the messages written after it went first (session 22).
 */
export function waitsToSendAgain(status: number): boolean {
  return status === 0 || status === 401 || status === 502 || status === 503 || status === 504;
}

/** The next message of a room to send: the earliest written that the server has not refused. */
export function nextToSend(outbox: readonly OutgoingMessage[]): OutgoingMessage | undefined {
  let next: OutgoingMessage | undefined;
  for (const o of outbox) if (o.state !== 'failed' && (!next || o.seq < next.seq)) next = o;
  return next;
}

/** No network: every message of the room that was going out waits for it instead. */
export function holdAll(outbox: readonly OutgoingMessage[]): OutgoingMessage[] {
  return outbox.map((o) => (o.state === 'sending' ? { ...o, state: 'waiting' } : o));
}

/**
 * Entries read back from storage for this user, in writing order: anything malformed or another
 * user's is left out, and nothing is in flight after a reload (sending becomes waiting).
 */
export function keptFor(values: readonly unknown[], userId: string): OutgoingMessage[] {
  const out: OutgoingMessage[] = [];
  for (const v of values) {
    const e = v as Partial<OutgoingMessage & { userId: string }> | null;
    if (
      !e ||
      e.userId !== userId ||
      typeof e.clientId !== 'string' ||
      typeof e.roomId !== 'string' ||
      typeof e.text !== 'string' ||
      typeof e.createdAt !== 'string' ||
      typeof e.seq !== 'number'
    )
      continue;
    const failed = e.state === 'failed';
    out.push({
      clientId: e.clientId,
      roomId: e.roomId,
      text: e.text,
      createdAt: e.createdAt,
      seq: e.seq,
      state: failed ? 'failed' : 'waiting',
      ...(failed && typeof e.error === 'string' ? { error: e.error } : {}),
    });
  }
  return out.sort((a, b) => a.seq - b.seq);
}

export class Outbox {
  private readonly rooms = new Map<string, readonly OutgoingMessage[]>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly watchers = new Set<() => void>();
  private lastSeq = 0;

  constructor(private readonly deps: OutboxDeps) {}

  /** A room's outgoing messages (the same array until something changes). */
  list = (roomId: string): readonly OutgoingMessage[] => this.rooms.get(roomId) ?? NO_OUTGOING;

  watch = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => void this.watchers.delete(watcher);
  };

  /** A message just written: kept, shown, and sent in its turn (held while offline). */
  add(roomId: string, clientId: string, text: string, now = new Date()): OutgoingMessage {
    this.lastSeq = Math.max(now.getTime(), this.lastSeq + 1);
    const entry: OutgoingMessage = {
      clientId,
      roomId,
      text,
      createdAt: now.toISOString(),
      seq: this.lastSeq,
      state: this.deps.online() ? 'sending' : 'waiting',
    };
    this.put(entry);
    this.deps.keep(entry);
    void this.run(roomId);
    return entry;
  }

  /** Entries kept from before (a reload): added unless held already, then sent in order. */
  restore(entries: readonly OutgoingMessage[]): void {
    for (const entry of entries) {
      this.lastSeq = Math.max(this.lastSeq, entry.seq);
      if (!this.list(entry.roomId).some((o) => o.clientId === entry.clientId)) this.put(entry);
    }
    this.flush();
  }

  /** A tap on a refused message: it goes again, with the same client id. */
  retry(roomId: string, clientId: string): void {
    const entry = this.list(roomId).find((o) => o.clientId === clientId);
    if (entry?.state !== 'failed') return;
    const again: OutgoingMessage = {
      clientId: entry.clientId,
      roomId: entry.roomId,
      text: entry.text,
      createdAt: entry.createdAt,
      seq: entry.seq,
      state: this.deps.online() ? 'sending' : 'waiting',
    };
    this.put(again);
    this.deps.keep(again);
    void this.run(roomId);
  }

  /** The server has this message (its answer, or the event another tab's send caused). */
  stored(roomId: string, clientId: string): void {
    const list = this.rooms.get(roomId);
    const rest = withoutOutgoing(list, clientId);
    if (!list || rest === list) return;
    this.set(roomId, rest ?? NO_OUTGOING);
    this.deps.forget(clientId);
  }

  /** The network is back, or the socket reconnected: every room sends what waits. */
  flush(): void {
    for (const roomId of [...this.rooms.keys()]) void this.run(roomId, true);
  }

  /** Forgets everything held in memory (another user signed in, or this one signed out). */
  clear(): void {
    this.rooms.clear();
    this.notify();
  }

  /**
   * One sender per room: the earliest message first, the next only after its answer (it reads
   * the list again after each, so a message written meanwhile is in its turn). `wake`: the
   * network is back; if a send is failing right now, look again once it has.
   */
  private async run(roomId: string, wake = false): Promise<void> {
    if (this.running.has(roomId)) {
      if (wake) this.again.add(roomId);
      return;
    }
    this.running.add(roomId);
    try {
      for (;;) {
        const next = nextToSend(this.list(roomId));
        if (!next) break;
        if (!this.deps.online()) {
          this.set(roomId, holdAll(this.list(roomId)));
          break;
        }
        if (next.state !== 'sending') this.put({ ...next, state: 'sending' });
        let message: MessageView;
        try {
          message = await this.deps.send(next);
        } catch (err) {
          // Stored meanwhile (its event came first): nothing failed.
          if (!this.list(roomId).some((o) => o.clientId === next.clientId)) continue;
          if (this.deps.shouldWait(err)) {
            this.set(roomId, holdAll(this.list(roomId)));
            break;
          }
          const failed: OutgoingMessage = {
            ...next,
            state: 'failed',
            error: this.deps.refused(next, err),
          };
          this.put(failed);
          this.deps.keep(failed);
          continue;
        }
        this.deps.delivered(message);
        this.stored(roomId, next.clientId);
      }
    } finally {
      this.running.delete(roomId);
      // Woken while busy (the network came back during a send that failed): look again.
      if (this.again.delete(roomId)) void this.run(roomId, true);
    }
  }

  private put(entry: OutgoingMessage): void {
    this.set(entry.roomId, upsertOutgoing(this.rooms.get(entry.roomId), entry));
  }

  private set(roomId: string, list: readonly OutgoingMessage[]): void {
    if (list.length === 0) this.rooms.delete(roomId);
    else this.rooms.set(roomId, list);
    this.notify();
  }

  private notify(): void {
    for (const w of [...this.watchers]) w();
  }
}
