import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links (decisions.md "Files": private files only through links that expire
 * within 5 minutes, never a guessable URL). A token is `base64url(JSON payload).base64url(HMAC)`;
 * the HMAC (SHA-256, keyed with the server secret) also covers a purpose, so a token made for one
 * kind of link is never accepted by another. Nothing is stored: the token is the credential.
 */
export const SIGNED_LINK_TTL_SECONDS = 5 * 60;

// Tokens are read from query strings: anything longer than this is not ours and is not hashed.
const MAX_TOKEN_LENGTH = 2048;

export type VerifyResult<T> =
  { ok: true; data: T; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

function mac(secret: string, purpose: string, body: string): Buffer {
  return createHmac('sha256', secret).update(`signed-link\0${purpose}\0${body}`).digest();
}

/** Signs `data` for `purpose` until `expiresAt` (whole seconds; the default is 5 minutes ahead). */
export function signLink(
  secret: string,
  purpose: string,
  data: Record<string, string | number>,
  expiresAt: Date = new Date(Date.now() + SIGNED_LINK_TTL_SECONDS * 1000),
): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const body = Buffer.from(JSON.stringify({ ...data, exp })).toString('base64url');
  return `${body}.${mac(secret, purpose, body).toString('base64url')}`;
}

/**
 * Checks the signature first (timing-safe), then the expiry: an expired link is only reported as
 * such when it is genuinely ours, so a forged token never learns more than "invalid".
 */
export function verifyLink<T extends Record<string, string | number>>(
  secret: string,
  purpose: string,
  token: string,
  now: Date = new Date(),
): VerifyResult<T> {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'invalid' };
  const parts = token.split('.');
  if (parts.length !== 2) return { ok: false, reason: 'invalid' };
  const [body, signature] = parts as [string, string];
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(secret, purpose, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof payload !== 'object' || payload === null) return { ok: false, reason: 'invalid' };
  const { exp, ...data } = payload as Record<string, unknown>;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(exp * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, data: data as T, expiresAt };
}
