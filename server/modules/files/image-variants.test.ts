import { ownImagePrefixes } from './media-folder.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '#shared/image-variants.ts';
import type { TestApp } from '../../test/app.ts';
import {
  createFilesTestApp,
  makeUser,
  noisePng,
  upload,
  type TestUser,
} from './files.test-helpers.ts';

// Issue 15: photos and logos served at the size displayed. Every uploaded image is stored with
// smaller variants next to it (…-w96.webp, …-w192.webp, …-w384.webp), made once at upload.

let t: TestApp;
let uploads: string;
let recruiter: TestUser;

beforeAll(async () => {
  ({ t, uploads } = await createFilesTestApp());
  recruiter = await makeUser(t, 'recruiter');
});
afterAll(async () => {
  await t.close();
});

const uploadImage = async (who: TestUser, purpose: 'avatar' | 'logo', bytes: Buffer) =>
  upload(t, `/api/uploads/image?purpose=${purpose}`, who, {
    bytes,
    name: 'image.png',
    type: 'image/png',
  });
// Noise at this size would pass the 2 MB limit; a flat colour compresses to almost nothing.
const solidPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
const media = (key: string) => t.app.inject({ url: `/media/${key}` });
/** The files in the user's image folders (their own, and the account id's of older images). */
async function userFiles(userId: string): Promise<string[]> {
  const files: string[] = [];
  for (const prefix of await ownImagePrefixes(t.ctx.db, userId)) {
    const dir = path.join(uploads, prefix);
    if (existsSync(dir)) files.push(...(await readdir(dir)).filter((f) => !f.endsWith('.type')));
  }
  return files;
}

async function served(key: string) {
  const res = await media(key);
  expect(res.statusCode, key).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  return sharp(res.rawPayload).metadata();
}

describe('image variants', () => {
  it('stores a 96, 192 and 384 px wide WebP next to an uploaded photo, at upload', async () => {
    const user = await makeUser(t, 'user');
    const res = await uploadImage(user, 'avatar', await solidPng(900, 1200));
    expect(res.statusCode).toBe(201);
    const { key, url } = res.json<{ key: string; url: string }>();
    // The answer is unchanged: the original's key and URL only.
    expect(url).toBe(`/media/${key}`);
    // On disk before anyone asks for them: made at upload, not per request.
    const base = path.basename(key, '.webp');
    expect((await userFiles(user.id)).sort()).toEqual(
      [`${base}.webp`, ...IMAGE_VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp`)].sort(),
    );
    const original = await served(key);
    expect([original.width, original.height]).toEqual([768, 1024]);
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const meta = await served(imageVariantKey(key, w));
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
      expect(meta.height).toBe(Math.round((w * 4) / 3));
      expect(meta.width).toBeLessThanOrEqual(original.width!);
      expect(meta.exif).toBeUndefined();
    }
  });

  it('never makes a variant wider than the original (a small logo)', async () => {
    const res = await uploadImage(recruiter, 'logo', await noisePng(150, 100));
    expect(res.statusCode).toBe(201);
    const { key } = res.json<{ key: string }>();
    const widths = [];
    for (const w of IMAGE_VARIANT_WIDTHS) {
      const meta = await served(imageVariantKey(key, w));
      widths.push(meta.width);
    }
    expect(widths).toEqual([96, 150, 150]);
  });

  it('removes the photo and its variants with the account', async () => {
    const user = await makeUser(t, 'user');
    const { key } = (await uploadImage(user, 'avatar', await noisePng(500, 500))).json<{
      key: string;
    }>();
    expect(await userFiles(user.id)).toHaveLength(1 + IMAGE_VARIANT_WIDTHS.length);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      payload: { confirm: 'DELETE' },
      headers: { cookie: user.cookie },
    });
    expect(gone.statusCode).toBe(204);
    expect(await userFiles(user.id)).toEqual([]);
    for (const k of [key, ...IMAGE_VARIANT_WIDTHS.map((w) => imageVariantKey(key, w))]) {
      expect((await media(k)).statusCode, k).toBe(404);
    }
  });

  it('fails the upload with a 500 and leaves no file when a variant cannot be saved', async () => {
    const user = await makeUser(t, 'user');
    const put = t.ctx.storage.put;
    t.ctx.storage.put = async (key, body, type) => {
      if (key.endsWith('-w192.webp')) throw new Error('disk full');
      return put(key, body, type);
    };
    try {
      const res = await uploadImage(user, 'avatar', await noisePng(400, 400));
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('upload.imageFailed');
    } finally {
      t.ctx.storage.put = put;
    }
    expect(await userFiles(user.id)).toEqual([]);
  });

  it('makes a missing variant of an older image on its first request, and stores it', async () => {
    const user = await makeUser(t, 'user');
    // An image stored before variants existed: the original only.
    const key = `public/u/${user.id}/avatar-0123abcd.webp`;
    const webp = await sharp(await noisePng(600, 300))
      .webp()
      .toBuffer();
    await t.ctx.storage.put(key, webp, 'image/webp');
    const meta = await served(imageVariantKey(key, 192));
    expect([meta.width, meta.height]).toEqual([192, 96]);
    expect(await userFiles(user.id)).toContain('avatar-0123abcd-w192.webp');
    // Only the known widths of an existing original: anything else stays a 404.
    expect((await media(key.replace('.webp', '-w100.webp'))).statusCode).toBe(404);
    expect((await media(`public/u/${user.id}/avatar-ffff-w96.webp`)).statusCode).toBe(404);
    expect(await userFiles(user.id)).toHaveLength(2);
  });
});
