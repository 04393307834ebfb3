import { messageTextIn } from '../chat/message-text.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#shared/i18n/languages.ts';
import { textIn } from '#shared/i18n/texts.ts';
import { NOTIFICATIONS } from '#shared/limits.ts';
import { chatPath } from '#shared/routes.ts';
import { cutText } from '#shared/text-cut.ts';
import type { PushPayload } from '#shared/schemas/notifications.ts';
import type { Bus } from '../../adapters/bus.ts';
import type { SmsDriver } from '../../adapters/sms.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Metrics } from '../../plugins/metrics.ts';
import { enqueue, type Job } from './queue.ts';
import { sendPush, type Subscription } from './push.ts';
import { smsAllowedFrom } from './quiet-hours.ts';
import { languageOrDefault } from '../../lib/language.ts';

// What each job does (decision 016). A 'message' job comes from the trigger on chat_messages (a
// text, a status change, an interview invitation or a resume request): it schedules the SMS
// fallback and pushes to the other member's browsers unless they have the app open. An 'sms' job
// is one conversation's SMS fallback for one recipient.

export interface NotifyDeps {
  db: Db;
  bus: Bus;
  sms: SmsDriver;
  metrics: Metrics;
  log: FastifyBaseLogger;
  config: Config;
}

/** What became of a job; a handler that throws asks for a retry with the error. */
export type Outcome =
  | { type: 'done'; note: string; also?: (q: Tx) => Promise<void> }
  /** Not due yet: run again then (not a failure). */
  | { type: 'later'; at: Date }
  /** A failed attempt: again after the backoff, with what is left in `payload`. */
  | { type: 'retry'; error: string; payload?: Record<string, unknown>; notBefore?: Date };

const done = (note: string, also?: (q: Tx) => Promise<void>): Outcome => ({
  type: 'done',
  note,
  also,
});

const ms = (d: Date, plus: number) => new Date(d.getTime() + plus);
const HOUR = 3600_000;

/** What the title of each kind of message says (notifications.push.*). */
const TITLE_KEY = {
  text: 'notifications.push.newMessage',
  status: 'notifications.push.statusChange',
  interview: 'notifications.push.interview',
  resume_request: 'notifications.push.resumeRequest',
} as const;

// The room, both members and what a notification needs about them, seen from `$2` (the
// recipient): the other member's display name, whether the conversation is closed to messages
// (a block either way, a suspension, the recruiter held after reports: they reach no seeker and
// may not reply until a moderator decides, decision 028), the recipient's settings and phone.
const ROOM_FACTS = `
  r.id AS room_id, r.job_id, r.recruiter_id, r.seeker_id,
  CASE WHEN $2::uuid = r.recruiter_id THEN 'recruiter' ELSE 'user' END AS recipient_role,
  CASE WHEN $2::uuid = r.recruiter_id THEN r.seeker_id ELSE r.recruiter_id END AS other_id,
  CASE WHEN $2::uuid = r.recruiter_id THEN NULLIF(btrim(sp.full_name), '')
       ELSE COALESCE(NULLIF(btrim(rp.full_name), ''), NULLIF(btrim(rp.company_name), '')) END AS other_name,
  (ru.suspended_at IS NOT NULL OR su.suspended_at IS NOT NULL OR ru.held_at IS NOT NULL
   OR (CASE WHEN $2::uuid = r.recruiter_id THEN su.deleted_at ELSE ru.deleted_at END) IS NOT NULL
   OR EXISTS (SELECT 1 FROM blocks b
               WHERE (b.blocker_id = r.recruiter_id AND b.blocked_id = r.seeker_id)
                  OR (b.blocker_id = r.seeker_id AND b.blocked_id = r.recruiter_id))) AS closed,
  (CASE WHEN $2::uuid = r.recruiter_id THEN ru.deleted_at ELSE su.deleted_at END) IS NOT NULL AS recipient_gone,
  CASE WHEN $2::uuid = r.recruiter_id THEN ru.phone_no ELSE su.phone_no END AS recipient_phone,
  CASE WHEN $2::uuid = r.recruiter_id THEN ru.language ELSE su.language END AS recipient_language,
  COALESCE(ns.push, true) AS push_on, COALESCE(ns.sms, true) AS sms_on`;
