import type { Queryable } from '../../db/client.ts';
import type { ChatListItem, RoomView } from '#shared/schemas/chat.ts';
import type { ContactVisibility, RoomStatus } from '#shared/picklists.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { can } from '../../policies/policies.ts';

type Row = Record<string, unknown>;

// The other member's name and picture, whichever side they are on.
const OTHER = `
  CASE WHEN r.recruiter_id = $1 THEN r.seeker_id ELSE r.recruiter_id END AS other_id,
  CASE WHEN r.recruiter_id = $1 THEN sp.full_name ELSE rp.full_name END AS other_name,
  CASE WHEN r.recruiter_id = $1 THEN sp.profile_image ELSE rp.profile_image END AS other_image`;

/**
 * A member's chat list in ONE statement, whatever the number of rooms: last message by a lateral
 * index lookup, unread count from the partial unread index, newest activity first.
 */
export async function chatList(
  q: Queryable,
  userId: string,
  opts: { asRecruiter: boolean; status?: RoomStatus },
): Promise<Omit<ChatListItem, 'isOnline'>[]> {
  const rows = await q.query<Row>(
    `SELECT r.id AS room_id, r.status, r.job_id, j.title AS job_title, ${OTHER},
            lm.message AS last_message,
            to_char(lm.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS last_time,
            (SELECT count(*)::int FROM chat_messages u
              WHERE u.room_id = r.id AND NOT u.is_read AND u.sender_id IS DISTINCT FROM $1) AS unread
       FROM chat_rooms r
       LEFT JOIN jobs j ON j.id = r.job_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = r.seeker_id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = r.recruiter_id
       LEFT JOIN LATERAL (SELECT m.message, m.sent_at FROM chat_messages m WHERE m.room_id = r.id ORDER BY m.id DESC LIMIT 1) lm ON true
      WHERE ${opts.asRecruiter ? 'r.recruiter_id = $1' : 'r.seeker_id = $1'}
        AND ($2::text IS NULL OR r.status = $2::text)
        -- A person one blocked, or who blocked one, leaves the list (undo in settings).
        AND NOT EXISTS (SELECT 1 FROM blocks b
                         WHERE (b.blocker_id = $1 AND b.blocked_id = ${opts.asRecruiter ? 'r.seeker_id' : 'r.recruiter_id'})
                            OR (b.blocked_id = $1 AND b.blocker_id = ${opts.asRecruiter ? 'r.seeker_id' : 'r.recruiter_id'}))
      ORDER BY r.updated_at DESC
      LIMIT 200`,
    [userId, opts.status ?? null],
  );
  return rows.map((r) => ({
    roomId: r.room_id as string,
    userId: r.other_id as string,
    userName: (r.other_name as string | null) ?? null,
    profileImage: mediaUrl(r.other_image as string | null),
    lastMessage: (r.last_message as string | null) ?? null,
    lastMessageTime: (r.last_time as string | null) ?? null,
    unreadCount: Number(r.unread ?? 0),
    jobId: (r.job_id as string | null) ?? null,
    jobTitle: (r.job_title as string | null) ?? null,
    status: r.status as RoomStatus,
  }));
}

export async function totalUnread(q: Queryable, userId: string): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM chat_rooms r JOIN chat_messages m ON m.room_id = r.id
      WHERE (r.recruiter_id = $1 OR r.seeker_id = $1) AND NOT m.is_read AND m.sender_id IS DISTINCT FROM $1`,
    [userId],
  );
  return row?.n ?? 0;
}

/** One room as its chat screen shows it: the other member, the job and (for recruiters) the candidate. */
export async function roomDetails(
  q: Queryable,
  roomId: string,
  userId: string,
): Promise<(Omit<RoomView, 'other'> & { other: Omit<RoomView['other'], 'isOnline'> }) | null> {
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
            sp.job_title AS s_title, sp.company_name AS s_company, sp.degree AS s_degree, sp.college_name AS s_college,
            sp.work_experience AS s_experience, sp.resume_key IS NOT NULL AS s_resume, c.name AS s_city,
            (SELECT count(*)::int FROM chat_messages u WHERE u.room_id = r.id AND NOT u.is_read AND u.sender_id IS DISTINCT FROM $1) AS unread
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
  const s = (k: string) => (r[k] as string | null) ?? null;
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
    candidate: iAmRecruiter
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
