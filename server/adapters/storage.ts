import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where files live: local disk by default, S3-compatible storage in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (account deletion). */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`bad storage key: ${key}`);
}

export function createStorage(config: Config): Storage {
  if (config.storage.driver === 'disk') return diskStorage(config.storage.dir);
  throw new Error('S3 storage driver not available yet');
}

/** Files under one folder; the content type is kept in a sidecar file next to each file. */
export function diskStorage(root: string): Storage {
  const file = (key: string) => {
    assertKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, body, contentType) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, body);
      await writeFile(`${target}.type`, contentType);
    },
    async get(key) {
      try {
        const target = file(key);
        const [body, contentType] = await Promise.all([readFile(target), readFile(`${target}.type`, 'utf8')]);
        return { body, contentType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const target = file(key);
      await rm(target, { force: true });
      await rm(`${target}.type`, { force: true });
    },
    async deletePrefix(prefix) {
      assertKey(prefix);
      await rm(path.join(root, prefix), { recursive: true, force: true });
    },
  };
}
