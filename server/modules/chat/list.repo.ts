import type { Queryable } from '../../db/client.ts';
import { messageTextIn } from './message-text.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/i18n/languages.ts';
import type { ChatListItem, RoomView, UnreadCounts } from '#shared/schemas/chat.ts';
import { ROOM_STATUSES, type ContactVisibility, type RoomStatus } from '#shared/picklists.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { can } from '../../policies/policies.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { badRequest } from '../../lib/errors.ts';
import { noBlockSql } from '../moderation/visibility.ts';
import { isUuid } from '../../lib/ids.ts';

type Row = Record<string, unknown>;

// The other member's name and picture, whichever side they are on.
const OTHER = `
  CASE WHEN r.recruiter_id = $1 THEN r.seeker_id ELSE r.recruiter_id END AS other_id,
  CASE WHEN r.recruiter_id = $1 THEN sp.full_name ELSE rp.full_name END AS other_name,
  CASE WHEN r.recruiter_id = $1 THEN sp.profile_image ELSE rp.profile_image END AS other_image`;

/**
 * The day (Indian Standard Time, UTC+05:30, no daylight saving) of a room's last activity: the same
 * expression as the stored `chat_rooms.active_day` column (migration 012), so the page's bounds
 * match the index.
 */
const activeDay = (ts: string) =>
  `((${ts} AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date`;
const TS = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const ISO_US = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** A timestamp exactly as the list writes it (microseconds, UTC), and a real date. */
const isTimestamp = (s: string) =>
  ISO_US.test(s) && new Date(s).toISOString().slice(0, 23) === s.slice(0, 23);

/**
 * A next-page cursor: the time the scroll's first page was read (`asOf`) and the sort key of the
 * last room shown, (last activity, id). Opaque to clients; anything else is a 400.
 */
export function decodeChatCursor(
  cursor: string | undefined,
): { asOf: string; key: string; id: string } | null {
  const values = decodeCursor<[string, string, string]>(cursor, ['string', 'string', 'string']);
  if (!values) return null;
  const [asOf, key, id] = values;
  if (!isTimestamp(asOf) || !isTimestamp(key) || !isUuid(id) || key > asOf)
    throw badRequest('errors.badRequest');
  return { asOf, key, id };
}

/**
 * A member's chat list, newest activity first, one page of `limit` rooms in ONE statement: last
 * message by a lateral index lookup, unread count from the partial unread index, people blocked
 * either way left out (moderation/visibility.ts).
 *
 * **Keyset paging on (updated_at, id) descending, as of the scroll's first page.** The first page
 * is read at time T (`asOf`, carried by every cursor of that scroll). A later page lists the rooms
 * that come after the cursor in the order the rooms had at T:
 * - rooms not touched since T, by their `updated_at` (branch A: a cursor's key is at or before
 *   T, so a room touched since T is never below it by its new key);
 * - rooms touched since T (a new message moved them to the top), by their activity at T: the
 *   newest message sent at or before T, or the room's creation when it had none (branch B). A
 *   touch of `updated_at` stores a message with the same `now()` (the send, a status, an
 *   interview, the 7-day close; a reopen follows its message by milliseconds), so that is the key
 *   they had.
 * So, within one scroll, every room that existed at T appears exactly once, in T's order: a room
 * that moved to the top after T and was shown already is not shown again; one not shown yet still
 * comes at its old place (with its new last message and unread count). Rooms created after T are
 * not in that scroll. The trade-off: the scroll is T's order, not the live one; a room touched
 * since T shows at the top only on a new first page (a refresh: the web app reloads its pages on
 * every live event). A send whose transaction is in flight while the first page is read (its
 * `now()` is before T, its commit after) can be missed by that scroll; its live event reloads the
 * list.
 *
 * **Index-driven.** The order comes from `chat_rooms_recruiter (recruiter_id, status, active_day
 * DESC)` and `chat_rooms_seeker (seeker_id, active_day DESC)`: `active_day` is a stored column
 * (the IST day of `updated_at`), so only rooms of the days a page spans are read and sorted (an
 * incremental sort per day), never all of a member's rooms, and a message touch stays a HOT update
 * except for a room's first touch of a day (decision 007, "Chat list paging"). A recruiter's list
 * without a status is the six status lists merged, each read from the index in order.
 */
