// After a deploy, a tab opened before it asks for code chunks (lazy screens) whose hashed names no
// longer exist; the dynamic import fails. A reload fetches the new index.html and its chunks.
// These helpers decide that case and make sure an automatic reload happens at most once (a chunk
// that keeps failing, e.g. offline, must end on the retry screen, not in a reload loop).

/** Messages of a failed dynamic import or chunk preload, per engine (and webpack's error name). */
const CHUNK_ERRORS = [
  'Failed to fetch dynamically imported module', // Chromium
  'Importing a module script failed', // Safari
  'error loading dynamically imported module', // Firefox
  'Unable to preload CSS', // Vite's preload helper
  'Loading chunk', // webpack-style "Loading chunk 12 failed"
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERRORS.some((text) => error.message.includes(text));
}

/** The sessionStorage key holding when this tab last reloaded itself for a chunk error. */
export const RELOAD_KEY = 'nearhire.chunkReloadAt';
/** A second chunk failure within this window shows the retry screen instead of reloading. */
export const RELOAD_WINDOW_MS = 60_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * Whether to reload now: only if this tab has not reloaded for a chunk error in the last minute.
 * Without storage (blocked, private mode quirks) it never reloads: it could not tell the second
 * time from the first.
 */
export function shouldReloadForChunk(storage: Storage | null, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
    return !(now - last < RELOAD_WINDOW_MS);
  } catch {
    return false;
  }
}

/** Records the automatic reload; false when it cannot be recorded (then do not reload). */
export function markChunkReload(storage: Storage | null, now = Date.now()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(RELOAD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}

/** The tab's sessionStorage, or null where reading it throws. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
