import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { SIGNED_LINK_TTL_SECONDS, signLink, verifyLink } from './signed-links.ts';

const SECRET = 'test-secret-key-test-secret-key-0123456789';
const data = { s: 'seeker-1', v: 'viewer-1' };

describe('signed links', () => {
  it('round-trips the data and expires 5 minutes ahead by default', () => {
    const before = Date.now();
    const token = signLink(SECRET, 'resume', data);
    const result = verifyLink(SECRET, 'resume', token);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual(data);
    const ttl = (result.expiresAt.getTime() - before) / 1000;
    expect(ttl).toBeGreaterThan(SIGNED_LINK_TTL_SECONDS - 2);
    expect(ttl).toBeLessThanOrEqual(SIGNED_LINK_TTL_SECONDS);
  });

  it('is expired at and after its expiry, valid just before', () => {
    const at = new Date('2030-01-01T00:05:00Z');
    const token = signLink(SECRET, 'resume', data, at);
    expect(verifyLink(SECRET, 'resume', token, new Date(at.getTime() - 1000)).ok).toBe(true);
    expect(verifyLink(SECRET, 'resume', token, at)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyLink(SECRET, 'resume', token, new Date(at.getTime() + 60_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses another secret or another purpose', () => {
    const token = signLink(SECRET, 'resume', data);
    expect(verifyLink(`${SECRET}x`, 'resume', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLink(SECRET, 'other', token)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a changed payload (e.g. a later expiry or another viewer)', () => {
    const token = signLink(SECRET, 'resume', data, new Date(Date.now() - 1000));
    const [, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...data, v: 'someone-else', exp: 4102444800 }),
    ).toString('base64url');
    expect(verifyLink(SECRET, 'resume', `${forged}.${signature}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reports a forged expired token as invalid, not expired', () => {
    const body = Buffer.from(JSON.stringify({ ...data, exp: 1 })).toString('base64url');
    expect(verifyLink(SECRET, 'resume', `${body}.AAAA`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses garbage without throwing', () => {
    for (const bad of ['', '.', 'a.b.c', 'abc', '%%%.%%%', 'x'.repeat(5000)]) {
      expect(verifyLink(SECRET, 'resume', bad)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a correctly signed payload that is not an object with a numeric expiry', () => {
    // Signed by hand with the same construction, to reach the checks after the signature.
    const signed = (json: string) => {
      const body = Buffer.from(json).toString('base64url');
      const mac = createHmac('sha256', SECRET).update(`signed-link\0resume\0${body}`);
      return `${body}.${mac.digest('base64url')}`;
    };
    expect(verifyLink(SECRET, 'resume', signed('{"exp":4102444800}')).ok).toBe(true);
    for (const json of ['{}', '{"exp":"4102444800"}', 'null', '42', 'not json']) {
      expect(verifyLink(SECRET, 'resume', signed(json))).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