const ROOM_JOINS = `
  JOIN users ru ON ru.id = r.recruiter_id
  JOIN users su ON su.id = r.seeker_id
  LEFT JOIN recruiter_profiles rp ON rp.user_id = r.recruiter_id
  LEFT JOIN seeker_profiles sp ON sp.user_id = r.seeker_id
  LEFT JOIN notification_settings ns ON ns.user_id = $2::uuid`;

interface RoomFacts {
  room_id: string;
  job_id: string | null;
  recruiter_id: string;
  seeker_id: string;
  recipient_role: 'recruiter' | 'user';
  other_id: string;
  other_name: string | null;
  closed: boolean;
  recipient_gone: boolean;
  recipient_phone: string;
  /** The recipient's language, which their push and SMS texts are in (decision 026). */
  recipient_language: Language | null;
  push_on: boolean;
  sms_on: boolean;
}

const languageOf = (facts: RoomFacts) => languageOrDefault(facts.recipient_language);
/**
 * Who wrote, as a push title and the SMS say it: a name's letters only (no dots either: "bit.ly" is a link in an SMS app). Names are letters only
 * since session 21 (`personName`); one saved before could carry digits or a link, which must not
 * reach an SMS or a notification as if we had written them (decision 028).
 */
const nameOf = (facts: RoomFacts) => {
  const letters = facts.other_name
    ?.replace(/[^\p{L}\p{M} '’-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return letters || textIn(languageOf(facts), 'notifications.someone');
};
const linkOf = (facts: RoomFacts) =>
  chatPath(facts.recipient_role, facts.other_id, facts.job_id ?? null);
const smsKey = (roomId: string, userId: string) => `sms:${roomId}:${userId}`;

/**
 * A message was stored. The SMS fallback is scheduled for `sent_at` + the configured wait (one
 * pending check per conversation and recipient); then, unless the recipient has read it, has a
 * socket open on any instance or turned push off, it is pushed to each of their browsers. On a
 * retry only the browsers that failed are tried again (`payload.remaining`).
 */
export async function onMessage(deps: NotifyDeps, job: Job, now: Date): Promise<Outcome> {
  const messageId = Number(job.payload.messageId);
  // The recipient is the member who did not send it: found in the statement itself ($2 = them).
  const [m] = await deps.db.query<
    RoomFacts & {
      kind: keyof typeof TITLE_KEY;
      message: string;
      meta: unknown;
      is_read: boolean;
      sent_ms: number;
    }
  >(
    `WITH m AS (
       SELECT m.id, m.room_id, m.kind, m.message, m.meta, m.is_read, m.sent_at,
              CASE WHEN m.sender_id = r.recruiter_id THEN r.seeker_id ELSE r.recruiter_id END AS recipient
         FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id
        WHERE m.id = $1 AND m.sender_id IS NOT NULL)
     SELECT m.kind, m.message, m.meta, m.is_read, (extract(epoch FROM m.sent_at) * 1000)::float8 AS sent_ms,
            ${ROOM_FACTS.replaceAll('$2::uuid', 'm.recipient')}
       FROM m JOIN chat_rooms r ON r.id = m.room_id
       ${ROOM_JOINS.replaceAll('$2::uuid', 'm.recipient')}`,
    [messageId],
  );
  if (!m) return done('message gone');
  if (m.closed || m.recipient_gone) return done('conversation closed');
  const recipient = m.recipient_role === 'recruiter' ? m.recruiter_id : m.seeker_id;

  // Idempotent (one pending check per key), so a retried job schedules nothing twice.
  if (m.sms_on && !m.is_read)
    await enqueue(deps.db, {
      kind: 'sms',
      payload: { roomId: m.room_id, userId: recipient },
      runAt: ms(new Date(m.sent_ms), deps.config.notify.smsAfterMinutes * 60_000),
      dedupeKey: smsKey(m.room_id, recipient),
    });

  if (m.is_read) return done('read');
  if (!m.push_on) return done('push off');
  if ((await deps.bus.online([recipient])).has(recipient)) return done('online');

  const remaining = Array.isArray(job.payload.remaining)
    ? (job.payload.remaining as number[])
    : null;
  const subs = await deps.db.query<Subscription>(
    `SELECT p.id, p.endpoint, p.p256dh, p.auth FROM push_subscriptions p
      WHERE p.user_id = $1 AND ($2::bigint[] IS NULL OR p.id = ANY($2::bigint[]))
        -- Only a device still signed in: a revoked or expired session's browser gets nothing
        -- (every subscription has its session: migration 026).
        AND EXISTS (
              SELECT 1 FROM sessions s WHERE s.token_hash = p.session_hash
                 AND s.revoked_at IS NULL AND s.expires_at > now())`,
    [recipient, remaining],
  );
  if (subs.length === 0) return done('no browsers');

  // An automatic message in the recipient's language, as their chat shows it.
  const text = messageTextIn(languageOf(m), m) ?? m.message;
  const body = cutText(text, NOTIFICATIONS.pushBodyChars, '…');
  const payload: PushPayload = {
    title: textIn(languageOf(m), TITLE_KEY[m.kind], { name: nameOf(m) }),
    body,
    url: linkOf(m),
    tag: m.room_id,
  };
  const results = await Promise.all(
    subs.map(async (sub) => ({
      sub,
      result: await sendPush(deps.config.push, sub, payload, {
        ttlSeconds: NOTIFICATIONS.pushTtlSeconds,
        topic: m.room_id.replaceAll('-', ''),
      }),
    })),
  );
  const failed: number[] = [];
  let retryAfterMs = 0;
  let lastError = '';
  for (const { sub, result } of results) {
    if (result.status === 'sent') deps.metrics.notification('push', 'sent');
    else if (result.status === 'gone' || result.status === 'rejected') {
      deps.metrics.notification('push', result.status === 'gone' ? 'gone' : 'failed');
      if (result.status === 'rejected')
        deps.log.warn({ subscription: sub.id, error: result.error }, 'push: subscription refused');
      // Gone (404/410) or unusable: the browser will not take pushes at this address again.
      await deps.db.query('DELETE FROM push_subscriptions WHERE id = $1 AND endpoint = $2', [
        sub.id,
        sub.endpoint,
      ]);
    } else {
      deps.metrics.notification('push', 'failed');
      failed.push(sub.id);
      lastError = result.error;
      retryAfterMs = Math.max(retryAfterMs, result.retryAfterMs ?? 0);
    }
  }
  if (failed.length === 0) return done('pushed');
  return {
    type: 'retry',
    error: lastError,
    payload: { messageId, remaining: failed },
    ...(retryAfterMs ? { notBefore: ms(now, retryAfterMs) } : {}),
  };
}

/**
 * The SMS fallback of one conversation for one recipient: when a message from the other member
 * has been unread for the configured wait, one SMS — at most one per 12 hours per conversation,
 * never 21:00-09:00 IST (deferred to 09:00), not while the recipient has the app open — naming
 * the sender and linking to the chat. A message an SMS already told of never earns another; a
 * later one may, 12 hours on.
 */
export async function onSms(deps: NotifyDeps, job: Job, now: Date): Promise<Outcome> {
  const roomId = String(job.payload.roomId);
  const userId = String(job.payload.userId);
  const [f] = await deps.db.query<
    RoomFacts & {
      last_sent_ms: number | null;
      first_unread_ms: number | null;
      last_unread_id: number | null;
      covered: number | null;
    }
  >(
    `SELECT ${ROOM_FACTS}, sn.covered_message_id::float8 AS covered,
            (extract(epoch FROM sn.sent_at) * 1000)::float8 AS last_sent_ms,
            (extract(epoch FROM u.first_unread) * 1000)::float8 AS first_unread_ms,
            u.last_unread_id
       FROM chat_rooms r ${ROOM_JOINS}
       LEFT JOIN sms_notices sn ON sn.room_id = r.id AND sn.user_id = $2::uuid
       CROSS JOIN LATERAL (
         SELECT min(m.sent_at) AS first_unread, max(m.id) AS last_unread_id
           FROM chat_messages m
          WHERE m.recipient_id = $2::uuid AND m.room_id = r.id AND NOT m.is_read
            AND m.sender_id = CASE WHEN $2::uuid = r.recruiter_id THEN r.seeker_id ELSE r.recruiter_id END
            AND m.id > COALESCE(sn.covered_message_id, 0)) u
      WHERE r.id = $1 AND $2::uuid IN (r.recruiter_id, r.seeker_id)`,
    [roomId, userId],
  );
  if (!f) return done('room gone');
  if (f.closed || f.recipient_gone) return done('conversation closed');
  if (!f.sms_on) return done('sms off');
  if (f.first_unread_ms === null || f.last_unread_id === null)
    return done('nothing unread', (q) => followUp(deps, q, roomId, userId, f.covered ?? 0));

  const due = ms(new Date(f.first_unread_ms), deps.config.notify.smsAfterMinutes * 60_000);
  if (due > now) return { type: 'later', at: due };
  if (f.last_sent_ms !== null) {
    const next = ms(new Date(f.last_sent_ms), NOTIFICATIONS.smsEveryHours * HOUR);
    if (next > now) return { type: 'later', at: smsAllowedFrom(next) };
  }
  const allowed = smsAllowedFrom(now);
  if (allowed > now) return { type: 'later', at: allowed };
  // In the app right now (a socket open on any instance): the unread badge tells them. Looked at
  // again after another wait, in case they leave without reading it.
  if ((await deps.bus.online([userId])).has(userId))
    return { type: 'later', at: ms(now, deps.config.notify.smsAfterMinutes * 60_000) };

  // The name is a template variable (30 characters in a DLT template); no line breaks in an SMS.
  const name = cutText(nameOf(f).replace(/\s+/g, ' '), NOTIFICATIONS.smsNameChars).trim();
  const link = `${deps.config.publicOrigin}${linkOf(f)}`;
  try {
    await deps.sms.send({
      to: f.recipient_phone,
      text: textIn(languageOf(f), 'notifications.sms.newMessage', { name, link }),
      vars: { name, link },
      template: 'notify',
      language: languageOf(f),
    });
  } catch (err) {
    deps.metrics.notification('sms', 'failed');
    return { type: 'retry', error: (err as Error).message };
  }
  deps.metrics.notification('sms', 'sent');
  // Recorded in the transaction that finishes the job.
  return done('sms sent', async (q) => {
    await q.query(
      `INSERT INTO sms_notices (room_id, user_id, sent_at, covered_message_id)
       VALUES ($1, $2, $3::timestamptz, $4)
       ON CONFLICT (room_id, user_id) DO UPDATE
         SET sent_at = EXCLUDED.sent_at,
             covered_message_id = GREATEST(sms_notices.covered_message_id, EXCLUDED.covered_message_id)`,
      [roomId, userId, now.toISOString(), f.last_unread_id],
    );
    await followUp(deps, q, roomId, userId, f.last_unread_id!);
  });
}

/**
 * Run as this SMS check's job is marked done: a message stored while the check ran (after its
 * read) found this job still pending, so its own check was not added (one pending per
 * conversation and recipient), and nothing would ever tell of it. Unread messages after `covered`
 * get their check now, due when the oldest of them has waited (the 12-hour rule still applies
 * when it runs).
 */
async function followUp(
  deps: NotifyDeps,
  q: Tx,
  roomId: string,
  userId: string,
  covered: number,
): Promise<void> {
  const [next] = await q.query<{ first_ms: number | null }>(
    `SELECT (extract(epoch FROM min(m.sent_at)) * 1000)::float8 AS first_ms
       FROM chat_messages m JOIN chat_rooms r ON r.id = m.room_id
      WHERE m.room_id = $1 AND m.recipient_id = $2::uuid AND NOT m.is_read AND m.id > $3
        AND m.sender_id = CASE WHEN $2::uuid = r.recruiter_id THEN r.seeker_id ELSE r.recruiter_id END`,
    [roomId, userId, covered],
  );
  if (next?.first_ms == null) return;
  await enqueue(q, {
    kind: 'sms',
    payload: { roomId, userId },
    runAt: ms(new Date(next.first_ms), deps.config.notify.smsAfterMinutes * 60_000),
    dedupeKey: smsKey(roomId, userId),
  });
}
