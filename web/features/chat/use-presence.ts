import { useMemo, useSyncExternalStore } from 'react';
import { realtime } from '../../lib/realtime.ts';

/**
 * Who is online (decisions.md "Real online"): seeded by the isOnline values of API answers and
 * kept live by presence events. An answer never overrides an event that came after its request
 * was sent (the event is newer).
 */
const online = new Map<string, boolean>();
const eventAt = new Map<string, number>();
const watchers = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const w of [...watchers]) w();
}

function set(userId: string, value: boolean): boolean {
  if (online.get(userId) === value) return false;
  online.set(userId, value);
  return true;
}

realtime.subscribe((event) => {
  if (event.type !== 'presence') return;
  eventAt.set(event.userId, Date.now());
  if (set(event.userId, event.online)) changed();
});

realtime.watchStatus(() => {
  // Signed out, or our own connection is down: what we knew may be stale, so nobody shows as
  // online until the answers fetched after the reconnect (and new events) say so again.
  const status = realtime.getStatus();
  if ((status !== 'idle' && status !== 'reconnecting') || online.size === 0) return;
  online.clear();
  eventAt.clear();
  changed();
});

/** Presence from an API answer; `requestedAt` is when its request was sent. */
export function seedPresence(
  entries: readonly { userId: string; isOnline: boolean }[],
  requestedAt: number,
): void {
  let any = false;
  for (const { userId, isOnline } of entries) {
    if ((eventAt.get(userId) ?? 0) > requestedAt) continue;
    any = set(userId, isOnline) || any;
  }
  if (any) changed();
}

const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
};
const snapshot = () => version;

/** Online state of these users, live. */
export function usePresence(userIds: readonly string[]): Record<string, boolean> {
  const v = useSyncExternalStore(subscribe, snapshot, snapshot);
  const key = userIds.join(',');
  return useMemo(() => {
    void v;
    const result: Record<string, boolean> = {};
    for (const id of key ? key.split(',') : []) result[id] = online.get(id) ?? false;
    return result;
  }, [key, v]);
}

export function useIsOnline(userId: string): boolean {
  return usePresence([userId])[userId] ?? false;
}
