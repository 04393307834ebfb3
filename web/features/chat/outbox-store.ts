import { createStore, del, delMany, entries, set, type UseStore } from 'idb-keyval';
import { keptFor } from './outbox.ts';
import type { OutgoingMessage } from './message-store.ts';

/**
 * Where the outbox keeps unsent messages across reloads: IndexedDB through idb-keyval, one
 * record per message (keyed by its client id, with its user), so two tabs never overwrite each
 * other's list. Best effort: where IndexedDB is missing or refuses (a private window, a full
 * disk) the outbox still works for the life of the tab.
 */
let store: UseStore | null | undefined;

function db(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore('nearhire-outbox', 'messages');
    } catch {
      store = null;
    }
  }
  return store;
}

async function attempt<T>(work: (s: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const s = db();
  if (!s) return fallback;
  try {
    return await work(s);
  } catch (err) {
    console.warn('outbox storage failed', err);
    return fallback;
  }
}

export const keepOutgoing = (userId: string, entry: OutgoingMessage) =>
  attempt((s) => set(entry.clientId, { ...entry, userId }, s), undefined);

export const forgetOutgoing = (clientId: string) => attempt((s) => del(clientId, s), undefined);

/** This user's kept messages, in the order they were written. */
export const loadOutgoing = (userId: string) =>
  attempt(
    async (s) =>
      keptFor(
        (await entries(s)).map(([, value]) => value as unknown),
        userId,
      ),
    [],
  );

/** Forgets this user's unsent messages (they signed out on this device). */
export const clearOutgoing = (userId: string) =>
  attempt(async (s) => {
    const mine = (await entries(s)).filter(([, v]) => (v as { userId?: string }).userId === userId);
    await delMany(
      mine.map(([key]) => key),
      s,
    );
  }, undefined);
