import type { Queryable } from '../../db/client.ts';
import type { RoomStatus } from '#shared/picklists.ts';
import { noBlockSql } from '../moderation/visibility.ts';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';

export interface RoomRow {
  id: string;
  job_id: string | null;
  recruiter_id: string;
  seeker_id: string;
  status: RoomStatus;
  created_at: string;
}

/**
 * One room per recruiter, seeker and job, enforced by the unique index: concurrent calls race on
 * the INSERT and all but one fall through to reading the winner's row.
 */
export async function getOrCreateRoom(
  q: Queryable,
  r: {
    recruiterId: string;
    seekerId: string;
    jobId: string | null;
    createdBy: string;
    status: RoomStatus;
  },
): Promise<{ room: RoomRow; created: boolean }> {
  const inserted = await q.query<RoomRow>(
    `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status, seeker_engaged)
     VALUES ($1, $2, $3, $4, $5, $4::uuid = $3::uuid)
     ON CONFLICT (recruiter_id, seeker_id, job_id) DO NOTHING
     RETURNING id, job_id, recruiter_id, seeker_id, status, created_at::text`,
    [r.jobId, r.recruiterId, r.seekerId, r.createdBy, r.status],
  );
  if (inserted[0]) return { room: inserted[0], created: true };
  const [existing] = await q.query<RoomRow>(
    `SELECT id, job_id, recruiter_id, seeker_id, status, created_at::text FROM chat_rooms
      WHERE recruiter_id = $1 AND seeker_id = $2 AND job_id IS NOT DISTINCT FROM $3`,
    [r.recruiterId, r.seekerId, r.jobId],
  );
  return { room: existing!, created: false };
}

/** The room if `userId` is one of its two members; otherwise null (a stranger learns nothing). */
export async function memberRoom(
  q: Queryable,
  roomId: string,
  userId: string,
): Promise<RoomRow | null> {
  if (!isUuid(roomId)) return null;
  const [row] = await q.query<RoomRow>(
    `SELECT id, job_id, recruiter_id, seeker_id, status, created_at::text FROM chat_rooms
      WHERE id = $1 AND (recruiter_id = $2 OR seeker_id = $2)`,
    [roomId, userId],
  );
  return row ?? null;
}

/** Whether one of the room's two members blocked the other (either way). */
export async function blockedBetween(q: Queryable, a: string, b: string): Promise<boolean> {
  const [row] = await q.query(`SELECT 1 WHERE NOT ${noBlockSql('$1::uuid', '$2::uuid')}`, [a, b]);
  return Boolean(row);
}

/**
 * Why a room id reads nothing for this user: 410 chat.roomGone when it was their room and went
 * with the other member's deleted account (`gone_rooms`), else 404 chat.notMember, which a
 * stranger gets whether the room exists or not.
 */
export async function roomNotFound(
  q: Queryable,
  roomId: string,
  userId: string,
): Promise<AppError> {
  if (!isUuid(roomId)) return new AppError(404, 'chat.notMember');
  const [gone] = await q.query(
    'SELECT 1 FROM gone_rooms WHERE room_id = $1 AND member_id = $2',
    [roomId, userId],
    'gone_room',
  );
  return gone ? new AppError(410, 'chat.roomGone') : new AppError(404, 'chat.notMember');
}

/** The most recently active room between me and another user (chat screens are keyed by user). */
export async function latestRoomWith(
  q: Queryable,
  me: string,
  other: string,
  jobId?: string,
): Promise<RoomRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(other) || (jobId && !/^[0-9a-f-]{36}$/i.test(jobId))) return null;
  const [row] = await q.query<RoomRow>(
    `SELECT id, job_id, recruiter_id, seeker_id, status, created_at::text FROM chat_rooms
      WHERE ((recruiter_id = $1 AND seeker_id = $2) OR (recruiter_id = $2 AND seeker_id = $1))
        AND ($3::uuid IS NULL OR job_id = $3::uuid)
      ORDER BY updated_at DESC LIMIT 1`,
    [me, other, jobId ?? null],
  );
  return row ?? null;
}

/**
 * Everyone who shares a room with this user: who hears about their presence. Not across a block
 * (either way): whoever was blocked no longer learns when the other is online.
 */
export async function partnersOf(q: Queryable, userId: string): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT DISTINCT p.id
       FROM (SELECT CASE WHEN recruiter_id = $1 THEN seeker_id ELSE recruiter_id END AS id
               FROM chat_rooms WHERE recruiter_id = $1 OR seeker_id = $1) p
      WHERE ${noBlockSql('p.id', '$1::uuid')}`,
    [userId],
  );
  return rows.map((r) => r.id);
}
