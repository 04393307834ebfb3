import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { newRecruiter, newSeeker, newUser } from '../test/users.ts';
import { hasControlCharacter } from '../lib/text-input.ts';
import { english } from '#shared/i18n/messages.ts';
import { textIn } from '#shared/i18n/texts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

// Inputs that answered 500 before (issue 13): each must be a 4xx with a message, no internals.
describe('bad input never answers 5xx', () => {
  it('refuses a NUL character in a public query', async () => {
    const res = await t.app.inject({ url: '/api/cities?q=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('errors.controlCharacter');
  });

  it('refuses a NUL character in a JSON body and saves nothing', async () => {
    const r = await newRecruiter(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/recruiter/settings',
      headers: { cookie: r.cookie },
      // In the company's name: a person's name is letters only, which refuses it before this.
      payload: { fullName: 'Nisha', companyName: 'Acme\u0000 Tools', headquartersAddress: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/control characters/);
    const [row] = await t.ctx.db.query<{ full_name: string }>(
      'SELECT full_name FROM recruiter_profiles WHERE user_id = $1',
      [r.id],
    );
    expect(row!.full_name).toBe('Test Recruiter');
    // A NUL in the name: refused as well, with the name's own rule.
    const inName = await t.app.inject({
      method: 'PUT',
      url: '/api/recruiter/settings',
      headers: { cookie: r.cookie },
      payload: { fullName: 'Nisha\u0000', companyName: 'Acme Tools', headquartersAddress: '' },
    });
    expect(inName.statusCode).toBe(400);
  });

  it('answers room ids that are not uuids, and an empty job filter, with 4xx', async () => {
    const s = await newUser(t, 'user');
    for (const url of [
      `/api/rooms/${'-'.repeat(36)}`,
      `/api/rooms/${'-'.repeat(36)}/messages`,
      '/api/rooms/not-a-room',
      `/api/rooms/with/${'-'.repeat(36)}?job=`,
      `/api/rooms/with/${s.id}?job=`,
    ]) {
      const res = await t.app.inject({ url, headers: { cookie: s.cookie } });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/stack|SELECT|uuid/i);
    }
  });

  it('answers a city id nobody has with 400 (found by the fuzz suite)', async () => {
    const s = await newSeeker(t, { city_id: null });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/seeker/preferences',
      headers: { cookie: s.cookie },
      payload: {
        jobType: 'full_time',
        industry: 'finance',
        salaryRange: 'under_3',
        experienceRange: 'fresher',
        jobCategory: 'operations_admin',
        cityId: 360256,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('errors.badRequest');
  });

  it('finds control characters in nested values and keys, and lets tabs and newlines pass', () => {
    expect(hasControlCharacter({ a: ['ok', { b: 'x\u0000' }] })).toBe(true);
    expect(hasControlCharacter({ ['k\u0007']: 1 })).toBe(true);
    expect(hasControlCharacter({ text: 'line one\nline two\ttab\r\n' })).toBe(false);
    expect(hasControlCharacter('नमस्ते 👋')).toBe(false);
  });
});

// Fastify refuses a path with a broken %-escape before any route or hook: its own answer was
// `{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"'/api/…' is not a valid url
// component"}`, another shape than every other error and an echo of the path (session 25).
describe('a path that is not a valid URL', () => {
  it.each(['/api/rooms/%ZZ/messages', '/jobs/%E0%A4%A'])(
    "%s: our error shape in the reader's language, the request id, no echo",
    async (url) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'errors.badRequest',
          message: english('errors.badRequest'),
          key: 'errors.badRequest',
        },
      });
      expect(res.headers['x-request-id']).toEqual(expect.any(String));
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).not.toMatch(/FST_|%/);
      const hindi = await t.app.inject({ url, headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
      expect(hindi.statusCode).toBe(400);
      expect(hindi.json().error.message).toBe(textIn('hi', 'errors.badRequest'));
      expect(hindi.json().error.message).not.toBe(english('errors.badRequest'));
    },
  );
});
