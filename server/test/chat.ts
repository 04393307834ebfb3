import type { BuiltApp } from '../app.ts';
import { markOnboarded, newRecruiter, newUser, type TestUser } from './users.ts';

/** A real HTTP request as this user, against a listening test server. */
export const fetchAs = (
  base: string,
  u: TestUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      cookie: u.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A new recruiter and onboarded seeker, and the room the recruiter opened with the seeker. */
export async function chatPair(
  t: BuiltApp,
  base: string,
  seekerName: string,
): Promise<{ r: TestUser; s: TestUser; room: string }> {
  const r = await newRecruiter(t);
  const s = await newUser(t, 'user');
  await t.ctx.db.query(`INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, $2)`, [
    s.id,
    seekerName,
  ]);
  await markOnboarded(t, s.id, 6);
  const res = await fetchAs(base, r, 'POST', '/api/rooms', { seekerId: s.id });
  const room = ((await res.json()) as { room: { id: string } }).room.id;
  return { r, s, room };
}
