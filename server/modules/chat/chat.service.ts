import { randomUUID } from 'node:crypto';
import { formatIsoDay } from '#shared/chat-system-text.ts';
import type { z } from 'zod';
import { english } from '#shared/i18n/messages.ts';
import type { MessageKey } from '#shared/i18n/keys.ts';
import { pickLabel, type RoomStatus } from '#shared/picklists.ts';
import type { createRoomBody, interviewBody } from '#shared/schemas/chat.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import type { Ctx } from '../../context.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import {
  blockedBetween,
  getOrCreateRoom,
  memberRoom,
  roomNotFound,
  type RoomRow,
} from './rooms.repo.ts';
import {
  findMessage,
  insertMessage,
  lastInterview,
  lastResumeRequest,
  markRead,
} from './messages.repo.ts';
import { takeFromWindows, takeTokens } from '../../lib/rate-limit.ts';
import { authorize } from '../../policies/policies.ts';
import { scanMessage } from '#shared/scam-shield/index.ts';
import { queueFlaggedMessage } from '../moderation/reports.service.ts';
import { listedJobSql, noBlockSql } from '../moderation/visibility.ts';
import {
  messageBuckets,
  newConversationWindows,
  seekerConversationWindows,
} from '../../policies/limits.ts';

const members = (room: RoomRow) => [room.recruiter_id, room.seeker_id];

/** The room, for one of its members (policy 'room.member'); 404 for anyone else. */
export async function requireMember(ctx: Ctx, roomId: string, me: SessionUser): Promise<RoomRow> {
  const room = await memberRoom(ctx.db, roomId, me.id);
  // 404, not 403: a stranger does not learn whether a room exists.
  if (!room) throw await roomNotFound(ctx.db, roomId, me.id);
  authorize(me, 'room.member', roomFacts(room));
  return room;
}

const roomFacts = (room: RoomRow) => ({ recruiterId: room.recruiter_id, seekerId: room.seeker_id });

/**
 * A seeker starts (or reopens) the room of a job; a recruiter starts one with a seeker. New room
 * status: interested when the recruiter creates it, initiated when the seeker does. A closed job
 * gets no new rooms.
 */
export async function startRoom(
  ctx: Ctx,
  me: SessionUser,
  body: z.output<typeof createRoomBody>,
  ip: string,
): Promise<{ room: RoomRow; created: boolean }> {
  return ctx.db.tx(async (q) => {
    if (me.role === 'user') {
      if (!('jobId' in body) || 'seekerId' in body || !body.jobId) throw forbidden();
      // A recruiter must see who writes (a nameless chat is a scam's first step), and a role
      // can be switched only until onboarding ends: a seeker chats once their profile exists.
      authorize(me, 'onboardedSeeker');
      // Only a job the seeker may see (moderation/visibility.ts): not held, hidden, from a
      // suspended or held recruiter, or across a block.
      const [job] = await q.query<{ recruiter_id: string; status: string }>(
        `SELECT j.recruiter_id, j.status FROM jobs j WHERE j.id = $1 AND ${listedJobSql('j', '$2::uuid')}`,
        [body.jobId, me.id],
      );
      if (!job) throw notFound('jobs.notFound');
      const existing = await q.query<RoomRow>(
        'SELECT id FROM chat_rooms WHERE recruiter_id = $1 AND seeker_id = $2 AND job_id = $3',
        [job.recruiter_id, me.id, body.jobId],
      );
      if (existing.length === 0 && job.status !== 'open') throw conflict('chat.jobClosed');
      const started = await getOrCreateRoom(q, {
        recruiterId: job.recruiter_id,
        seekerId: me.id,
        jobId: body.jobId,
        createdBy: me.id,
        status: 'initiated',
      });
      // A new conversation counts against the seeker's daily limit; over it, the rollback takes
      // the room away again.
      if (started.created) await takeFromWindows(q, seekerConversationWindows(me.id, ip));
      return started;
    }
    if (me.role !== 'recruiter' || !('seekerId' in body)) throw forbidden();
    // A recruiter reaches out only after telling who they are (onboarding finished).
    authorize(me, 'onboardedRecruiter');
    const [seeker] = await q.query(
      `SELECT 1 FROM users u WHERE u.id = $1 AND u.user_role = 'user' AND u.is_onboarded AND u.deleted_at IS NULL
          AND u.suspended_at IS NULL AND ${noBlockSql('u.id', '$2::uuid')}`,
      [body.seekerId, me.id],
    );
    if (!seeker) throw notFound('chat.candidateProfileMissing');
    const jobId = body.jobId ?? null;
    if (jobId) {
      const [job] = await q.query<{ status: string }>(
        'SELECT status FROM jobs WHERE id = $1 AND recruiter_id = $2',
        [jobId, me.id],
      );
      if (!job) throw notFound('jobs.notFound');
      const existing = await q.query(
        'SELECT 1 FROM chat_rooms WHERE recruiter_id = $1 AND seeker_id = $2 AND job_id = $3',
        [me.id, body.seekerId, jobId],
      );
      if (existing.length === 0 && job.status !== 'open') throw conflict('chat.jobClosed');
    }
    const started = await getOrCreateRoom(q, {
      recruiterId: me.id,
      seekerId: body.seekerId,
      jobId,
      createdBy: me.id,
      status: 'interested',
    });
    // A new conversation counts against the recruiter's daily limit; over it, the rollback
    // takes the room away again.
    if (started.created) {
      const [r] = await q.query<{ verified: boolean }>(
        'SELECT COALESCE(bool_or(is_verified), false) AS verified FROM recruiter_profiles WHERE user_id = $1',
        [me.id],
      );
      await takeFromWindows(q, newConversationWindows(me.id, Boolean(r?.verified), ip));
    }
    return started;
  });
}

