import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../../app.ts';
import { adminCommand } from '../../cli/admin.ts';
import { createTestApp, login, type TestApp } from '../app.ts';
import { freshPhone, markOnboarded, newRecruiter, newUser, type TestUser } from '../users.ts';
import { breakableParts, routeRequests, type FuzzRequest } from './requests.ts';

/**
 * Issue 13: zero 5xx on bad input. Every route of the app (read from the route list, so a new
 * route is fuzzed without a new test) gets FUZZ_RUNS (300) generated requests that are invalid by
 * construction — each breaks its session, path, query or body, judged by the route's own zod
 * schema — plus whatever plausible ones come along. Every answer must be below 500; every invalid
 * one a 4xx; no body may carry a stack trace or SQL. A failure prints fast-check's seed and path:
 * the failure message says how to replay it (FUZZ_SEED, FUZZ_PATH).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PATH = process.env.FUZZ_PATH;

/** Routes that take a file (multipart/form-data) rather than JSON. */
const MULTIPART = new Set(['POST /api/uploads/image', 'POST /api/me/resume']);

/** Which of the fixture's users each policy's requests come from (one its gate lets in). */
const SENDER: Record<string, 'seeker' | 'recruiter' | 'admin'> = {
  admin: 'admin',
  recruiter: 'recruiter',
  onboardedRecruiter: 'recruiter',
  'job.post': 'recruiter',
  'job.manage': 'recruiter',
  'room.manage': 'recruiter',
  'candidate.contact': 'recruiter',
  'candidate.view': 'recruiter',
};

/** What a leaked internal looks like: a stack frame, a source path, SQL or a driver's words. */
const LEAK =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+:\d+|\bSELECT\b.+\bFROM\b|\bINSERT INTO\b|\bUPDATE\b.+\bSET\b|\bDELETE FROM\b|syntax error|violates|relation "|column "|pglite|PostgreSQL|TypeError|ReferenceError/i;

// Built at collection time: vitest needs the route list to name one test per route.
const t: TestApp = await createTestApp();
afterAll(async () => {
  await t.close();
});

interface Fixture {
  users: Record<'seeker' | 'recruiter' | 'admin', TestUser>;
  realIds: Record<string, string[]>;
}

let fixtures = 0;

/** Fresh users for each route (a route may sign its user out or delete them), a job and a chat. */
async function fixture(): Promise<Fixture> {
  const recruiter = await newRecruiter(t);
  const seeker = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name) VALUES ($1, 'Fuzz Seeker')`,
    [seeker.id],
  );
  await markOnboarded(t, seeker.id, 6);
  const phone = freshPhone('96');
  await adminCommand(t.ctx.db, ['add', phone]);
  const adminCookie = await login(t, phone, `10.96.${++fixtures % 250}.1`);
  const me = await t.app.inject({ url: '/api/me', headers: { cookie: adminCookie } });
  const admin = { id: me.json().user.id as string, cookie: adminCookie, phone };
  const [job] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, type, level, job_category, description, status)
     VALUES ($1, 'Fuzz Tester', 'Acme', 'full_time', 'entry', 'operations_admin', 'Test things', 'open')
     RETURNING id`,
    [recruiter.id],
  );
  const room = await t.app.inject({
    method: 'POST',
    url: '/api/rooms',
    payload: { seekerId: seeker.id },
    headers: { cookie: recruiter.cookie },
  });
  if (room.statusCode >= 300) throw new Error(`room: ${room.body}`);
  const roomId = room.json().room.id as string;
  return {
    users: { seeker, recruiter, admin },
    realIds: { id: [roomId, job!.id, seeker.id], userId: [seeker.id, recruiter.id], step: ['1'] },
  };
}

async function send(request: FuzzRequest, user: TestUser) {
  const headers = { ...request.headers };
  if (headers['x-fuzz-identity']) {
    delete headers['x-fuzz-identity'];
    headers.cookie = user.cookie;
  }
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers,
    payload: request.payload,
    remoteAddress: '10.97.0.1',
  });
}

const key = (r: RouteInfo) => `${r.method} ${r.url}`;

describe('every route answers bad input with a 4xx, never a 5xx or a leak', () => {
  it('has routes to fuzz, and each can be broken in some part', () => {
    expect(t.routes.length).toBeGreaterThan(40);
  });

  it.each(t.routes.map(key))('%s', async (name) => {
    const route = t.routes.find((r) => key(r) === name)!;
    const fx = await fixture();
    const options = {
      realIds: fx.realIds,
      multipart: MULTIPART.has(key(route)),
      openPath: route.url === '/*',
    };
    const user = fx.users[SENDER[route.policy ?? ''] ?? 'seeker'];
    const canBreak = breakableParts(route, options).length > 0;
    let invalidSent = 0;
    let sent = 0;
    const seed = SEED ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;
    const details = await fc.check(
      fc.asyncProperty(routeRequests(route, options), async (request) => {
        const res = await send(request, user);
        sent += 1;
        const where = `${request.method} ${request.url.slice(0, 200)} → ${res.statusCode} (${request.invalid ?? 'maybe valid'}): ${res.body.slice(0, 300)}`;
        expect(res.statusCode, where).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.body, where).not.toMatch(LEAK);
        if (request.invalid) {
          expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
          invalidSent += 1;
        }
        // Requests that may be valid were checked above; they do not count toward the runs.
        fc.pre(request.invalid !== null || !canBreak);
      }),
      { numRuns: RUNS, seed, path: PATH, maxSkipsPerRun: 10, endOnFailure: true },
    );
    if (details.failed) {
      // The seed and path replay exactly this failure (the route's fixture ids aside).
      const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} npx vitest run server/test/fuzz -t '${name}'`;
      console.error(`fuzz failure on ${name}; replay with: ${replay}`);
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : '';
      throw new Error(`${replay}\n${cause}\n${fc.defaultReportMessage(details)}`);
    }
    if (canBreak) expect(invalidSent).toBeGreaterThanOrEqual(RUNS);
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });
});
