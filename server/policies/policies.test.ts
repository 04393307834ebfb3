import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { authorize, POLICIES, type Actor, type PolicyName, type SeekerFacts } from './policies.ts';

// Every rule of POLICIES, as one table: who, what, on which facts, and the answer.
const seeker: Actor = { id: 's1', role: 'user', isOnboarded: true };
const otherSeeker: Actor = { id: 's2', role: 'user', isOnboarded: true };
const recruiter: Actor = { id: 'r1', role: 'recruiter', isOnboarded: true };
const freshRecruiter: Actor = { id: 'r9', role: 'recruiter', isOnboarded: false };
const otherRecruiter: Actor = { id: 'r2', role: 'recruiter', isOnboarded: true };
const noRole: Actor = { id: 'n1', role: null, isOnboarded: false };
const freshSeeker: Actor = { id: 's9', role: 'user', isOnboarded: false };
const admin: Actor = { id: 'a1', role: 'admin', isOnboarded: true };
// Held after reports until a moderator decides (decision 028, session 21).
const heldRecruiter: Actor = { id: 'r1', role: 'recruiter', isOnboarded: true, held: true };

const room = { recruiterId: 'r1', seekerId: 's1' };
const job = { recruiterId: 'r1' };
const facts = (over: Partial<SeekerFacts> = {}): SeekerFacts => ({
  seekerId: 's1',
  visibility: 'verified_recruiters',
  engagedWithViewer: false,
  viewerVerified: false,
  ...over,
});