async function publishMessage(ctx: Ctx, room: RoomRow, message: MessageView): Promise<void> {
  await ctx.bus.publish(members(room), { type: 'message.created', roomId: room.id, message });
}

export async function sendMessage(
  ctx: Ctx,
  me: SessionUser,
  roomId: string,
  clientId: string,
  text: string,
  ip: string,
  /** The socket the message came from, which gets it in its ack instead of as an event. */
  fromConn?: string,
): Promise<{ message: MessageView; created: boolean }> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(roomId))
    throw notFound('chat.notMember');
  const members = await roomMembers(ctx, roomId);
  if (members.length === 0) throw await roomNotFound(ctx.db, roomId, me.id);
  authorize(me, 'room.write', { recruiterId: members[0]!, seekerId: members[1]! });
  try {
    await takeTokens(ctx.db, messageBuckets(me.id, ip));
  } catch (err) {
    // A retry of a message stored before is answered with it, limit or not.
    const stored = await findMessage(ctx.db, roomId, clientId);
    if (!stored) throw err;
    return { message: stored, created: false };
  }
  let result: { message: MessageView; created: boolean };
  try {
    // One statement stores (or finds) the message and touches the room.
    result = await insertMessage(ctx.db, {
      roomId,
      senderId: me.id,
      clientId,
      kind: 'text',
      message: text,
      warnings: scanMessage(text),
    });
  } catch (err) {
    // The room went with a member's deleted account after its members were cached.
    if ((err as { code?: string }).code === '23503') {
      membersCache.delete(roomId);
      throw new AppError(410, 'chat.roomGone');
    }
    throw err;
  }
  if (result.created) ctx.metrics.messageSent();
  // A retry is answered with the stored message and published again: the first attempt may have
  // died (or its server with it) between the commit and the publish. Clients dedupe by id.
  await ctx.bus.publish(
    members,
    { type: 'message.created', roomId, message: result.message },
    fromConn,
  );
  if (me.id === members[0]) await reopenIfAutoClosed(ctx, roomId, members);
  // A recruiter's flagged message is delivered (the seeker sees the warning) and queued for the
  // moderators. A seeker's own details in their messages are theirs to share: not queued.
  if (result.created && result.message.warnings.length > 0 && me.id === members[0]) {
    await queueFlaggedMessage(ctx.db, result.message.id, me.id, result.message.warnings);
  }
  return result;
}

/**
 * The recruiter writing in a room the 7-day rule closed reopens it, back to 'initiated', the
 * status it had (decision 011): one primary key probe that changes nothing in any other room.
 */
async function reopenIfAutoClosed(ctx: Ctx, roomId: string, members: string[]): Promise<void> {
  const [reopened] = await ctx.db.query<{ updated_at: string }>(
    `UPDATE chat_rooms SET status = 'initiated', auto_closed_at = NULL, updated_at = now()
      WHERE id = $1 AND auto_closed_at IS NOT NULL AND status = 'rejected'
      RETURNING to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at`,
    [roomId],
    'chat_reopen_auto_closed',
  );
  if (reopened)
    await ctx.bus.publish(members, {
      type: 'room.updated',
      roomId,
      status: 'initiated',
      updatedAt: reopened.updated_at,
    });
}

