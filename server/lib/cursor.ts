import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { badRequest } from './errors.ts';

/**
 * Keyset cursors: the sort key of the last row of a page, opaque to clients (base64url JSON).
 * A tampered or foreign cursor is a 400, never a 500.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export function decodeCursor<T extends (string | number)[]>(
  cursor: string | undefined,
  shape: ('string' | 'number')[],
): T | null {
  if (!cursor) return null;
  try {
    const values: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(values) &&
      values.length === shape.length &&
      values.every((v, i) => typeof v === shape[i])
    )
      return values as T;
  } catch {
    // fall through
  }
  throw badRequest('errors.badRequest');
}

const sealKey = (secret: string) =>
  createHash('sha256').update(`sealed-cursor\0${secret}`).digest();

/**
 * A cursor whose values must not be read by whoever holds it (a public list keyed by account
 * ids): encrypted and authenticated (AES-256-GCM) with a key from the server's secret. Anything
 * altered, or sealed with another secret, is a 400 like any bad cursor.
 */
export function sealCursor(values: (string | number)[], secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

export function openSealedCursor<T extends (string | number)[]>(
  cursor: string | undefined,
  shape: ('string' | 'number')[],
  secret: string,
): T | null {
  if (!cursor) return null;
  let plain: string;
  try {
    const raw = Buffer.from(cursor, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw badRequest('errors.badRequest');
  }
  return decodeCursor<T>(Buffer.from(plain).toString('base64url'), shape);
}
