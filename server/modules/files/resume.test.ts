import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Ctx } from '../../context.ts';
import type { TestApp } from '../../test/app.ts';
import { signLink } from '../../lib/signed-links.ts';
import { safeFilename, storeResume } from './files.service.ts';
import { markOnboarded, newUser } from '../../test/users.ts';
import { en } from '#shared/i18n/en.ts';
import { hi } from '#shared/i18n/hi.ts';
import {
  createFilesTestApp,
  makeUser,
  multipartBody,
  noisePng,
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
  seeker = await makeUser(t, 'user', { fullName: 'Asha "Rao"\r\nX-Evil: 1' });
  recruiter = await makeUser(t, 'recruiter', {
    fullName: 'Vikram Shah',
    companyName: 'Tata Widgets',
    isVerified: true,
  });
});
afterAll(async () => {
  await t.close();
});

const file = (bytes: Buffer, name = 'cv.pdf', type = 'application/pdf') => ({ bytes, name, type });
const uploadResume = (who: TestUser, bytes: Buffer, name?: string, type?: string) =>
  upload(t, '/api/me/resume', who, file(bytes, name, type));
const getLink = (who: TestUser, seekerId: string) =>
  t.app.inject({ url: `/api/seekers/${seekerId}/resume-link`, headers: { cookie: who.cookie } });
const download = (url: string) => t.app.inject({ url });
const resumeFiles = async (userId: string) =>
  (await readdir(path.join(uploads, 'private/u', userId))).filter((f) => f.endsWith('.pdf'));
const downloadsOf = async (seekerId: string) =>
  (await t.ctx.db.query('SELECT * FROM resume_downloads WHERE seeker_id = $1', [seekerId])).length;

