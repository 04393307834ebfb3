import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from '../../test/app.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';
import { deleteUserFiles, isOwnImageKey, publicUrl } from './files.service.ts';
import { ownImagePrefixes } from './media-folder.ts';
import {
  createFilesTestApp,
  makeUser,
  noisePng,
  padPng,
  pdf,
  upload,
  type TestUser,
} from './files.test-helpers.ts';

let t: TestApp;
let uploads: string;
let seeker: TestUser;
let recruiter: TestUser;

beforeAll(async () => {
  ({ t, uploads } = await createFilesTestApp());
});
// Fresh users for every test: uploads count against a limit per user (the test of it below).
beforeEach(async () => {
  seeker = await makeUser(t, 'user');
  recruiter = await makeUser(t, 'recruiter');
});
afterAll(async () => {
  await t.close();
});

const image = (bytes: Buffer, name = 'photo.png', type = 'image/png') => ({ bytes, name, type });
const uploadImage = (who: TestUser | null, purpose: string, file: ReturnType<typeof image>) =>
  upload(t, `/api/uploads/image?purpose=${purpose}`, who, file);
const media = (url: string) => t.app.inject({ url });

describe('POST /api/uploads/image', () => {
  it('accepts an image of exactly 2 MB and refuses one byte more', async () => {
    const png = await noisePng(64, 64);
    const exact = await uploadImage(seeker, 'avatar', image(padPng(png, 2_097_152)));
    expect(exact.statusCode).toBe(201);
    const { key, url } = exact.json();
    // In the user's random folder: an image's address does not name the account (decision 028).
    expect(key).toMatch(/^public\/m\/[0-9a-f]{32}\/avatar-[0-9a-f]+\.webp$/);
    expect(key).not.toContain(seeker.id);
    expect(url).toBe(`/media/${key}`);

    const over = await uploadImage(seeker, 'avatar', image(padPng(png, 2_097_153)));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('upload.imageTooLarge');
  });

  it('judges the type by the bytes: a script named .png is refused', async () => {
    for (const text of ['#!/bin/sh\nrm -rf /\n', '<script>alert(1)</script>', '<svg/>']) {
      const res = await uploadImage(seeker, 'avatar', image(Buffer.from(text)));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('upload.imageType');
    }
    // A PDF is a real file type, but not an image.
    const res = await uploadImage(seeker, 'avatar', image(pdf()));
    expect(res.json().error.code).toBe('upload.imageType');
  });

  it('accepts a real image whatever its name and declared type', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    const res = await uploadImage(seeker, 'avatar', image(gif, 'cv.pdf', 'application/pdf'));
    expect(res.statusCode).toBe(201);
  });

  it('says so when a real image has too many pixels to process (not "choose a PNG")', async () => {
    const huge = await sharp({
      create: { width: 7000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await uploadImage(seeker, 'avatar', image(huge));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('upload.imageTooManyPixels');
  });

  it('refuses a corrupt image that only starts like one', async () => {
    const png = await noisePng(32, 32);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(500, 7)]);
    const res = await uploadImage(seeker, 'avatar', image(broken));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('upload.imageType');
  });

  it('strips EXIF, turns the photo upright, caps the size and serves WebP from /media', async () => {
    const jpeg = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#c33' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif?.includes('secret')).toBe(true);

    const res = await uploadImage(seeker, 'avatar', image(jpeg, 'me.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(201);
    const served = await media(res.json().url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=3600');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.includes('secret')).toBe(false);
    // Orientation 6 means "rotate 90°": the 3000x1500 landscape becomes a 512x1024 portrait.
    expect([meta.width, meta.height]).toEqual([512, 1024]);
  });

  it('never enlarges a small image', async () => {
    const res = await uploadImage(seeker, 'avatar', image(await noisePng(40, 30)));
    const meta = await sharp((await media(res.json().url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('lets only recruiters upload a logo, capped to 512x512', async () => {
    const png = await noisePng(900, 700);
    const bySeeker = await uploadImage(seeker, 'logo', image(png));
    expect(bySeeker.statusCode).toBe(403);

    const noRole = await makeUser(t, null);
    expect((await uploadImage(noRole, 'logo', image(png))).statusCode).toBe(403);
    // Anyone signed in may have an avatar (onboarding uploads before the profile exists).
    expect((await uploadImage(noRole, 'avatar', image(png))).statusCode).toBe(201);

    const res = await uploadImage(recruiter, 'logo', image(png));
    expect(res.statusCode).toBe(201);
    expect(res.json().key).toMatch(/^public\/m\/[0-9a-f]{32}\/logo-/);
    const own = (u: TestUser) => ownImagePrefixes(t.ctx.db, u.id);
    expect(isOwnImageKey(await own(recruiter), res.json().key, 'logo')).toBe(true);
    expect(isOwnImageKey(await own(recruiter), res.json().key, 'avatar')).toBe(false);
    expect(isOwnImageKey(await own(seeker), res.json().key, 'logo')).toBe(false);
    const meta = await sharp((await media(res.json().url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([512, 398]);
  });

  it('limits uploads per user: a burst, then 429 with Retry-After and a message', async () => {
    const png = await noisePng(8, 8);
    for (let i = 0; i < TRUST_LIMITS.uploads.burst; i++)
      expect((await uploadImage(seeker, 'avatar', image(png))).statusCode).toBe(201);
    const refused = await uploadImage(seeker, 'avatar', image(png));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/uploaded many files/);
    // Resumes count in the same bucket; another user is not held back.
    const resume = { bytes: pdf(), name: 'cv.pdf', type: 'application/pdf' };
    expect((await upload(t, '/api/me/resume', seeker, resume)).statusCode).toBe(429);
    const other = await makeUser(t, 'user');
    expect((await uploadImage(other, 'avatar', image(png))).statusCode).toBe(201);
  });

  it('needs a session, a known purpose and a file in the field "file"', async () => {
    const png = await noisePng(8, 8);
    expect((await uploadImage(null, 'avatar', image(png))).statusCode).toBe(401);
    expect((await uploadImage(seeker, 'banner', image(png))).statusCode).toBe(400);
    const wrongField = await upload(t, '/api/uploads/image?purpose=avatar', seeker, {
      ...image(png),
      field: 'photo',
    });
    expect(wrongField.json().error.code).toBe('upload.noFile');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/image?purpose=avatar',
      headers: { cookie: seeker.cookie },
      payload: { file: 'x' },
    });
    expect(json.json().error.code).toBe('upload.noFile');
  });
});

describe('GET /media/*', () => {
  it('answers 404 JSON for a missing file and for anything outside public/', async () => {
    const res = await uploadImage(seeker, 'avatar', image(await noisePng(8, 8)));
    const key: string = res.json().key;
    // A private file that really exists is still "not found" here.
    await t.ctx.storage.put(`private/u/${seeker.id}/resume-1.pdf`, pdf(), 'application/pdf');
    for (const url of [
      `/media/${key.replace('.webp', '0.webp')}`,
      `/media/private/u/${seeker.id}/resume-1.pdf`,
      `/media/public/../private/u/${seeker.id}/resume-1.pdf`,
      `/media/public/%2e%2e/private/u/${seeker.id}/resume-1.pdf`,
      '/media/',
    ]) {
      const miss = await media(url);
      expect(miss.statusCode, url).toBe(404);
      expect(miss.json().error.code).toBe('errors.notFound');
    }
  });

  it('is public: no session needed', async () => {
    const res = await uploadImage(seeker, 'avatar', image(await noisePng(8, 8)));
    expect((await t.app.inject({ url: res.json().url })).statusCode).toBe(200);
    expect(publicUrl(res.json().key)).toBe(res.json().url);
    expect(publicUrl(null)).toBeNull();
  });
});

describe('deleteUserFiles', () => {
  it('leaves no file of the user behind on disk, and keeps other users’ files', async () => {
    const user = await makeUser(t, 'user');
    const png = await noisePng(16, 16);
    await uploadImage(user, 'avatar', image(png));
    await upload(t, '/api/me/resume', user, {
      bytes: pdf(),
      name: 'cv.pdf',
      type: 'application/pdf',
    });
    expect(await readdir(path.join(uploads, 'private/u', user.id))).toHaveLength(2);

    const prefixes = await ownImagePrefixes(t.ctx.db, user.id);
    const folder = path.join(uploads, prefixes[0]!);
    expect(await readdir(folder)).not.toHaveLength(0);

    await deleteUserFiles(t.ctx, user.id, prefixes);
    expect(existsSync(folder)).toBe(false);
    expect(existsSync(path.join(uploads, 'private/u', user.id))).toBe(false);
    expect((await readdir(path.join(uploads, 'public/m'))).length).toBeGreaterThan(0);
    await expect(deleteUserFiles(t.ctx, '../..', [])).rejects.toThrow(/not a user id/);
    await expect(deleteUserFiles(t.ctx, user.id, ['public/'])).rejects.toThrow(/not an image/);
  });
});