type Row = [string, Actor | null, PolicyName, unknown, 'allow' | number, string?];
const table: Row[] = [
  ['anyone may call a public route', null, 'public', undefined, 'allow'],
  ['a signed-in route needs a session', null, 'signedIn', undefined, 401],
  ['any role is signed in', noRole, 'signedIn', undefined, 'allow'],
  ['seeker routes: seeker', seeker, 'seeker', undefined, 'allow'],
  ['seeker routes: not a recruiter', recruiter, 'seeker', undefined, 403],
  ['seeker routes: not without a role', noRole, 'seeker', undefined, 403],
  ['recruiter routes: recruiter', freshRecruiter, 'recruiter', undefined, 'allow'],
  ['recruiter routes: not a seeker', seeker, 'recruiter', undefined, 403],
  ['candidates: onboarded recruiter', recruiter, 'onboardedRecruiter', undefined, 'allow'],
  [
    'candidates: not before onboarding',
    freshRecruiter,
    'onboardedRecruiter',
    undefined,
    403,
    'access.finishOnboarding',
  ],
  ['candidates: not a seeker', seeker, 'onboardedRecruiter', undefined, 403],
  ['start a chat: an onboarded seeker', seeker, 'onboardedSeeker', undefined, 'allow'],
  [
    'start a chat: not a seeker before onboarding',
    freshSeeker,
    'onboardedSeeker',
    undefined,
    403,
    'access.finishSeekerOnboarding',
  ],
  ['start a chat: not a recruiter', recruiter, 'onboardedSeeker', undefined, 403],
  ['feed and preferences: an onboarded seeker', seeker, 'seekerProfile', undefined, 'allow'],
  [
    'feed and preferences: not before onboarding',
    freshSeeker,
    'seekerProfile',
    undefined,
    403,
    'access.finishSeekerProfile',
  ],
  ['feed and preferences: not a recruiter', recruiter, 'seekerProfile', undefined, 403],
  ['moderation: a moderator', admin, 'admin', undefined, 'allow'],
  ['moderation: not a recruiter', recruiter, 'admin', undefined, 403, 'moderation.onlyAdmins'],
  ['moderation: not a seeker', seeker, 'admin', undefined, 403],
  ['report and block: a seeker', seeker, 'member', undefined, 'allow'],
  ['report and block: a recruiter', freshRecruiter, 'member', undefined, 'allow'],
  ['report and block: not before choosing a role', noRole, 'member', undefined, 403],
  ['report and block: not a moderator', admin, 'member', undefined, 403],
  ['seeker routes: not a moderator', admin, 'seeker', undefined, 403],
  ['recruiter routes: not a moderator', admin, 'recruiter', undefined, 403],
  ['room: the seeker member', seeker, 'room.member', room, 'allow'],
  ['room: the recruiter member', recruiter, 'room.member', room, 'allow'],
  ['room: a stranger learns nothing', otherSeeker, 'room.member', room, 404, 'chat.notMember'],
  ['room: another recruiter', otherRecruiter, 'room.member', room, 404],
  ['room status: its recruiter', recruiter, 'room.manage', room, 'allow'],
  ['room status: not its seeker', seeker, 'room.manage', room, 403, 'chat.onlyRecruiter'],
  ['room status: not a stranger', otherRecruiter, 'room.manage', room, 404],
  [
    'room status: not while held',
    heldRecruiter,
    'room.manage',
    room,
    403,
    'moderation.accountUnderReview',
  ],
  ['write in a room: its seeker', seeker, 'room.write', room, 'allow'],
  ['write in a room: its recruiter', recruiter, 'room.write', room, 'allow'],
  ['write in a room: not a stranger', otherSeeker, 'room.write', room, 404, 'chat.notMember'],
  [
    'write in a room: not a held recruiter',
    heldRecruiter,
    'room.write',
    room,
    403,
    'moderation.accountUnderReview',
  ],
  [
    'candidates: not a held recruiter',
    heldRecruiter,
    'onboardedRecruiter',
    undefined,
    403,
    'moderation.accountUnderReview',
  ],
  ['post a job: recruiter', freshRecruiter, 'job.post', undefined, 'allow'],
  ['post a job: not a seeker', seeker, 'job.post', undefined, 403, 'jobs.onlyRecruiters'],
  ['edit a job: its recruiter', recruiter, 'job.manage', job, 'allow'],
  ['edit a job: not another recruiter', otherRecruiter, 'job.manage', job, 403],
  ['edit a job: not a seeker', seeker, 'job.manage', job, 403],
  ['candidate page: the seeker themself', seeker, 'candidate.view', { seekerId: 's1' }, 'allow'],
  ['candidate page: onboarded recruiter', recruiter, 'candidate.view', { seekerId: 's1' }, 'allow'],
  [
    'candidate page: not before onboarding',
    freshRecruiter,
    'candidate.view',
    { seekerId: 's1' },
    403,
    'access.finishOnboarding',
  ],
  ['candidate page: not another seeker', otherSeeker, 'candidate.view', { seekerId: 's1' }, 404],
  ['contact: the seeker themself', seeker, 'candidate.contact', facts(), 'allow'],
  [
    'contact: not a held recruiter, even after a chat',
    heldRecruiter,
    'candidate.contact',
    facts({ engagedWithViewer: true }),
    403,
    'moderation.accountUnderReview',
  ],
  [
    'contact: verified recruiter, default visibility',
    recruiter,
    'candidate.contact',
    facts({ viewerVerified: true }),
    'allow',
  ],
  [
    'contact: not an unverified recruiter',
    recruiter,
    'candidate.contact',
    facts(),
    403,
    'access.contactNotShared',
  ],
  [
    'contact: not a verified recruiter when only chats may see',
    recruiter,
    'candidate.contact',
    facts({ viewerVerified: true, visibility: 'chat_only' }),
    403,
    'access.contactNotShared',
  ],
  [
    'contact: a recruiter the seeker chatted with',
    recruiter,
    'candidate.contact',
    facts({ engagedWithViewer: true, visibility: 'chat_only' }),
    'allow',
  ],
  [
    'contact: unverified, but the seeker chatted',
    recruiter,
    'candidate.contact',
    facts({ engagedWithViewer: true }),
    'allow',
  ],
  ['contact: never another seeker', otherSeeker, 'candidate.contact', facts(), 403],
  ['contact: needs a session', null, 'candidate.contact', facts(), 401],
];

describe('authorize: every policy', () => {
  it.each(table)('%s', (_label, user, name, resource, expected, code) => {
    const run = () =>
      (authorize as (u: Actor | null, n: PolicyName, r?: unknown) => void)(user, name, resource);
    if (expected === 'allow') {
      expect(run).not.toThrow();
      return;
    }
    let error: unknown;
    try {
      run();
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(expected);
    if (code) expect((error as AppError).code).toBe(code);
  });

  it('the table covers every policy', () => {
    const covered = new Set(table.map((r) => r[2]));
    expect([...covered].sort()).toEqual(Object.keys(POLICIES).sort());
  });
});