describe('POST /api/me/resume', () => {
  it('is for seekers only', async () => {
    const res = await uploadResume(recruiter, pdf());
    expect(res.statusCode).toBe(403);
  });

  it("is refused until onboarding is finished, in the reader's language, and nothing is kept", async () => {
    // Before step 1: no profile row, and the upload must not make one (decision 028, session 24).
    const fresh = await newUser(t, 'user');
    // After step 1 (its photo uploaded, its answers saved), before the last step.
    const midway = await newUser(t, 'user');
    const photo = await upload(t, '/api/uploads/image?purpose=avatar', midway, {
      bytes: await noisePng(64, 64),
      name: 'me.png',
      type: 'image/png',
    });
    expect(photo.statusCode).toBe(201);
    const step1 = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/seeker/1',
      headers: { cookie: midway.cookie },
      payload: {
        profileImage: photo.json().key,
        fullName: 'Asha Nair',
        educationLevel: 'bachelors',
        email: 'asha.nair@example.in',
        workExperience: '1_3',
        noticePeriod: '1_month',
      },
    });
    expect(step1.statusCode, step1.body).toBe(200);

    for (const [who, language, message] of [
      [fresh, 'en-IN', en.access.finishSeekerProfile],
      [midway, 'hi-IN,hi;q=0.9', hi.access.finishSeekerProfile],
    ] as const) {
      const body = multipartBody(pdf(), 'cv.pdf', 'application/pdf');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/me/resume',
        payload: body.payload,
        headers: { ...body.headers, cookie: who.cookie, 'accept-language': language },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({ code: 'access.finishSeekerProfile', message });
      expect(existsSync(path.join(uploads, 'private/u', who.id))).toBe(false);
    }
    expect(
      await t.ctx.db.query('SELECT 1 FROM seeker_profiles WHERE user_id = $1', [fresh.id]),
    ).toHaveLength(0);
    const [row] = await t.ctx.db.query<{ resume_key: string | null }>(
      'SELECT resume_key FROM seeker_profiles WHERE user_id = $1',
      [midway.id],
    );
    expect(row).toEqual({ resume_key: null });

    // Once onboarded (the screens that upload a resume, profile and chat, open only then): taken.
    await markOnboarded(t, midway.id, 6);
    expect((await uploadResume(midway, pdf())).statusCode).toBe(200);
  });

  it('refuses a PNG named .pdf and declared as a PDF', async () => {
    const res = await uploadResume(seeker, await noisePng(16, 16), 'cv.pdf', 'application/pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('upload.resumeType');
  });

  it('accepts exactly 5 MB and refuses one byte more', async () => {
    const over = await uploadResume(seeker, pdf(5_242_881));
    expect(over.statusCode).toBe(413);
    expect(over.json().error.code).toBe('upload.resumeTooLarge');
    const exact = await uploadResume(seeker, pdf(5_242_880));
    expect(exact.statusCode).toBe(200);
  });

  it('stores it privately, records it on the profile, and replaces the previous file', async () => {
    const first = await uploadResume(seeker, pdf());
    expect(first.statusCode).toBe(200);
    const { uploadedAt } = first.json().resume;
    expect(new Date(uploadedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await t.ctx.db.query<{ resume_key: string }>(
      'SELECT resume_key FROM seeker_profiles WHERE user_id = $1',
      [seeker.id],
    );
    expect(row!.resume_key).toMatch(new RegExp(`^private/u/${seeker.id}/resume-[0-9a-f]+\\.pdf$`));
    expect(await resumeFiles(seeker.id)).toEqual([path.basename(row!.resume_key)]);
    // Never reachable as a public file.
    expect((await t.app.inject({ url: `/media/${row!.resume_key}` })).statusCode).toBe(404);
  });

  it('creates the profile row when there is none yet', async () => {
    const fresh = await makeUser(t, 'user');
    expect((await uploadResume(fresh, pdf())).statusCode).toBe(200);
    const rows = await t.ctx.db.query('SELECT 1 FROM seeker_profiles WHERE user_id = $1', [
      fresh.id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('removes the new file and keeps the old resume when the row cannot be written', async () => {
    const before = await resumeFiles(seeker.id);
    const failing: Ctx = {
      ...t.ctx,
      db: { ...t.ctx.db, tx: () => Promise.reject(new Error('database down')) },
    };
    await expect(storeResume(failing, seeker.id, pdf())).rejects.toThrow('database down');
    expect(await resumeFiles(seeker.id)).toEqual(before);
  });
});

describe('resume links', () => {
  it('work for the owner, without logging a download', async () => {
    const res = await getLink(seeker, seeker.id);
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json();
    expect(url).toMatch(/^\/api\/files\/resume\?token=[\w.%-]+$/);
    const ttl = new Date(expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);

    const file = await download(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['cache-control']).toBe('private, no-store');
    // The name is cleaned of quotes and line breaks: no header can be injected through it.
    expect(file.headers['content-disposition']).toBe('attachment; filename="Asha RaoX-Evil 1.pdf"');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await downloadsOf(seeker.id)).toBe(0);
  });

  it('work for a recruiter, and every download is logged and listed for the seeker', async () => {
    const url = (await getLink(recruiter, seeker.id)).json().url;
    expect((await download(url)).statusCode).toBe(200);
    expect((await download(url)).statusCode).toBe(200);
    expect(await downloadsOf(seeker.id)).toBe(2);

    const list = await t.app.inject({
      url: '/api/me/resume-downloads',
      headers: { cookie: seeker.cookie },
    });
    expect(list.statusCode).toBe(200);
    const { downloads } = list.json();
    expect(downloads).toHaveLength(2);
    expect(downloads[0]).toMatchObject({
      recruiterName: 'Vikram Shah',
      companyName: 'Tata Widgets',
      isVerified: true,
    });
    expect(downloads[0].downloadedAt >= downloads[1].downloadedAt).toBe(true);
    const asRecruiter = await t.app.inject({
      url: '/api/me/resume-downloads',
      headers: { cookie: recruiter.cookie },
    });
    expect(asRecruiter.statusCode).toBe(403);
  });

  it('are refused to another seeker and to users without a role', async () => {
    const other = await makeUser(t, 'user');
    expect((await getLink(other, seeker.id)).statusCode).toBe(403);
    expect((await getLink(await makeUser(t, null), seeker.id)).statusCode).toBe(403);
  });

  it('answer 404 for an unknown seeker, one without a resume, and a deleted one', async () => {
    const noResume = await makeUser(t, 'user');
    const deleted = await makeUser(t, 'user');
    await uploadResume(deleted, pdf());
    const link = (await getLink(recruiter, deleted.id)).json().url;
    await t.ctx.db.query('UPDATE users SET deleted_at = now() WHERE id = $1', [deleted.id]);
    for (const id of ['00000000-0000-4000-8000-000000000000', noResume.id, deleted.id]) {
      const res = await getLink(recruiter, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('profile.noResume');
    }
    // A link made before the deletion stops working too.
    expect((await download(link)).statusCode).toBe(404);
  });

  it('stop working after expiry (410) and when tampered with (403)', async () => {
    const secret = t.ctx.config.secretKey;
    const data = { s: seeker.id, v: recruiter.id };
    const expired = signLink(secret, 'resume', data, new Date(Date.now() - 1000));
    const res = await download(`/api/files/resume?token=${encodeURIComponent(expired)}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('upload.linkExpired');

    const forged = signLink('another-secret-another-secret-0123456789', 'resume', data);
    expect((await download(`/api/files/resume?token=${forged}`)).statusCode).toBe(403);
    const otherPurpose = signLink(secret, 'export', data);
    expect((await download(`/api/files/resume?token=${otherPurpose}`)).statusCode).toBe(403);
    expect((await download('/api/files/resume?token=abc')).statusCode).toBe(403);
  });

  it('a valid link for a viewer without rights (not recruiter, not owner) is refused', async () => {
    const other = await makeUser(t, 'user');
    const token = signLink(t.ctx.config.secretKey, 'resume', { s: seeker.id, v: other.id });
    expect((await download(`/api/files/resume?token=${token}`)).statusCode).toBe(403);
  });

  it('serve the current resume after a replacement', async () => {
    const url = (await getLink(seeker, seeker.id)).json().url;
    await uploadResume(seeker, pdf(2000));
    expect((await download(url)).rawPayload.length).toBe(2000);
  });
});

describe('safeFilename', () => {
  it('keeps plain ASCII and falls back to "resume"', () => {
    expect(safeFilename('Priya Sharma')).toBe('Priya Sharma');
    expect(safeFilename('José  Núñez')).toBe('Jose Nunez');
    expect(safeFilename('प्रिया')).toBe('resume');
    expect(safeFilename('../..')).toBe('resume');
    expect(safeFilename(null)).toBe('resume');
  });
});
