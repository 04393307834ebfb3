import type { ContactVisibility } from '#shared/picklists.ts';
import type { SessionUser } from '../modules/auth/sessions.ts';
import { AppError } from '../lib/errors.ts';
import type { MessageKey } from '#shared/i18n/keys.ts';

/**
 * Who may do what: every authorization rule of the server, in one table. A route names its
 * policy (`config.policy`); the auth hook checks the policy's gate (who may call the route at
 * all) before the handler runs, and services call `authorize` with the facts of the resource
 * (loaded from the database, never taken from the client) for the rest. The route-list test
 * fails for a route that names no policy.
 */

/** Facts about a chat room: its two members. */
export interface RoomFacts {
  recruiterId: string;
  seekerId: string;
}

/** Facts about a job: who posted it. */
export interface JobFacts {
  recruiterId: string;
}

/** Facts about a seeker, as seen by one viewer (decisions.md "Contact data by consent"). */
export interface SeekerFacts {
  seekerId: string;
  visibility: ContactVisibility;
  /** The seeker started, or wrote in, a chat with this viewer. */
  engagedWithViewer: boolean;
  /** The viewer is a recruiter whose company domain is verified. */
  viewerVerified: boolean;
}

/** Who acts: what the rules read of a session's user. */
export type Actor = Pick<SessionUser, 'id' | 'role' | 'isOnboarded' | 'held'>;
type Denial = AppError;
type Gate = (user: Actor | null) => Denial | null;
type Rule<R> = (user: Actor, resource: R) => Denial | null;

const deny = (status: number, code: MessageKey) => new AppError(status, code);
const signedIn: Gate = (u) => (u ? null : deny(401, 'session.mustLogin'));
const role =
  (wanted: 'user' | 'recruiter' | 'admin'): Gate =>
  (u) =>
    signedIn(u) ?? (u!.role === wanted ? null : deny(403, 'errors.forbidden'));
// Recommended candidates and candidate profiles are for recruiters who told us who they are.
const onboardedRecruiter: Gate = (u) =>
  role('recruiter')(u) ??
  (u!.isOnboarded ? null : deny(403, 'access.finishOnboarding')) ??
  notHeld(u!);
// A recruiter held after reports reaches no seeker until a moderator decides: no candidates, no
// new or continued conversations, no contact data (decision 028, session 21). Their history stays
// readable.
const notHeld = (u: Actor) =>
  u.role === 'recruiter' && u.held ? deny(403, 'moderation.accountUnderReview') : null;
// Chats with recruiters are for seekers whose profile exists (a recruiter sees who writes).
/** A seeker who finished onboarding; before it, refused with what it is that needs onboarding. */
const onboardedSeeker =
  (message: MessageKey): Gate =>
  (u) =>
    role('user')(u) ?? (u!.isOnboarded ? null : deny(403, message));
const isMember = (u: Actor, room: RoomFacts) => u.id === room.recruiterId || u.id === room.seekerId;

/** Contact data (e-mail, phone, resume) reaches a recruiter only by the seeker's consent. */
const sharesContact: Rule<SeekerFacts> = (u, s) => {
  if (u.id === s.seekerId) return null;
  if (u.role !== 'recruiter') return deny(403, 'errors.forbidden');
  const held = notHeld(u);
  if (held) return held;
  if (s.engagedWithViewer) return null;
  if (s.visibility === 'verified_recruiters' && s.viewerVerified) return null;
  return deny(403, 'access.contactNotShared');
};

interface Policy<R = never> {
  gate: Gate;
  rule?: Rule<R>;
}
const policy = <R = never>(gate: Gate, rule?: Rule<R>): Policy<R> => ({ gate, rule });

