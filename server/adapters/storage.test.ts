import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertKey, createStorage, diskStorage, s3Storage, type Storage } from './storage.ts';
import { testConfig } from '../config.ts';

// One contract, two drivers: the disk driver on a temporary folder, and the S3 driver against a
// real S3-compatible server (s3rver) on a free local port, so both behave the same for callers.
const BUCKET = 'nearhire-test';
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'nearhire-storage-'));
  dirs.push(dir);
  return dir;
};
let s3server: S3rver | null = null;
let s3Endpoint = '';

beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await tempDir(),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3server.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3server?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const s3Config = () => ({
  driver: 's3' as const,
  endpoint: s3Endpoint,
  region: 'us-east-1',
  bucket: BUCKET,
  // s3rver's fixed development credentials.
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
});

const drivers: Array<[string, () => Promise<Storage>]> = [
  ['disk', async () => diskStorage(await tempDir())],
  // Built through createStorage so the configuration path is what is tested.
  ['s3', async () => createStorage(testConfig({ storage: s3Config() }))],
];

describe.each(drivers)('%s storage', (_name, make) => {
  let storage: Storage;
  beforeAll(async () => {
    storage = await make();
  });

  it('stores bytes and content type, and reads them back', async () => {
    const body = Buffer.from([0, 1, 2, 250, 255]);
    await storage.put('public/u/a/avatar-1.webp', body, 'image/webp');
    const got = await storage.get('public/u/a/avatar-1.webp');
    expect(got?.contentType).toBe('image/webp');
    expect(got?.body.equals(body)).toBe(true);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    expect(await storage.get('public/u/a/missing.webp')).toBeNull();
    await storage.put('private/u/a/resume-1.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await storage.delete('private/u/a/resume-1.pdf');
    await storage.delete('private/u/a/resume-1.pdf');
    expect(await storage.get('private/u/a/resume-1.pdf')).toBeNull();
  });

  it('deletes a folder and nothing beside it (u/1 is not u/10)', async () => {
    for (const k of ['x1', 'x2', 'sub/x3']) {
      await storage.put(`public/u/1/${k}.webp`, Buffer.from(k), 'image/webp');
    }
    await storage.put('public/u/10/keep.webp', Buffer.from('keep'), 'image/webp');
    await storage.deletePrefix('public/u/1/');
    expect(await storage.get('public/u/1/x1.webp')).toBeNull();
    expect(await storage.get('public/u/1/sub/x3.webp')).toBeNull();
    expect((await storage.get('public/u/10/keep.webp'))?.body.toString()).toBe('keep');
    // Without the trailing slash it is still the folder.
    await storage.deletePrefix('public/u/10');
    expect(await storage.get('public/u/10/keep.webp')).toBeNull();
  });

  it('refuses keys that could escape or are not canonical', async () => {
    for (const bad of ['../etc/passwd', '/abs', 'public/../x', 'a//b', 'UPPER', '']) {
      await expect(storage.put(bad, Buffer.from('x'), 'text/plain')).rejects.toThrow(/bad storage/);
      await expect(storage.get(bad)).rejects.toThrow(/bad storage/);
    }
  });
});

describe('storage details', () => {
  it('assertKey accepts the keys the app makes', () => {
    expect(() => assertKey('public/u/0b4e/avatar-0af3.webp')).not.toThrow();
    expect(() => assertKey('private/u/0b4e/resume-0af3.pdf')).not.toThrow();
  });

  it('the disk driver leaves no file behind after deleting a folder', async () => {
    const root = await tempDir();
    const disk = diskStorage(root);
    await disk.put('private/u/z/resume-1.pdf', Buffer.from('%PDF-'), 'application/pdf');
    await disk.deletePrefix('private/u/z/');
    expect(existsSync(path.join(root, 'private/u/z'))).toBe(false);
    expect(await readdir(path.join(root, 'private/u'))).toEqual([]);
  });

  // s3rver cannot answer a truncated listing on Node 20 (its continuation tokens use DES, which
  // OpenSSL 3 no longer offers), so paging is checked against a scripted client instead.
  it('the S3 driver pages through large folders', async () => {
    const objects = [
      'public/u/p/a',
      'public/u/p/b',
      'public/u/p/c',
      'public/u/p/d',
      'public/u/p/e',
    ];
    const deleted: string[] = [];
    const client = {
      async send(command: { input: Record<string, unknown> }) {
        const input = command.input;
        if (command instanceof ListObjectsV2Command) {
          const after = (input.StartAfter as string | undefined) ?? '';
          const rest = objects.filter((k) => k > after && !deleted.includes(k));
          const page = rest.slice(0, input.MaxKeys as number);
          return { Contents: page.map((Key) => ({ Key })), IsTruncated: rest.length > page.length };
        }
        if (command instanceof DeleteObjectsCommand) {
          deleted.push(
            ...(input.Delete as { Objects: { Key: string }[] }).Objects.map((o) => o.Key),
          );
          return {};
        }
        throw new Error('unexpected command');
      },
    } as unknown as S3Client;
    await s3Storage(s3Config(), { client, listPageSize: 2 }).deletePrefix('public/u/p');
    expect(deleted).toEqual(objects);
  });

  it('the S3 driver reports an unreachable server instead of "not found"', async () => {
    const s3 = s3Storage({ ...s3Config(), endpoint: 'http://127.0.0.1:9' });
    await expect(s3.get('public/u/a/x.webp')).rejects.toThrow();
  });
});