export async function chatList(
  q: Queryable,
  userId: string,
  opts: {
    asRecruiter: boolean;
    status?: RoomStatus;
    cursor?: string;
    limit: number;
    /** The reader's: automatic messages are previewed in it (English when not given). */
    language?: Language;
  },
): Promise<{ rooms: Omit<ChatListItem, 'isOnline'>[]; nextCursor: string | null }> {
  const after = decodeChatCursor(opts.cursor);
  const statuses = opts.status ? [opts.status] : opts.asRecruiter ? [...ROOM_STATUSES] : [null];
  const other = opts.asRecruiter ? 'r.seeker_id' : 'r.recruiter_id';
  const member = opts.asRecruiter
    ? 'r.recruiter_id = $1 AND r.status = s.status'
    : 'r.seeker_id = $1 AND (s.status IS NULL OR r.status = s.status)';
  const visible = noBlockSql('$1::uuid', other);
  const order = 'ORDER BY r.active_day DESC, r.updated_at DESC, r.id DESC LIMIT $3';
  // $1 user, $2 statuses, $3 limit (+1 to know whether there is more); then $4 asOf, $5 key, $6 id.
  const candidates = after
    ? `(SELECT r.id, r.updated_at AS k FROM chat_rooms r
         WHERE ${member} AND ${visible}
           AND r.active_day <= ${activeDay('$5::timestamptz')}
           AND (r.updated_at, r.id) < ($5::timestamptz, $6::uuid)
         ${order})
       UNION ALL
       (SELECT r.id, COALESCE(t.sent_at, r.created_at) AS k FROM chat_rooms r
          LEFT JOIN LATERAL (SELECT m.sent_at FROM chat_messages m
                              WHERE m.room_id = r.id AND m.sent_at <= $4::timestamptz
                              ORDER BY m.id DESC LIMIT 1) t ON true
         WHERE ${member} AND ${visible}
           AND r.active_day >= ${activeDay('$4::timestamptz')} AND r.updated_at > $4::timestamptz
           AND r.created_at <= $4::timestamptz
           AND (COALESCE(t.sent_at, r.created_at), r.id) < ($5::timestamptz, $6::uuid)
         ORDER BY 2 DESC, r.id DESC LIMIT $3)`
    : `(SELECT r.id, r.updated_at AS k FROM chat_rooms r WHERE ${member} AND ${visible} ${order})`;
  const params: unknown[] = [userId, statuses, opts.limit + 1];
  if (after) params.push(after.asOf, after.key, after.id);
  const rows = await q.query<Row>(
    // clock_timestamp() runs after the statement's snapshot: every room this page can see was
    // touched at or before it.
    `WITH page AS (
       SELECT p.id, p.k FROM unnest($2::text[]) s(status) CROSS JOIN LATERAL (${candidates}) p
        ORDER BY p.k DESC, p.id DESC LIMIT $3)
     SELECT r.id AS room_id, r.status, r.job_id, j.title AS job_title, ${OTHER},
            lm.message AS last_message, lm.kind AS last_kind, lm.meta AS last_meta,
            ${TS('lm.sent_at')} AS last_time,
            (SELECT count(*)::int FROM chat_messages u
              WHERE u.recipient_id = $1 AND u.room_id = r.id AND NOT u.is_read) AS unread,
            ${TS('page.k')} AS sort_key, ${TS('clock_timestamp()')} AS read_at
       FROM page JOIN chat_rooms r ON r.id = page.id
       LEFT JOIN jobs j ON j.id = r.job_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = r.seeker_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = r.recruiter_id
       LEFT JOIN LATERAL (SELECT m.message, m.kind, m.meta, m.sent_at FROM chat_messages m WHERE m.room_id = r.id ORDER BY m.id DESC LIMIT 1) lm ON true
      ORDER BY page.k DESC, page.id DESC`,
    params,
  );
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  const asOf = after?.asOf ?? (rows[0]?.read_at as string | undefined);
  return {
    rooms: page.map((r) => ({
      roomId: r.room_id as string,
      userId: r.other_id as string,
      userName: (r.other_name as string | null) ?? null,
      profileImage: mediaUrl(r.other_image as string | null),
      lastMessage: preview(r, opts.language ?? DEFAULT_LANGUAGE),
      lastMessageTime: (r.last_time as string | null) ?? null,
      unreadCount: Number(r.unread ?? 0),
      jobId: (r.job_id as string | null) ?? null,
      jobTitle: (r.job_title as string | null) ?? null,
      status: r.status as RoomStatus,
    })),
    nextCursor:
      rows.length > opts.limit && last && asOf
        ? encodeCursor([asOf, last.sort_key as string, last.room_id as string])
        : null,
  };
}

/**
 * What the unread badges show, in ONE statement from the partial unread index (migration 014):
 * the member's own unread messages grouped by room, then those rooms' statuses (a primary key
 * lookup each), leaving out people blocked either way as the lists do. It reads the member's
 * unread messages and the rooms that hold them, never their other rooms.
 */
export async function unreadCounts(q: Queryable, userId: string): Promise<UnreadCounts> {
  const rows = await q.query<{ status: RoomStatus; rooms: number; messages: number }>(
    `SELECT r.status, count(*)::int AS rooms, sum(u.n)::int AS messages
       FROM (SELECT room_id, count(*) AS n FROM chat_messages
              WHERE recipient_id = $1 AND NOT is_read GROUP BY room_id) u
       JOIN chat_rooms r ON r.id = u.room_id
      WHERE ${noBlockSql('$1::uuid', 'CASE WHEN r.recruiter_id = $1 THEN r.seeker_id ELSE r.recruiter_id END')}
      GROUP BY r.status`,
    [userId],
  );
  const byStatus = Object.fromEntries(ROOM_STATUSES.map((s) => [s, 0])) as Record<
    RoomStatus,
    number
  >;
  let conversations = 0;
  let messages = 0;
  for (const row of rows) {
    byStatus[row.status] = row.rooms;
    conversations += row.rooms;
    messages += row.messages;
  }
  return { conversations, messages, byStatus };
}

