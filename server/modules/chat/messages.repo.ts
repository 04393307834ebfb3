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
  },
): Promise<{ message: MessageView; created: boolean }> {
  const [row] = await q.query<Row>(
    `WITH ins AS (
       INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message, meta)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (room_id, client_id) DO NOTHING
       RETURNING ${COLUMNS}),
     touch AS (UPDATE chat_rooms SET updated_at = now(), seeker_engaged = seeker_engaged OR seeker_id = $2
                WHERE id IN (SELECT room_id FROM ins))
     SELECT * FROM ins`,
    [m.roomId, m.senderId, m.clientId, m.kind, m.message, m.meta ? JSON.stringify(m.meta) : null],
    'chat_insert_message',
  );
  if (row) return { message: presentMessage(row), created: true };
  // Sent before (a retry), possibly committed by a concurrent statement this one's snapshot
  // cannot see: read it with a fresh one.
  const existing = await findMessage(q, m.roomId, m.clientId);
  if (!existing) throw new Error('message neither stored nor found');
  return { message: existing, created: false };
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
