import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS, imageVariantKey } from '#shared/image-variants.ts';
import type { TestApp } from '../../test/app.ts';
import { createFilesTestApp, makeUser, upload, type TestUser } from './files.test-helpers.ts';

// A photo or logo someone replaces is deleted with its size variants, once the save committed
// (server/modules/files/replaced-images.ts): the old picture is no longer served at its address.

let t: TestApp;
beforeAll(async () => {
  ({ t } = await createFilesTestApp());
});
afterAll(async () => {
  await t.close();
});

const png = (background: string) =>
  sharp({ create: { width: 300, height: 300, channels: 3, background } })
    .png()
    .toBuffer();

async function uploadImage(who: TestUser, purpose: 'avatar' | 'logo'): Promise<string> {
  const res = await upload(t, `/api/uploads/image?purpose=${purpose}`, who, {
    bytes: await png(
      `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, '0')}`,
    ),
    name: 'image.png',
    type: 'image/png',
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ key: string }>().key;
}

const send = (who: TestUser, method: 'PUT' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

/** Whether the image and each of its variants are served (all or none, as the rule says). */
async function servedFiles(key: string): Promise<boolean[]> {
  const keys = [key, ...IMAGE_VARIANT_WIDTHS.map((w) => imageVariantKey(key, w))];
  return Promise.all(
    keys.map(async (k) => (await t.app.inject({ url: `/media/${k}` })).statusCode === 200),
  );
}
const all = (v: boolean) => [v, ...IMAGE_VARIANT_WIDTHS.map(() => v)];

describe('replaced photos and logos', () => {
  it("a seeker's new photo deletes the old one and its variants; the same photo again keeps it", async () => {
    const seeker = await makeUser(t, 'user');
    const first = await uploadImage(seeker, 'avatar');
    expect(
      (await send(seeker, 'PATCH', '/api/seeker/profile', { profileImage: first })).statusCode,
    ).toBe(200);
    // Saving the same photo, or other fields only, keeps it.
    expect(
      (await send(seeker, 'PATCH', '/api/seeker/profile', { profileImage: first })).statusCode,
    ).toBe(200);
    expect((await send(seeker, 'PATCH', '/api/seeker/profile', { bio: 'Hello' })).statusCode).toBe(
      200,
    );
    expect(await servedFiles(first)).toEqual(all(true));

    const second = await uploadImage(seeker, 'avatar');
    expect(
      (await send(seeker, 'PATCH', '/api/seeker/profile', { profileImage: second })).statusCode,
    ).toBe(200);
    expect(await servedFiles(first)).toEqual(all(false));
    expect(await servedFiles(second)).toEqual(all(true));
  });

  it("a recruiter's new photo in settings deletes the old one; a save without a photo keeps it", async () => {
    const recruiter = await makeUser(t, 'recruiter', { fullName: 'Nisha', companyName: 'Acme' });
    const base = {
      fullName: 'Nisha',
      email: '',
      designation: 'Founder',
      companyName: 'Acme',
      websiteUrl: 'https://acme.in',
      headquartersAddress: '',
      employeeSize: '11_50',
      financingStatus: 'seed',
    };
    const first = await uploadImage(recruiter, 'avatar');
    expect(
      (await send(recruiter, 'PUT', '/api/recruiter/settings', { ...base, profileImage: first }))
        .statusCode,
    ).toBe(200);
    expect((await send(recruiter, 'PUT', '/api/recruiter/settings', base)).statusCode).toBe(200);
    expect(await servedFiles(first)).toEqual(all(true));

    const second = await uploadImage(recruiter, 'avatar');
    expect(
      (await send(recruiter, 'PUT', '/api/recruiter/settings', { ...base, profileImage: second }))
        .statusCode,
    ).toBe(200);
    expect(await servedFiles(first)).toEqual(all(false));
    expect(await servedFiles(second)).toEqual(all(true));
  });

  it("a recruiter's company logo saved again in onboarding deletes the old logo", async () => {
    const r = await makeUser(t, null);
    expect((await send(r, 'PUT', '/api/me/role', { role: 'recruiter' })).statusCode).toBe(200);
    const profile = { fullName: 'Kiran Rao', companyName: 'Acme Tools', designation: 'HR' };
    expect((await send(r, 'PUT', '/api/onboarding/recruiter/1', profile)).statusCode).toBe(200);
    const company = {
      companyName: 'Acme Tools Pvt Ltd',
      employeeSize: '51_200',
      financingStatus: 'series_a',
      annualRevenue: '11_50cr',
      headquartersAddress: 'HSR Layout, Bengaluru',
    };
    const first = await uploadImage(r, 'logo');
    const saved = await send(r, 'PUT', '/api/onboarding/recruiter/2', {
      ...company,
      companyLogo: first,
    });
    expect(saved.json().nextStep).toBe(3);
    const second = await uploadImage(r, 'logo');
    const again = await send(r, 'PUT', '/api/onboarding/recruiter/2', {
      ...company,
      companyLogo: second,
    });
    expect(again.statusCode).toBe(200);
    expect(await servedFiles(first)).toEqual(all(false));
    expect(await servedFiles(second)).toEqual(all(true));
  });

  it('a refused save deletes nothing', async () => {
    const seeker = await makeUser(t, 'user');
    const first = await uploadImage(seeker, 'avatar');
    await send(seeker, 'PATCH', '/api/seeker/profile', { profileImage: first });
    // Someone else's upload is refused: the current photo stays.
    const other = await makeUser(t, 'user');
    const theirs = await uploadImage(other, 'avatar');
    const refused = await send(seeker, 'PATCH', '/api/seeker/profile', { profileImage: theirs });
    expect(refused.statusCode).toBe(400);
    expect(await servedFiles(first)).toEqual(all(true));
    expect(await servedFiles(theirs)).toEqual(all(true));
  });
});