/** One room as its chat screen shows it: the other member, the job and (for recruiters) the candidate. */
const LIVE_FIELDS = new Set(['s_title', 's_company', 'r_designation', 'r_company']);

export async function roomDetails(
  q: Queryable,
  roomId: string,
  userId: string,
): Promise<
  | (Omit<RoomView, 'other'> & {
      other: Omit<RoomView['other'], 'isOnline'>;
      /** One member blocked the other: no presence either (the route's part). */
      blocked: boolean;
    })
  | null
> {
  const [r] = await q.query<Row>(
    `SELECT r.id, r.status, r.job_id, r.recruiter_id, r.seeker_id, r.created_at::text AS created_at,
            j.title AS job_title, j.status AS job_status, ${OTHER},
            rp.designation AS r_designation, rp.company_name AS r_company, COALESCE(rp.is_verified, false) AS r_verified,
            CASE WHEN rp.is_verified THEN rp.verified_domain END AS r_domain, sp.contact_visibility AS s_visibility,
            EXISTS (SELECT 1 FROM chat_rooms e WHERE e.recruiter_id = r.recruiter_id AND e.seeker_id = r.seeker_id
                       AND e.seeker_engaged) AS s_engaged,
            (SELECT ou.suspended_at IS NOT NULL FROM users ou
              WHERE ou.id = CASE WHEN r.recruiter_id = $1 THEN r.seeker_id ELSE r.recruiter_id END) AS other_suspended,
            EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1
                       AND b.blocked_id = CASE WHEN r.recruiter_id = $1 THEN r.seeker_id ELSE r.recruiter_id END) AS blocked_by_me,
            NOT ${noBlockSql('r.recruiter_id', 'r.seeker_id')} AS blocked,
            sp.job_title AS s_title, sp.company_name AS s_company, sp.degree AS s_degree, sp.college_name AS s_college,
            sp.work_experience AS s_experience, sp.resume_key IS NOT NULL AS s_resume, c.name AS s_city,
            (SELECT count(*)::int FROM chat_messages u WHERE u.recipient_id = $1 AND u.room_id = r.id AND NOT u.is_read) AS unread
       FROM chat_rooms r
       LEFT JOIN jobs j ON j.id = r.job_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = r.seeker_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = r.recruiter_id
       LEFT JOIN cities c ON c.id = sp.city_id
      WHERE r.id = $2 AND (r.recruiter_id = $1 OR r.seeker_id = $1)`,
    [userId, roomId],
  );
  if (!r) return null;
  const iAmRecruiter = r.recruiter_id === userId;
  // Across a block (either way) the room stays readable as history, but nothing live of the other
  // person crosses it: no current title or company, no candidate details, no contact consent, no
  // presence (decision 028: a block withdraws consent at once).
  const blocked = Boolean(r.blocked);
  const s = (k: string) =>
    blocked && LIVE_FIELDS.has(k) ? null : ((r[k] as string | null) ?? null);
  const recruiterLine = [s('r_designation'), s('r_company')].filter(Boolean).join(' at ') || null;
  const seekerLine = [s('s_title'), s('s_company')].filter(Boolean).join(' at ') || null;
  return {
    id: r.id as string,
    status: r.status as RoomStatus,
    jobId: s('job_id'),
    jobTitle: s('job_title'),
    jobStatus: s('job_status'),
    recruiterId: r.recruiter_id as string,
    seekerId: r.seeker_id as string,
    createdAt: r.created_at as string,
    other: {
      id: r.other_id as string,
      name: s('other_name'),
      profileImage: mediaUrl(s('other_image')),
      subtitle: iAmRecruiter ? seekerLine : recruiterLine,
      isVerified: iAmRecruiter ? false : Boolean(r.r_verified),
      verifiedDomain: iAmRecruiter ? null : s('r_domain'),
      suspended: Boolean(r.other_suspended),
      blockedByMe: Boolean(r.blocked_by_me),
    },
    blocked,
    candidate:
      iAmRecruiter && !blocked
        ? {
            jobTitle: s('s_title'),
            companyName: s('s_company'),
            degree: s('s_degree'),
            collegeName: s('s_college'),
            city: s('s_city'),
            workExperience: s('s_experience'),
            hasResume: Boolean(r.s_resume),
            contactShared: can(
              { id: userId, role: 'recruiter', isOnboarded: true },
              'candidate.contact',
              {
                seekerId: r.seeker_id as string,
                visibility: (s('s_visibility') ?? 'verified_recruiters') as ContactVisibility,
                engagedWithViewer: Boolean(r.s_engaged),
                viewerVerified: Boolean(r.r_verified),
              },
            ),
          }
        : null,
    unreadCount: Number(r.unread ?? 0),
  };
}

/** A list row's last message: an automatic one in the reader's language, else as written. */
function preview(r: Row, language: Language): string | null {
  return messageTextIn(language, {
    kind: (r.last_kind as string | null) ?? null,
    meta: r.last_meta,
    message: (r.last_message as string | null) ?? null,
  });
}
