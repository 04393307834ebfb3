import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A numeric code from a cryptographic source, zero-padded (000000-999999). */
export function randomDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Codes are stored only as a keyed hash bound to their purpose and target. */
export function hashCode(secret: string, purpose: string, target: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\0${target}\0${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** 256-bit opaque session token; only its SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
