import { describe, expect, it } from 'vitest';
import {
  RELOAD_KEY,
  RELOAD_WINDOW_MS,
  isChunkLoadError,
  markChunkReload,
  shouldReloadForChunk,
} from './chunk-reload.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('isChunkLoadError', () => {
  it("knows each engine's failed dynamic import and Vite's failed preload", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://nearhire.in/assets/chat-page-x1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://nearhire.in/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    }
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
  });

  it('leaves other errors to the retry screen', () => {
    expect(
      isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloading once', () => {
  it('reloads the first time, then not again within the window, then again after it', () => {
    const storage = memoryStorage();
    const now = 1_800_000_000_000;
    expect(shouldReloadForChunk(storage, now)).toBe(true);
    expect(markChunkReload(storage, now)).toBe(true);
    expect(storage.getItem(RELOAD_KEY)).toBe(String(now));
    expect(shouldReloadForChunk(storage, now + 5_000)).toBe(false);
    expect(shouldReloadForChunk(storage, now + RELOAD_WINDOW_MS)).toBe(true);
  });

  it('never reloads without a working sessionStorage (it could not stop a loop)', () => {
    expect(shouldReloadForChunk(null)).toBe(false);
    expect(markChunkReload(null)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(shouldReloadForChunk(broken)).toBe(false);
    expect(markChunkReload(broken)).toBe(false);
  });
});
