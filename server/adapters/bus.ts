import { Redis } from 'ioredis';
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { RealtimeEvent } from '#shared/schemas/chat.ts';

/**
 * Cross-instance fan-out and presence. Without REDIS_URL everything stays in this process; with
 * it, events go through Redis pub/sub to every instance, and presence lives in Redis sets, so two
 * servers behind a load balancer deliver to each other's clients and agree on who is online.
 */
export interface Bus {
  /**
   * Delivers an event to every live connection of these users, on every instance, except the
   * connection `skipConn` (the socket a message came from already has it in its ack).
   */
  publish(userIds: string[], event: RealtimeEvent, skipConn?: string): Promise<void>;
  /** Receives every published event (each instance then delivers to its own sockets). */
  onEvent(handler: (userIds: string[], event: RealtimeEvent, skipConn?: string) => void): void;
  /** Marks a connection live; true when the user just came online. */
  connect(userId: string, connId: string): Promise<boolean>;
  /** Marks a connection gone; true when the user just went offline. */
  disconnect(userId: string, connId: string): Promise<boolean>;
  online(userIds: string[]): Promise<Set<string>>;
  /**
   * Readiness (/api/ready): 'ok' when Redis answers PING, 'not configured' for the in-process bus;
   * rejects when Redis does not answer.
   */
  ping(): Promise<'ok' | 'not configured'>;
  close(): Promise<void>;
}

/** Where the bus says that Redis went away and came back (the app's logger). */
export interface BusLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export function createBus(redisUrl: string | null, log: BusLog): Bus {
  return redisUrl ? redisBus(redisUrl, log) : memoryBus();
}

