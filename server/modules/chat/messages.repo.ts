import type { Queryable } from '../../db/client.ts';
import type { MessageView } from '#shared/schemas/chat.ts';

const columns = (
  t: string,
) => `${t}id, ${t}room_id, ${t}sender_id, ${t}client_id, ${t}kind, ${t}message, ${t}meta, ${t}is_read,
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
    isRead: Boolean(r.is_read),
    sentAt: r.sent_at as string,
  };
}

/**
 * Stores a message once per (room, client id), in ONE statement: the membership check, the
 * insert, the room's updated_at and the answer. A retried send returns the stored message with
 * `created: false`. Null when the sender is not a member of the room.
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
  },
): Promise<{ message: MessageView; created: boolean } | null> {
  const rows = await q.query<Row & { created: boolean }>(
    `WITH room AS (
       SELECT id FROM chat_rooms WHERE id = $1 AND (recruiter_id = $2 OR seeker_id = $2)),
     ins AS (
       INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message, meta)
       SELECT room.id, $2, $3, $4, $5, $6 FROM room
       ON CONFLICT (room_id, client_id) DO NOTHING
       RETURNING ${COLUMNS}),
     touch AS (UPDATE chat_rooms SET updated_at = now() WHERE id IN (SELECT room_id FROM ins))
     SELECT *, true AS created FROM ins
     UNION ALL
     SELECT ${columns('m.')}, false AS created
       FROM chat_messages m JOIN room ON room.id = m.room_id WHERE m.client_id = $3
     LIMIT 1`,
    [m.roomId, m.senderId, m.clientId, m.kind, m.message, m.meta ? JSON.stringify(m.meta) : null],
  );
  const row = rows[0];
  if (row) return { message: presentMessage(row), created: Boolean(row.created) };
  // A concurrent send of the same client id committed while this statement ran: the insert saw
  // the conflict but this statement's snapshot cannot see the row. Read it with a fresh one.
  const [existing] = await q.query<Row>(
    `SELECT ${columns('m.')} FROM chat_messages m
       JOIN chat_rooms r ON r.id = m.room_id AND (r.recruiter_id = $2 OR r.seeker_id = $2)
      WHERE m.room_id = $1 AND m.client_id = $3`,
    [m.roomId, m.senderId, m.clientId],
  );
  return existing ? { message: presentMessage(existing), created: false } : null;
}

/** Messages of a room in order: after an id (catch-up after reconnect) or the newest page. */
export async function listMessages(
  q: Queryable,
  roomId: string,
  opts: { after?: number; limit: number },
): Promise<MessageView[]> {
  if (opts.after !== undefined) {
    const rows = await q.query<Row>(
      `SELECT ${COLUMNS} FROM chat_messages WHERE room_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [roomId, opts.after, opts.limit],
    );
    return rows.map(presentMessage);
  }
  const rows = await q.query<Row>(
    `SELECT * FROM (SELECT ${COLUMNS} FROM chat_messages WHERE room_id = $1 ORDER BY id DESC LIMIT $2) newest ORDER BY id`,
    [roomId, opts.limit],
  );
  return rows.map(presentMessage);
}

/** Marks the other member's messages read up to an id; returns the highest id marked. */
export async function markRead(
  q: Queryable,
  roomId: string,
  readerId: string,
  upTo: number,
): Promise<number | null> {
  const [row] = await q.query<{ max: number | null }>(
    `WITH marked AS (
       UPDATE chat_messages SET is_read = true
        WHERE room_id = $1 AND NOT is_read AND sender_id IS DISTINCT FROM $2 AND id <= $3
        RETURNING id)
     SELECT max(id)::int AS max FROM marked`,
    [roomId, readerId, upTo],
  );
  return row?.max ?? null;
}