// Members of a room never change, so they are cached for the hot send path.
const membersCache = new Map<string, string[]>();
async function roomMembers(ctx: Ctx, roomId: string): Promise<string[]> {
  const cached = membersCache.get(roomId);
  if (cached) return cached;
  const [row] = await ctx.db.query<{ recruiter_id: string; seeker_id: string }>(
    'SELECT recruiter_id, seeker_id FROM chat_rooms WHERE id = $1',
    [roomId],
    'chat_room_members',
  );
  if (!row) return []; // not cached: only real rooms take room in the cache
  const ids = [row.recruiter_id, row.seeker_id];
  if (membersCache.size > 50_000) membersCache.clear();
  membersCache.set(roomId, ids);
  return ids;
}

/** Sets the hiring status and tells the candidate with the automatic message of the spec. */
export async function setRoomStatus(
  ctx: Ctx,
  me: SessionUser,
  roomId: string,
  status: RoomStatus,
  ip: string,
): Promise<MessageView> {
  const room = await requireMember(ctx, roomId, me);
  authorize(me, 'room.manage', roomFacts(room));
  const { message, updatedAt } = await ctx.db.tx(async (q) => {
    // A status the recruiter sets replaces an auto-close: a later message does not reopen it.
    // The same status again changes nothing and tells the candidate nothing (a double tap, a
    // retry): one statement decides, so two at once cannot both write the message.
    const [row] = await q.query<{ updated_at: string }>(
      `UPDATE chat_rooms SET status = $2, auto_closed_at = NULL, updated_at = now()
        WHERE id = $1 AND (status IS DISTINCT FROM $2 OR auto_closed_at IS NOT NULL)
        RETURNING to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at`,
      [roomId, status],
    );
    if (!row) throw conflict('chat.statusUnchanged');
    // Each change writes the candidate a message: it counts as one (decisions.md "Limits"). Taken
    // only once the change is real (a refused repeat wrote nothing and costs nothing), inside the
    // transaction: over the limit, the rollback takes the change back.
    await takeTokens(q, messageBuckets(me.id, ip));
    const text = english('chat.statusMessage', { status: pickLabel('roomStatus', status) });
    const inserted = await insertMessage(q, {
      roomId,
      senderId: me.id,
      clientId: randomUUID(),
      kind: 'status',
      message: text,
      meta: { status },
    });
    return { message: inserted.message, updatedAt: row!.updated_at };
  });
  await ctx.bus.publish(members(room), { type: 'room.updated', roomId, status, updatedAt });
  await publishMessage(ctx, room, message);
  return message;
}

/** A resume request stands this long: asked again sooner, the candidate gets no second one. */
const RESUME_REQUEST_AGAIN_AFTER_HOURS = 24;

/**
 * When an interview is too early to invite to: the moment already past, read as India time
 * (IST, +05:30, the one time zone of the product; the invitation names no other). A minute of
 * grace covers a form filled at the turn of the minute. A day already past in India is said as a
 * day (`chat.interviewPast`), a time already past today as a time (`chat.interviewPastTime`).
 */
const INTERVIEW_GRACE_MS = 60_000;
const IST_OFFSET_MS = 330 * 60_000;
function interviewTooEarly(v: { date: string; time: string }): MessageKey | null {
  const now = Date.now();
  const todayInIndia = new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
  if (v.date < todayInIndia) return 'chat.interviewPast';
  if (Date.parse(`${v.date}T${v.time}:00+05:30`) < now - INTERVIEW_GRACE_MS)
    return 'chat.interviewPastTime';
  return null;
}

/** "2026-12-01" as Indian English shows it, "1 Dec 2026" (issue 15; web/lib/dates.ts in the app). */
const indianDate = (isoDay: string): string => formatIsoDay(isoDay, 'en-IN');

