import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { chatPair, fetchAs } from '../../test/chat.ts';
import { markOnboarded, newUser, type TestUser } from '../../test/users.ts';
import { english } from '#shared/i18n/messages.ts';

// Decision 028 (session 21, abuse audit): a recruiter held after reports reaches no seeker until a
// moderator decides. Their jobs were hidden, but they could still start conversations, write,
// change statuses, invite to interviews and read candidates' contact data.

let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp());
});
afterAll(async () => {
  await t.close();
});

const api = (u: TestUser, method: string, path: string, body?: unknown) =>
  fetchAs(base, u, method, path, body);
const hold = (u: TestUser, held: boolean) =>
  t.ctx.db.query(`UPDATE users SET held_at = CASE WHEN $2 THEN now() END WHERE id = $1`, [
    u.id,
    held,
  ]);

async function onboardedSeeker(): Promise<TestUser> {
  const s = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Neha Joshi')`,
    [s.id],
  );
  await markOnboarded(t, s.id, 6);
  return s;
}

describe('a recruiter held after reports', () => {
  it('reaches no seeker until released, and keeps reading their history', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    expect(
      (
        await api(r, 'POST', `/api/rooms/${room}/messages`, {
          clientId: randomUUID(),
          message: 'Hello',
        })
      ).status,
    ).toBe(201);
    const fresh = await onboardedSeeker();
    await hold(r, true);

    const refused = [
      await api(r, 'POST', '/api/rooms', { seekerId: fresh.id }),
      await api(r, 'POST', `/api/rooms/${room}/messages`, {
        clientId: randomUUID(),
        message: 'Still there?',
      }),
      await api(r, 'PUT', `/api/rooms/${room}/status`, { status: 'shortlisted' }),
      await api(r, 'POST', `/api/rooms/${room}/interview`, {
        date: '2099-03-14',
        time: '10:30',
        place: 'Office',
      }),
      await api(r, 'GET', '/api/recruiter/candidates'),
      await api(r, 'GET', `/api/candidates/${s.id}`),
      await api(r, 'GET', `/api/seekers/${s.id}/resume-link`),
    ];
    for (const res of refused) {
      expect(res.status, res.url).toBe(403);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code, res.url).toBe('moderation.accountUnderReview');
      expect(body.error.message).toBe(english('moderation.accountUnderReview'));
    }
    // Nothing was made or stored; the conversation so far is still theirs to read.
    expect(
      await t.ctx.db.query('SELECT 1 FROM chat_rooms WHERE recruiter_id = $1 AND seeker_id = $2', [
        r.id,
        fresh.id,
      ]),
    ).toHaveLength(0);
    const history = await api(r, 'GET', `/api/rooms/${room}/messages`);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { messages: unknown[] }).messages).toHaveLength(1);

    // Released by a moderator: everything works again.
    await hold(r, false);
    expect(
      (
        await api(r, 'POST', `/api/rooms/${room}/messages`, {
          clientId: randomUUID(),
          message: 'Back',
        })
      ).status,
    ).toBe(201);
    expect((await api(r, 'POST', '/api/rooms', { seekerId: fresh.id })).status).toBe(201);
  });

  it('cannot delete the account (and the reports with it) until a moderator decides', async () => {
    const { r } = await chatPair(t, base, 'Asha Rao');
    await hold(r, true);
    const res = await api(r, 'DELETE', '/api/me', { confirm: 'DELETE' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('profile.deleteUnderReview');
    expect(body.error.message).toBe(english('profile.deleteUnderReview'));
    expect(await t.ctx.db.query('SELECT 1 FROM users WHERE id = $1', [r.id])).toHaveLength(1);
    await hold(r, false);
    expect((await api(r, 'DELETE', '/api/me', { confirm: 'DELETE' })).status).toBe(204);
  });
});