export const POLICIES = {
  /** Anyone, signed in or not (the route list's allow-list says which routes). */
  public: policy(() => null),
  signedIn: policy(signedIn),
  seeker: policy(role('user')),
  recruiter: policy(role('recruiter')),
  onboardedRecruiter: policy(onboardedRecruiter),
  onboardedSeeker: policy(onboardedSeeker('access.finishSeekerOnboarding')),
  /**
   * The feed, and changing one's profile, preferences or resume outside the onboarding steps: a
   * seeker who finished onboarding. Before it, these made a profile row ahead of step 1 (decision
   * 028); the onboarding steps upload no resume, only the profile and chat screens do.
   */
  seekerProfile: policy(onboardedSeeker('access.finishSeekerProfile')),
  /** The moderation queue and its actions: moderators (made from the command line only). */
  admin: policy(
    (u) => signedIn(u) ?? (u!.role === 'admin' ? null : deny(403, 'moderation.onlyAdmins')),
  ),
  /** Report or block: people who use the product (a moderator acts instead). */
  member: policy(
    (u) =>
      signedIn(u) ??
      (u!.role === 'user' || u!.role === 'recruiter' ? null : deny(403, 'errors.forbidden')),
  ),
  /** Read a room, its messages, write in it: its two members only (404: nothing is learned). */
  'room.member': policy<RoomFacts>(signedIn, (u, room) =>
    isMember(u, room) ? null : deny(404, 'chat.notMember'),
  ),
  /** Write in a room: its members, but not a recruiter held after reports. */
  'room.write': policy<RoomFacts>(signedIn, (u, room) =>
    isMember(u, room) ? notHeld(u) : deny(404, 'chat.notMember'),
  ),
  /** Hiring status, interview, resume request: the room's recruiter (not while held). */
  'room.manage': policy<RoomFacts>(signedIn, (u, room) => {
    if (!isMember(u, room)) return deny(404, 'chat.notMember');
    return u.id === room.recruiterId ? notHeld(u) : deny(403, 'chat.onlyRecruiter');
  }),
  /** Post a job: recruiters (a seeker is told so in the spec's words). */
  'job.post': policy(
    (u) => signedIn(u) ?? (u!.role === 'recruiter' ? null : deny(403, 'jobs.onlyRecruiters')),
  ),
  /** Edit, open or close a job: the recruiter who posted it. */
  'job.manage': policy<JobFacts>(role('recruiter'), (u, job) =>
    u.id === job.recruiterId ? null : deny(403, 'errors.forbidden'),
  ),
  /** A candidate's profile: the seeker themself, or a recruiter who finished onboarding. */
  'candidate.view': policy<{ seekerId: string }>(signedIn, (u, s) => {
    if (u.id === s.seekerId) return null;
    if (u.role !== 'recruiter') return deny(404, 'profile.notFound');
    return onboardedRecruiter(u);
  }),
  /** E-mail, phone and resume of a seeker. */
  'candidate.contact': policy<SeekerFacts>(signedIn, sharesContact),
} as const;

export type PolicyName = keyof typeof POLICIES;
type ResourceOf<P extends PolicyName> = (typeof POLICIES)[P] extends Policy<infer R> ? R : never;

/** The route-level part of a policy: who may call the route at all. Throws the denial. */
export function checkGate(user: Actor | null, name: PolicyName): void {
  const denial = POLICIES[name].gate(user);
  if (denial) throw denial;
}

/** Throws the denial (an AppError with a message a person can act on) unless allowed. */
export function authorize<P extends PolicyName, U extends Actor>(
  user: U | null,
  name: P,
  ...resource: [ResourceOf<P>] extends [never] ? [] : [ResourceOf<P>]
): asserts user is U {
  checkGate(user, name);
  const rule = (POLICIES[name] as Policy<ResourceOf<P>>).rule;
  const denial = rule ? rule(user!, resource[0] as ResourceOf<P>) : null;
  if (denial) throw denial;
}

/** Whether `authorize` would allow it (for answers that show or hide data rather than refuse). */
export function can<P extends PolicyName>(
  user: Actor | null,
  name: P,
  ...resource: [ResourceOf<P>] extends [never] ? [] : [ResourceOf<P>]
): boolean {
  try {
    authorize(user, name, ...resource);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

export function isPolicyName(name: unknown): name is PolicyName {
  return typeof name === 'string' && Object.hasOwn(POLICIES, name);
}