/** An interview invitation message (date, time, place or link); the status becomes interviewing. */
export async function scheduleInterview(
  ctx: Ctx,
  me: SessionUser,
  roomId: string,
  v: z.output<typeof interviewBody>,
  ip: string,
): Promise<MessageView> {
  const room = await requireMember(ctx, roomId, me);
  authorize(me, 'room.manage', roomFacts(room));
  const tooEarly = interviewTooEarly(v);
  if (tooEarly) throw badRequest(tooEarly);
  const sent = await ctx.db.tx(async (q) => {
    // One invitation at a time per room (the room's row lock), so that the one below sees an
    // invitation sent at the same moment: a double tap or a retry of the same invitation, while
    // the room is still at interviewing, is answered with the invitation already sent instead of
    // inviting the candidate twice (and costs no message token).
    const [current] = await q.query<{ status: string; auto_closed: boolean }>(
      'SELECT status, auto_closed_at IS NOT NULL AS auto_closed FROM chat_rooms WHERE id = $1 FOR UPDATE',
      [roomId],
    );
    if (current?.status === 'interviewing' && !current.auto_closed) {
      const last = await lastInterview(q, roomId);
      if (last && sameInvitation(last.meta, v)) return { message: last, updatedAt: null };
    }
    await takeTokens(q, messageBuckets(me.id, ip));
    const [row] = await q.query<{ updated_at: string }>(
      `UPDATE chat_rooms SET status = 'interviewing', auto_closed_at = NULL, updated_at = now() WHERE id = $1 RETURNING to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS updated_at`,
      [roomId],
    );
    // The stored text (chat list previews, moderators) says the date as people read it here.
    const text = english('chat.interviewMessage', { ...v, date: indianDate(v.date) });
    const inserted = await insertMessage(q, {
      roomId,
      senderId: me.id,
      clientId: randomUUID(),
      kind: 'interview',
      message: text,
      meta: v,
      // The place is the recruiter's own words: the scam shield reads them as it reads any
      // message ("pay the registration fee to confirm your slot" is the classic fake offer).
      warnings: scanMessage(text),
    });
    if (inserted.created && inserted.message.warnings.length > 0)
      await queueFlaggedMessage(q, inserted.message.id, me.id, inserted.message.warnings);
    return { message: inserted.message, updatedAt: row!.updated_at };
  });
  if (sent.updatedAt === null) return sent.message;
  await ctx.bus.publish(members(room), {
    type: 'room.updated',
    roomId,
    status: 'interviewing',
    updatedAt: sent.updatedAt,
  });
  await publishMessage(ctx, room, sent.message);
  return sent.message;
}

/** The same date, time and place as an invitation's stored details. */
const sameInvitation = (meta: unknown, v: z.output<typeof interviewBody>): boolean => {
  const m = (meta ?? {}) as Record<string, unknown>;
  return m.date === v.date && m.time === v.time && m.place === v.place;
};

/** When the candidate has no resume: the automatic message asking for one (spec "Candidates"). */
export async function requestResume(
  ctx: Ctx,
  me: SessionUser,
  roomId: string,
  ip: string,
): Promise<{ hasResume: boolean; message: MessageView | null }> {
  const room = await requireMember(ctx, roomId, me);
  authorize(me, 'room.manage', roomFacts(room));
  const [seeker] = await ctx.db.query<{ has: boolean }>(
    'SELECT resume_key IS NOT NULL AS has FROM seeker_profiles WHERE user_id = $1',
    [room.seeker_id],
  );
  if (seeker?.has) return { hasResume: true, message: null };
  // Asked already today and still no resume: that request stands (it is the answer again), the
  // candidate is not asked twice.
  const asked = await lastResumeRequest(ctx.db, roomId, RESUME_REQUEST_AGAIN_AFTER_HOURS);
  if (asked) return { hasResume: false, message: asked };
  await takeTokens(ctx.db, messageBuckets(me.id, ip));
  const stored = await ctx.db.tx((q) =>
    insertMessage(q, {
      roomId,
      senderId: me.id,
      clientId: randomUUID(),
      kind: 'resume_request',
      message: english('chat.resumeRequestMessage'),
    }),
  );
  const message = stored!.message;
  await publishMessage(ctx, room, message);
  await reopenIfAutoClosed(ctx, roomId, members(room));
  return { hasResume: false, message };
}

export async function readRoom(
  ctx: Ctx,
  me: SessionUser,
  roomId: string,
  upTo: number,
): Promise<void> {
  const room = await requireMember(ctx, roomId, me);
  const max = await markRead(ctx.db, roomId, me.id, upTo);
  if (max === null) return;
  // Across a block only my own other tabs hear it (their unread counts): not the other member.
  const to = (await blockedBetween(ctx.db, room.recruiter_id, room.seeker_id))
    ? [me.id]
    : members(room);
  await ctx.bus.publish(to, { type: 'room.read', roomId, readerId: me.id, upTo: max });
}
