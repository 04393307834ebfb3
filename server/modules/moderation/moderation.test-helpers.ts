import { expect } from 'vitest';
import { randomUUID } from 'node:crypto';
import { english, type MessageKey } from '#shared/i18n/messages.ts';
import type { SocketSendReply } from '#shared/schemas/chat.ts';
import type { QueueItem } from '#shared/schemas/moderation.ts';
import type { BuiltApp } from '../../app.ts';
import { listeningTestApp, login, type TestApp } from '../../test/app.ts';
import {
  cityId,
  freshPhone,
  markOnboarded,
  newRecruiter,
  newUser,
  type TestUser,
} from '../../test/users.ts';
import { connectWs, type WsClient } from '../../test/ws.ts';
import { adminCommand } from '../../cli/admin.ts';

// Shared by the moderation tests (issue 12): a listening test server, people in every role, jobs
// posted through HTTP, and the report, block and moderator calls, each as the real API answers.

export interface World {
  t: TestApp;
  /** http://127.0.0.1:<port> of the listening server (WebSockets, fetch). */
  base: string;
  blr: number;
}

export async function moderationTestApp(): Promise<World> {
  const { t, base } = await listeningTestApp();
  return { t, base, blr: await cityId(t, 'Bengaluru') };
}

/** `moderationTestApp` and a moderator signed in to it: the start of the queue and action tests. */
export async function moderatedTestApp(): Promise<{ w: World; admin: TestUser }> {
  const w = await moderationTestApp();
  return { w, admin: await newAdmin(w.t) };
}

export type Res = Awaited<ReturnType<TestApp['app']['inject']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

// Each test user acts from its own client address, so per-IP limits of one never touch another.
const ips = new Map<string, string>();
const ipOf = (u: TestUser | null) => {
  if (!u) return '10.66.0.1';
  let ip = ips.get(u.cookie);
  if (!ip) {
    const n = ips.size + 2;
    ip = `10.66.${Math.floor(n / 250)}.${(n % 250) + 1}`;
    ips.set(u.cookie, ip);
  }
  return ip;
};

/** A request as this user (null: without a session) through the app's HTTP stack. */
export const as = (t: BuiltApp, u: TestUser | null, method: Method, url: string, body?: object) =>
  t.app.inject({
    method,
    url,
    headers: u ? { cookie: u.cookie } : {},
    remoteAddress: ipOf(u),
    ...(body === undefined ? {} : { payload: body }),
  });

/** The answer is this status with the catalogue's code and its English message. */
export function expectError(res: Res, status: number, code: MessageKey): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error).toEqual({ code, key: code, message: english(code) });
}

let names = 0;
/**
 * An onboarded seeker whose preferences fit the jobs of `postJob` (a React developer in Bengaluru),
 * so the recommended candidates of their recruiter include them.
 */
export async function newSeeker(w: World, name = `Asha Seeker ${++names}`): Promise<TestUser> {
  const s = await newUser(w.t, 'user');
  await w.t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, experience_range, salary_range, city_id, job_title)
     VALUES ($1, $2, 'software_development', 'full_time', '1_3', '6_10', $3, 'React developer')`,
    [s.id, name, w.blr],
  );
  await markOnboarded(w.t, s.id, 6);
  // An established account (reports count towards a hold from accounts a day old: reports.service).
  await w.t.ctx.db.query(`UPDATE users SET created_at = now() - interval '2 days' WHERE id = $1`, [
    s.id,
  ]);
  return s;
}

/** An onboarded seeker whose account was made just now (its reports hold nobody yet). */
export async function newFreshSeeker(w: World): Promise<TestUser> {
  const s = await newSeeker(w);
  await w.t.ctx.db.query('UPDATE users SET created_at = now() WHERE id = $1', [s.id]);
  return s;
}

export { newRecruiter, newUser, type TestUser };

let admins = 0;
/** A moderator made the only way there is (the command line), then signed in over HTTP. */
export async function newAdmin(t: BuiltApp): Promise<TestUser> {
  const phone = freshPhone('98');
  admins += 1;
  const said = await adminCommand(t.ctx.db, ['add', phone]);
  expect(said).toContain('is a moderator');
  const cookie = await login(t, phone, `10.67.${admins % 250}.${Math.floor(admins / 250) + 1}`);
  const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
  expect(me.json().user.role).toBe('admin');
  return { id: me.json().user.id, cookie, phone: `+91${phone}` };
}

let jobs = 0;
/**
 * A clean job posted through HTTP (published); its title carries a word found nowhere else, so
 * the feed can be searched for it whatever else the file posted.
 */
export async function postJob(
  w: World,
  r: TestUser,
): Promise<{ id: string; word: string; title: string }> {
  const word = `zq${Date.now().toString(36)}${++jobs}`;
  const title = `React Developer ${word}`;
  const res = await as(w.t, r, 'POST', '/api/jobs', {
    title,
    cityId: w.blr,
    type: 'full_time',
    level: '1_3',
    jobCategory: 'software_development',
    description: 'Build and maintain our React web app with a small team in Bengaluru.',
    minSalary: 6,
    maxSalary: 9,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().job.moderation).toEqual({ state: 'published', reasons: [] });
  return { id: res.json().job.id as string, word, title };
}

/** Whether the seeker's feed (searched for the job's own word) lists the job. */
export async function inFeed(
  w: World,
  s: TestUser,
  job: { id: string; word: string },
): Promise<boolean> {
  const res = await as(w.t, s, 'GET', `/api/jobs/feed?q=${job.word}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().jobs as { id: string }[]).some((j) => j.id === job.id);
}

