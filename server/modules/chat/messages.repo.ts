import type { Queryable } from '../../db/client.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import { AppError } from '../../lib/errors.ts';

const columns = (
  t: string,
) => `${t}id, ${t}room_id, ${t}sender_id, ${t}client_id, ${t}kind, ${t}message, ${t}meta, ${t}warnings, ${t}is_read,
  to_char(${t}sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sent_at`;
const COLUMNS = columns('');

type Row = Record<string, unknown>;

export function presentMessage(r: Row): MessageView {
  return {
    id: Number(r.id),
    roomId: r.room_id as string,
    senderId: (r.sender_id as string | null) ?? null,
    clientId: r.client_id as string,
    kind: r.kind as MessageView['kind'],
    message: r.message as string,
    meta: (typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta) as MessageView['meta'],
    warnings: (r.warnings as string[] | null) ?? [],
    isRead: Boolean(r.is_read),
    sentAt: r.sent_at as string,
  };
}

/**
 * Stores a message once per (room, client id) and touches the room, in ONE prepared statement.
 * The touch also records that the seeker wrote in the room (the consent rule of policies.ts).
 * The caller has checked that the sender is a member. A retried send returns the stored message
 * with `created: false`.
 */
export async function insertMessage(
  q: Queryable,
  m: {
    roomId: string;
    senderId: string;
    clientId: string;
    kind: MessageView['kind'];
    message: string;
    meta?: Record<string, unknown>;
    /** The scam shield's codes for this text (shared/scam-shield). */
    warnings?: string[];
  },
): Promise<{ message: MessageView; created: boolean }> {
  // Nothing is stored in a room where one member blocked the other or is suspended (checked in
  // the same statement, so a block takes effect at once on every instance).
  const [row] = await q.query<Row>(
    `WITH ins AS (
       INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message, meta, warnings)
       SELECT $1, $2, $3, $4, $5, $6, $7::text[]
        WHERE NOT EXISTS (
          SELECT 1 FROM chat_rooms r
            JOIN users ru ON ru.id = r.recruiter_id JOIN users su ON su.id = r.seeker_id
           WHERE r.id = $1
             AND (ru.suspended_at IS NOT NULL OR su.suspended_at IS NOT NULL
                  OR EXISTS (SELECT 1 FROM blocks b
                              WHERE (b.blocker_id = r.recruiter_id AND b.blocked_id = r.seeker_id)
                                 OR (b.blocker_id = r.seeker_id AND b.blocked_id = r.recruiter_id))))
       ON CONFLICT (room_id, client_id) DO NOTHING
       RETURNING ${COLUMNS}),
     touch AS (UPDATE chat_rooms SET updated_at = now(), seeker_engaged = seeker_engaged OR seeker_id = $2,
                      first_recruiter_reply_at = CASE WHEN recruiter_id = $2
                        THEN COALESCE(first_recruiter_reply_at, now()) ELSE first_recruiter_reply_at END
                WHERE id IN (SELECT room_id FROM ins))
     SELECT * FROM ins`,
    [
      m.roomId,
      m.senderId,
      m.clientId,
      m.kind,
      m.message,
      m.meta ? JSON.stringify(m.meta) : null,
      m.warnings ?? [],
    ],
    'chat_insert_message',
  );
  if (row) return { message: presentMessage(row), created: true };
  // Sent before (a retry), possibly committed by a concurrent statement this one's snapshot
  // cannot see: read it with a fresh one.
  const existing = await findMessage(q, m.roomId, m.clientId);
  if (existing) return { message: existing, created: false };
  throw await whyRefused(q, m.roomId, m.senderId);
}

/** Why a room takes no message: the other member is suspended, or one blocked the other. */
async function whyRefused(q: Queryable, roomId: string, senderId: string): Promise<AppError> {
  const [r] = await q.query<{ suspended: boolean; blocked: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users u WHERE u.id IN (r.recruiter_id, r.seeker_id) AND u.id <> $2
                      AND u.suspended_at IS NOT NULL) AS suspended,
            EXISTS (SELECT 1 FROM blocks b
                     WHERE (b.blocker_id = r.recruiter_id AND b.blocked_id = r.seeker_id)
                        OR (b.blocker_id = r.seeker_id AND b.blocked_id = r.recruiter_id)) AS blocked
       FROM chat_rooms r WHERE r.id = $1`,
    [roomId, senderId],
  );
  if (!r) return new AppError(410, 'chat.roomGone');
  // The blocked side is not told who blocked: both sides read the same words.
  if (r.blocked) return new AppError(403, 'chat.blocked');
  if (r.suspended) return new AppError(403, 'chat.suspended');
  return new AppError(403, 'errors.forbidden');
}

/** The message a client sent with this id in this room, if it was stored. */
export async function findMessage(
  q: Queryable,
  roomId: string,
  clientId: string,
): Promise<MessageView | null> {
  const [row] = await q.query<Row>(
    `SELECT ${COLUMNS} FROM chat_messages WHERE room_id = $1 AND client_id = $2`,
    [roomId, clientId],
  );
  return row ? presentMessage(row) : null;
}

/**
 * Messages of a room in id order: everything after an id (catch-up after a reconnect), the page
 * before an id (scrolling back through history), or the newest page.
 */
export async function listMessages(
  q: Queryable,
  roomId: string,
  opts: { after?: number; before?: number; limit: number },
): Promise<MessageView[]> {
  if (opts.after !== undefined) {
    const rows = await q.query<Row>(
      `SELECT ${COLUMNS} FROM chat_messages WHERE room_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [roomId, opts.after, opts.limit],
    );
    return rows.map(presentMessage);
  }
  const rows = await q.query<Row>(
    `SELECT * FROM (SELECT ${COLUMNS} FROM chat_messages
                     WHERE room_id = $1 AND ($3::bigint IS NULL OR id < $3)
                     ORDER BY id DESC LIMIT $2) page ORDER BY id`,
    [roomId, opts.limit, opts.before ?? null],
  );
  return rows.map(presentMessage);
}

/**
 * Marks the messages for the reader (the other member's, and notices addressed to them) read up
 * to an id; returns the highest id marked.
 */
export async function markRead(
  q: Queryable,
  roomId: string,
  readerId: string,
  upTo: number,
): Promise<number | null> {
  const [row] = await q.query<{ max: number | null }>(
    `WITH marked AS (
       UPDATE chat_messages SET is_read = true
        WHERE recipient_id = $2 AND room_id = $1 AND NOT is_read AND id <= $3
        RETURNING id)
     SELECT max(id)::int AS max FROM marked`,
    [roomId, readerId, upTo],
  );
  return row?.max ?? null;
}

/** The room's newest resume request sent within the last `hours`, if there is one. */
export async function lastResumeRequest(
  q: Queryable,
  roomId: string,
  hours: number,
): Promise<MessageView | null> {
  const [row] = await q.query<Row>(
    `SELECT ${COLUMNS} FROM chat_messages
      WHERE room_id = $1 AND kind = 'resume_request' AND sent_at > now() - make_interval(hours => $2)
      ORDER BY id DESC LIMIT 1`,
    [roomId, hours],
  );
  return row ? presentMessage(row) : null;
}

/** The room's latest interview invitation, if any. */
export async function lastInterview(q: Queryable, roomId: string): Promise<MessageView | null> {
  const [row] = await q.query<Row>(
    `SELECT ${COLUMNS} FROM chat_messages WHERE room_id = $1 AND kind = 'interview'
      ORDER BY id DESC LIMIT 1`,
    [roomId],
  );
  return row ? presentMessage(row) : null;
}