export function memoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const conns = new Map<string, Set<string>>();
  return {
    async publish(userIds, event, skipConn) {
      emitter.emit('event', userIds, event, skipConn);
    },
    onEvent(handler) {
      emitter.on('event', handler);
    },
    async connect(userId, connId) {
      const set = conns.get(userId) ?? new Set<string>();
      conns.set(userId, set);
      set.add(connId);
      return set.size === 1;
    },
    async disconnect(userId, connId) {
      const set = conns.get(userId);
      if (!set?.delete(connId)) return false;
      if (set.size > 0) return false;
      conns.delete(userId);
      return true;
    },
    async online(userIds) {
      return new Set(userIds.filter((id) => (conns.get(id)?.size ?? 0) > 0));
    },
    async ping() {
      return 'not configured' as const;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

const CHANNEL = 'nearhire:events';
const PRESENCE_TTL_SECONDS = 90;
const presenceKey = (userId: string) => `nearhire:presence:${userId}`;

export function redisBus(url: string, log: BusLog): Bus {
  const pub = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  const instance = randomBytes(6).toString('hex');
  const local = new Map<string, Set<string>>();
  const handlers: ((userIds: string[], event: RealtimeEvent, skipConn?: string) => void)[] = [];
  let closing = false;
  // ioredis reconnects by itself. Without an 'error' listener it printed every failed attempt
  // with a stack to stderr, outside the JSON logs (a few lines a second while Redis was away):
  // now one warning when a connection is lost and one line when it is back (decision 028).
  for (const [conn, role] of [
    [pub, 'publish'],
    [sub, 'subscribe'],
  ] as const) {
    let down = false;
    conn.on('error', (err: Error) => {
      if (down || closing) return;
      down = true;
      log.warn(
        { redis: role, reason: err.message },
        'redis: connection lost, reconnecting (realtime and presence stay on this instance meanwhile)',
      );
    });
    conn.on('ready', () => {
      if (!down) return;
      down = false;
      log.info({ redis: role }, 'redis: connection back');
    });
  }
  // ioredis subscribes again by itself after a reconnect; this promise fails only when the
  // connection is closed first (an app closed right after it started), which is no error then.
  sub.subscribe(CHANNEL).catch((err: Error) => {
    if (!closing) log.warn({ reason: err.message }, 'redis: could not subscribe');
  });
  sub.on('message', (_channel: string, raw: string) => {
    try {
      const { userIds, event, skipConn } = JSON.parse(raw) as {
        userIds: string[];
        event: RealtimeEvent;
        skipConn?: string;
      };
      for (const h of handlers) h(userIds, event, skipConn);
    } catch {
      // a foreign or broken payload on our channel: ignore it
    }
  });
  // Presence sets expire unless refreshed, so a crashed instance's connections fade out.
  const heartbeat = setInterval(() => {
    const pipeline = pub.pipeline();
    for (const userId of local.keys()) pipeline.expire(presenceKey(userId), PRESENCE_TTL_SECONDS);
    void pipeline.exec().catch(() => {});
  }, 30_000);
  heartbeat.unref();

  // While Redis is away the instance keeps working on its own: what it publishes reaches its own
  // sockets, presence is what it sees itself. The writes that publish are already stored, so a
  // failed fan-out must not turn them into a 500 (the sender would send again), and the reads
  // that ask who is online (the feed, the chat list) must not fail or wait on Redis's retries
  // (session 25, decision 028). Readiness (ping) still says Redis failed.
  const live = () => pub.status === 'ready' && !closing;
  const localOnline = (userIds: string[]) =>
    new Set(userIds.filter((id) => (local.get(id)?.size ?? 0) > 0));
  const degraded = (what: string, err: unknown) =>
    log.warn({ reason: (err as Error).message }, `redis: ${what} failed, kept to this instance`);

  return {
    async publish(userIds, event, skipConn) {
      if (live()) {
        try {
          await pub.publish(CHANNEL, JSON.stringify({ userIds, event, skipConn }));
          return;
        } catch (err) {
          degraded('publish', err);
        }
      }
      for (const h of handlers) h(userIds, event, skipConn);
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async connect(userId, connId) {
      const set = local.get(userId) ?? new Set<string>();
      local.set(userId, set);
      set.add(connId);
      if (live()) {
        try {
          const [[, added], [, size]] = (await pub
            .multi()
            .sadd(presenceKey(userId), `${instance}:${connId}`)
            .scard(presenceKey(userId))
            .expire(presenceKey(userId), PRESENCE_TTL_SECONDS)
            .exec()) as [[null, number], [null, number], [null, number]];
          return added === 1 && size === 1;
        } catch (err) {
          degraded('presence', err);
        }
      }
      return set.size === 1;
    },
    async disconnect(userId, connId) {
      const set = local.get(userId);
      const had = set?.delete(connId) ?? false;
      if (set && set.size === 0) local.delete(userId);
      if (live()) {
        try {
          const [[, removed], [, size]] = (await pub
            .multi()
            .srem(presenceKey(userId), `${instance}:${connId}`)
            .scard(presenceKey(userId))
            .exec()) as [[null, number], [null, number]];
          return removed === 1 && size === 0;
        } catch (err) {
          degraded('presence', err);
        }
      }
      return had && !local.has(userId);
    },
    async online(userIds) {
      if (userIds.length === 0) return new Set();
      if (!live()) return localOnline(userIds);
      try {
        const pipeline = pub.pipeline();
        for (const id of userIds) pipeline.scard(presenceKey(id));
        const results = (await pipeline.exec()) ?? [];
        return new Set(userIds.filter((_, i) => Number(results[i]?.[1] ?? 0) > 0));
      } catch (err) {
        degraded('presence', err);
        return localOnline(userIds);
      }
    },
    async ping() {
      // Both connections matter: `pub` publishes and keeps presence, `sub` receives.
      const answers = await Promise.all([pub.ping(), sub.status === 'ready' ? 'PONG' : sub.status]);
      if (answers.some((a) => a !== 'PONG')) throw new Error(`redis: ${answers.join(', ')}`);
      return 'ok' as const;
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      // Our connections are gone with us: take them out of presence.
      const pipeline = pub.pipeline();
      for (const [userId, conns] of local)
        for (const c of conns) pipeline.srem(presenceKey(userId), `${instance}:${c}`);
      await pipeline.exec().catch(() => {});
      sub.disconnect();
      pub.disconnect();
    },
  };
}