/** The job page's answer for this viewer. */
export const jobPage = (w: World, u: TestUser, jobId: string) =>
  as(w.t, u, 'GET', `/api/jobs/${jobId}`);

/** The seeker's feed lists the job and its page opens, or neither (404 jobs.notFound). */
export async function expectListed(
  w: World,
  s: TestUser,
  job: { id: string; word: string },
  listed: boolean,
): Promise<void> {
  expect(await inFeed(w, s, job)).toBe(listed);
  const page = await jobPage(w, s, job.id);
  if (listed) expect(page.statusCode, page.body).toBe(200);
  else expectError(page, 404, 'jobs.notFound');
}

/** The room a recruiter opened with a seeker. */
export async function openRoom(t: BuiltApp, r: TestUser, s: TestUser): Promise<string> {
  const res = await as(t, r, 'POST', '/api/rooms', { seekerId: s.id });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().room.id as string;
}

/**
 * An established seeker who had a conversation with the recruiter (the recruiter opened a room
 * with them): their reports about the person count towards holding the recruiter.
 */
export async function seekerWhoTalkedTo(w: World, r: TestUser): Promise<TestUser> {
  const s = await newSeeker(w);
  await openRoom(w.t, r, s);
  return s;
}

export const say = (t: BuiltApp, u: TestUser, room: string, message: string) =>
  as(t, u, 'POST', `/api/rooms/${room}/messages`, { clientId: randomUUID(), message });

/** Sends and expects it stored; the message's id. */
export async function said(t: BuiltApp, u: TestUser, room: string, message: string) {
  const res = await say(t, u, room, message);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message.id as number;
}

export async function openWs(base: string, u: TestUser): Promise<WsClient> {
  const w = await connectWs(base, u.cookie);
  await w.next((e) => e.type === 'hello');
  return w;
}

/** The socket's close code, or null when it is still open after `ms`. */
export const closedWithin = (socket: WsClient, ms: number) =>
  Promise.race([socket.closed, new Promise<null>((r) => setTimeout(() => r(null), ms))]);

let refs = 0;
export async function wsSend(w: WsClient, roomId: string, message: string) {
  const ref = `m${++refs}`;
  w.socket.send(
    JSON.stringify({ type: 'message.send', ref, roomId, clientId: randomUUID(), message }),
  );
  return (await w.next(
    (e) => (e.type === 'message.ack' || e.type === 'message.nack') && e.ref === ref,
  )) as SocketSendReply;
}

export const report = (t: BuiltApp, u: TestUser, body: object) =>
  as(t, u, 'POST', '/api/reports', { reason: 'money', ...body });

/** A report sent from this client address (several accounts on one network). */
export const reportFrom = (t: BuiltApp, u: TestUser, ip: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { cookie: u.cookie },
    remoteAddress: ip,
    payload: { reason: 'money', ...body },
  });

/** Reports and expects it filed; the report's id. */
export async function reported(t: BuiltApp, u: TestUser, body: object): Promise<string> {
  const res = await report(t, u, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().report.id as string;
}

export const act = (t: BuiltApp, admin: TestUser, body: object) =>
  as(t, admin, 'POST', '/api/admin/actions', body);

/** A moderator's action, expected to succeed. */
export async function acted(t: BuiltApp, admin: TestUser, body: object): Promise<void> {
  const res = await act(t, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ ok: true });
}

export async function queue(t: BuiltApp, admin: TestUser): Promise<QueueItem[]> {
  const res = await as(t, admin, 'GET', '/api/admin/queue');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as QueueItem[];
}

export async function queueItem(t: BuiltApp, admin: TestUser, id: string) {
  return (await queue(t, admin)).find((i) => i.id === id);
}

/** The ids of the rooms in the user's chat list. */
export async function chatListIds(t: BuiltApp, u: TestUser): Promise<string[]> {
  const res = await as(t, u, 'GET', '/api/rooms');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().rooms as { roomId: string }[]).map((r) => r.roomId);
}

/** The room as its chat screen shows it to this member. */
export async function roomView(t: BuiltApp, u: TestUser, room: string) {
  const res = await as(t, u, 'GET', `/api/rooms/${room}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().room as { other: { id: string; suspended: boolean; blockedByMe: boolean } };
}

/**
 * Signs an existing account in again over HTTP (another phone or browser): its last code is aged
 * past the resend cooldown first, as if the person waited.
 */
export async function loginAgain(t: BuiltApp, u: TestUser, ip: string): Promise<TestUser> {
  const digits = u.phone.replace(/\D/g, '').slice(-10);
  await t.ctx.db.query(
    "UPDATE one_time_codes SET created_at = created_at - interval '1 minute' WHERE target = $1",
    [`+91${digits}`],
  );
  return { ...u, cookie: await login(t, digits, ip) };
}

/** Whether the session behind this cookie still works. */
export async function signedIn(t: BuiltApp, u: TestUser): Promise<boolean> {
  const res = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
  expect([200, 401]).toContain(res.statusCode);
  return res.statusCode === 200;
}
