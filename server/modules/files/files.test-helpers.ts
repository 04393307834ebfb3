import sharp from 'sharp';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { createTestApp, login, type TestApp } from '../../test/app.ts';

// Shared by the files tests: a test app whose uploads go to its own temporary folder (test files
// run in parallel), users in a given role, and multipart bodies built by hand.

/** A test app storing uploads in `uploads`, a temporary folder of its own that `t.close()` removes. */
export async function createFilesTestApp(): Promise<{ t: TestApp; uploads: string }> {
  const uploads = await mkdtemp(path.join(tmpdir(), 'nearhire-files-'));
  const app = await createTestApp({ storage: { driver: 'disk', dir: uploads } });
  const t: TestApp = {
    ...app,
    async close() {
      await app.close();
      await rm(uploads, { recursive: true, force: true });
    },
  };
  return { t, uploads };
}

let n = 0;
export interface TestUser {
  id: string;
  cookie: string;
}

/** A signed-in user; 'user' (seeker) and 'recruiter' get a profile row like onboarding makes. */
export async function makeUser(
  t: TestApp,
  role: 'user' | 'recruiter' | null,
  profile: { fullName?: string; companyName?: string; isVerified?: boolean } = {},
): Promise<TestUser> {
  n += 1;
  // Each test file has its own database, so a counter keeps phones unique; one IP per user keeps
  // the per-IP login limits out of the way.
  const phone = `97${String(n).padStart(8, '0')}`;
  const cookie = await login(t, phone, `10.7.${Math.floor(n / 200)}.${n % 200}`);
  const [row] = await t.ctx.db.query<{ id: string }>('SELECT id FROM users WHERE phone_no = $1', [
    `+91${phone}`,
  ]);
  const id = row!.id;
  if (role) {
    await t.ctx.db.query('UPDATE users SET user_role = $2, is_onboarded = true WHERE id = $1', [
      id,
      role,
    ]);
  }
  if (role === 'recruiter') {
    await t.ctx.db.query(
      `INSERT INTO recruiter_profiles (user_id, full_name, company_name, is_verified, verified_domain)
       VALUES ($1, $2, $3, $4, CASE WHEN $4 THEN 'acme.in' END)`,
      [id, profile.fullName ?? 'Ravi Kumar', profile.companyName ?? 'Acme', !!profile.isVerified],
    );
  }
  if (role === 'user' && profile.fullName) {
    await t.ctx.db.query('INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, $2)', [
      id,
      profile.fullName,
    ]);
  }
  return { id, cookie };
}

/** A multipart/form-data body with one file part, as a browser would send it. */
export function multipartBody(bytes: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----nearhire${randomBytes(12).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function upload(
  t: TestApp,
  url: string,
  who: TestUser | null,
  file: { bytes: Buffer; name: string; type: string; field?: string },
) {
  const body = multipartBody(file.bytes, file.name, file.type, file.field);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}

export const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

/**
 * A valid PNG grown to exactly `total` bytes with a private ancillary chunk ("prVt": decoders
 * skip it), so size limits can be tested on a file that is otherwise a perfectly good image.
 */
export function padPng(png: Buffer, total: number): Buffer {
  const iendAt = png.length - 12; // IEND is always the last 12 bytes
  const data = Buffer.alloc(total - png.length - 12, 0x61);
  const type = Buffer.from('prVt');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, iendAt), length, type, data, crc, png.subarray(iendAt)]);
}

/** A small valid PDF padded (inside a comment) to `total` bytes when asked. */
export function pdf(total = 0): Buffer {
  const doc = Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  if (total <= doc.length) return doc;
  return Buffer.concat([doc, Buffer.from('%'), Buffer.alloc(total - doc.length - 1, 0x20)]);
}
