import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

/** Where files live: local disk by default, S3-compatible storage in production. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Buffer; contentType: string } | null>;
  delete(key: string): Promise<void>;
  /**
   * Removes every file under the folder `prefix` (account deletion). The prefix is a folder on
   * every driver: 'public/u/1' never touches 'public/u/10/...'.
   */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.includes('//'))
    throw new Error(`bad storage key: ${key}`);
}

type S3Config = Extract<Config['storage'], { driver: 's3' }>;

export function createStorage(config: Config): Storage {
  if (config.storage.driver === 'disk') return diskStorage(config.storage.dir);
  return s3Storage(config.storage);
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
      const target = file(key);
      try {
        const [body, contentType] = await Promise.all([
          readFile(target),
          readFile(`${target}.type`, 'utf8'),
        ]);
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

/**
 * An S3-compatible bucket (AWS, MinIO, R2...). The bucket stays private: public images are served
 * through GET /media, so one bucket policy ("no public access") covers resumes and images alike.
 * `listPageSize` exists so tests can exercise paging without creating a thousand objects.
 */
export function s3Storage(
  cfg: S3Config,
  options: { client?: S3Client; listPageSize?: number } = {},
): Storage {
  const client =
    options.client ??
    new S3Client({
      region: cfg.region,
      endpoint: cfg.endpoint,
      // Self-hosted servers (MinIO, s3rver) rarely have per-bucket DNS names.
      forcePathStyle: Boolean(cfg.endpoint),
      // Without explicit keys the SDK's default chain (instance role, env) applies.
      credentials:
        cfg.accessKeyId && cfg.secretAccessKey
          ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
          : undefined,
    });
  const Bucket = cfg.bucket;
  return {
    async put(key, body, ContentType) {
      assertKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType }));
    },
    async get(key) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        const body = Buffer.from(await out.Body.transformToByteArray());
        return { body, contentType: out.ContentType ?? 'application/octet-stream' };
      } catch (err) {
        // Only "not there" is null; an outage must surface as a 5xx, not as a missing file.
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async deletePrefix(folder) {
      assertKey(folder);
      const Prefix = folder.endsWith('/') ? folder : `${folder}/`;
      // Pages continue after the last key seen (StartAfter): a position in key order, so
      // deleting a page does not shift the next one.
      let StartAfter: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix,
            StartAfter,
            MaxKeys: options.listPageSize ?? 1000,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        const out = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }),
        );
        if (out.Errors?.length) {
          throw new Error(`could not delete ${out.Errors.length} objects under ${Prefix}`);
        }
        if (!page.IsTruncated) return;
        StartAfter = keys[keys.length - 1]!.Key;
      }
    },
  };
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
