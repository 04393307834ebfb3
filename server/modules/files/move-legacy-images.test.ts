import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { TestApp } from '../../test/app.ts';
import { imageFileKeys, putImageFiles } from './images.ts';
import { moveLegacyImages } from './move-legacy-images.ts';
import { createFilesTestApp, makeUser, noisePng } from './files.test-helpers.ts';

// Decision 028 (session 21): images stored under the account id (`public/u/<id>/`) move into the
// user's random folder, so no public address names an account.

let t: TestApp;
beforeAll(async () => {
  ({ t } = await createFilesTestApp());
});
afterAll(async () => {
  await t.close();
});

const webp = async () =>
  sharp(await noisePng(400, 200))
    .webp()
    .toBuffer();
const exists = async (key: string) => (await t.ctx.storage.get(key)) !== null;

describe('moveLegacyImages', () => {
  it("moves a recruiter's older photo and logo (with their variants) and points the profile at them", async () => {
    const r = await makeUser(t, 'recruiter', { fullName: 'Old Photos', companyName: 'Old Co' });
    const photo = `public/u/${r.id}/avatar-0a1b2c.webp`;
    const logo = `public/u/${r.id}/logo-3d4e5f.webp`;
    await putImageFiles(t.ctx.storage, photo, await webp());
    await putImageFiles(t.ctx.storage, logo, await webp());
    await t.ctx.db.query(
      'UPDATE recruiter_profiles SET profile_image = $2, company_logo = $3 WHERE user_id = $1',
      [r.id, photo, logo],
    );
    // As migration 023 queued the images stored before it.
    await t.ctx.db.query('INSERT INTO legacy_images (user_id, key) VALUES ($1, $2), ($1, $3)', [
      r.id,
      photo,
      logo,
    ]);

    expect(await moveLegacyImages(t.ctx)).toBe(2);

    const [row] = await t.ctx.db.query<{ profile_image: string; company_logo: string }>(
      'SELECT profile_image, company_logo FROM recruiter_profiles WHERE user_id = $1',
      [r.id],
    );
    const [{ media_folder: folder }] = (await t.ctx.db.query<{ media_folder: string }>(
      'SELECT media_folder FROM users WHERE id = $1',
      [r.id],
    )) as [{ media_folder: string }];
    expect(row!.profile_image).toBe(`public/m/${folder}/avatar-0a1b2c.webp`);
    expect(row!.company_logo).toBe(`public/m/${folder}/logo-3d4e5f.webp`);
    expect(row!.company_logo).not.toContain(r.id);
    for (const key of [...imageFileKeys(row!.profile_image), ...imageFileKeys(row!.company_logo)])
      expect(await exists(key), key).toBe(true);
    for (const key of [...imageFileKeys(photo), ...imageFileKeys(logo)])
      expect(await exists(key), key).toBe(false);
    // Served at the new address; the queue is empty, and a second run has nothing to do.
    expect((await t.app.inject({ url: `/media/${row!.company_logo}` })).statusCode).toBe(200);
    expect(await t.ctx.db.query('SELECT 1 FROM legacy_images')).toHaveLength(0);
    expect(await moveLegacyImages(t.ctx)).toBe(0);
  });

  it('forgets an image whose file is gone or whose key is not in the account folder, and stops on nothing', async () => {
    const s = await makeUser(t, 'user', { fullName: 'Lost Photo' });
    const lost = `public/u/${s.id}/avatar-999999.webp`;
    await t.ctx.db.query('UPDATE seeker_profiles SET profile_image = $2 WHERE user_id = $1', [
      s.id,
      lost,
    ]);
    await t.ctx.db.query(
      `INSERT INTO legacy_images (user_id, key) VALUES ($1, $2), ($1, 'public/u/someone-else/avatar-1.webp')`,
      [s.id, lost],
    );
    expect(await moveLegacyImages(t.ctx, 1)).toBe(2);
    const [row] = await t.ctx.db.query<{ profile_image: string }>(
      'SELECT profile_image FROM seeker_profiles WHERE user_id = $1',
      [s.id],
    );
    expect(row!.profile_image).toMatch(/^public\/m\/[0-9a-f]{32}\/avatar-999999\.webp$/);
    expect(await t.ctx.db.query('SELECT 1 FROM legacy_images')).toHaveLength(0);
  });
});
