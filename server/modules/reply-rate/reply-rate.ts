import type { FastifyBaseLogger } from 'fastify';
import { english } from '#shared/i18n/messages.ts';
import { REPLY_RATE } from '#shared/reply-rate.ts';
import type { MessageView } from '#shared/schemas/chat.ts';
import type { Bus } from '../../adapters/bus.ts';
import type { Db, Tx } from '../../db/client.ts';
import { presentMessage } from '../chat/messages.repo.ts';

// Anti-ghosting (decision 011). A worker, not the request path, does both jobs:
// - recruiter_reply_stats: per recruiter, the seeker-started rooms of the last 30 days, how many
//   the recruiter answered and the median time to the first answer, recomputed from the rooms'
//   created_at and first_recruiter_reply_at (set by the message insert) through an index; the
//   job views join one row per recruiter.
// - the auto-close: a seeker-started room with no recruiter reply for 7 days becomes 'rejected'
//   with an automatic message (no sender: it is the system speaking), once.

/** One writer of recruiter_reply_stats and of auto-closes at a time, on every instance. */
const WRITER_LOCK = 727_010;
/** Every 10 minutes, and once at start: a badge may lag by that much (decision 011). */
const INTERVAL_MS = 10 * 60_000;
/** Rooms closed per transaction, and batches per run (the rest waits for the next run). */
const CLOSE_BATCH = 500;
const CLOSE_BATCHES_PER_RUN = 20;

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function writerLock(q: Tx): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]);
}

/** Recomputes every recruiter's row; returns how many recruiters have one. */
export async function refreshReplyStats(db: Db): Promise<number> {
  return db.tx(async (q) => {
    await writerLock(q);
    // Range scan of chat_rooms_seeker_started (the window's rooms only, from the index alone).
    // percentile_cont skips the nulls: the median is over the answered rooms (null when none was).
    const [row] = await q.query<{ n: number }>(
      `WITH fresh AS (
         SELECT recruiter_id, count(*)::int AS conversations,
                count(first_recruiter_reply_at)::int AS replied,
                round(extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (
                  ORDER BY first_recruiter_reply_at - created_at)))::int AS median
           FROM chat_rooms
          WHERE created_by = seeker_id AND created_at >= now() - make_interval(days => $1)
          GROUP BY recruiter_id),
       gone AS (
         DELETE FROM recruiter_reply_stats s
          WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE f.recruiter_id = s.recruiter_id)),
       up AS (
         INSERT INTO recruiter_reply_stats (recruiter_id, conversations, replied, median_reply_seconds, refreshed_at)
         SELECT recruiter_id, conversations, replied, median, now() FROM fresh
         ON CONFLICT (recruiter_id) DO UPDATE
           SET conversations = EXCLUDED.conversations, replied = EXCLUDED.replied,
               median_reply_seconds = EXCLUDED.median_reply_seconds, refreshed_at = EXCLUDED.refreshed_at
         RETURNING 1)
       SELECT count(*)::int AS n FROM up`,
      [REPLY_RATE.windowDays],
    );
    return row?.n ?? 0;
  });
}

export interface ClosedRoom {
  roomId: string;
  recruiterId: string;
  seekerId: string;
  updatedAt: string;
  message: MessageView;
}

/**
 * Closes one batch of seeker-started rooms that have waited 7 days for a first recruiter reply:
 * status rejected, auto_closed_at set, the automatic message stored. Only rooms still waiting are
 * taken (chat_rooms_awaiting_reply), so a second run closes nothing again; a room being written to
 * meanwhile is skipped (its reply, if any, is recorded first, and the next run looks again).
 */
export async function closeUnanswered(db: Db, limit = CLOSE_BATCH): Promise<ClosedRoom[]> {
  const rows = await db.tx(async (q) => {
    await writerLock(q);
    return q.query<Record<string, unknown>>(
      `WITH due AS (
         SELECT id FROM chat_rooms
          WHERE created_by = seeker_id AND first_recruiter_reply_at IS NULL AND auto_closed_at IS NULL
            AND status = 'initiated' AND created_at <= now() - make_interval(days => $1)
          ORDER BY created_at
          LIMIT $2
          FOR NO KEY UPDATE SKIP LOCKED),
       closed AS (
         UPDATE chat_rooms r SET status = 'rejected', auto_closed_at = now(), updated_at = now()
           FROM due WHERE r.id = due.id
         RETURNING r.id, r.recruiter_id, r.seeker_id, ${ts('r.updated_at')} AS room_updated_at),
       msg AS (
         INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message, meta)
         SELECT id, NULL, gen_random_uuid(), 'status', $3, $4::jsonb FROM closed
         RETURNING id, room_id, sender_id, client_id, kind, message, meta, warnings, is_read,
                   ${ts('sent_at')} AS sent_at)
       SELECT msg.*, closed.recruiter_id, closed.seeker_id, closed.room_updated_at
         FROM closed JOIN msg ON msg.room_id = closed.id`,
      [
        REPLY_RATE.autoCloseDays,
        limit,
        english('chat.autoClosed'),
        JSON.stringify({ status: 'rejected', autoClosed: true }),
      ],
    );
  });
  return rows.map((r) => ({
    roomId: r.room_id as string,
    recruiterId: r.recruiter_id as string,
    seekerId: r.seeker_id as string,
    updatedAt: r.room_updated_at as string,
    message: presentMessage(r),
  }));
}

export interface ReplyRates {
  /**
   * Closes every room that is due (in batches) and tells both members, then recomputes the stats.
   * Runs one at a time in this process: a call during a run waits for it and runs again.
   */
  refresh(): Promise<{ closed: number; recruiters: number }>;
  /** Stops the timer and waits for a running refresh. */
  close(): Promise<void>;
}

export function createReplyRates(db: Db, bus: Bus, log: FastifyBaseLogger): ReplyRates {
  let closed = false;
  let running: Promise<{ closed: number; recruiters: number }> | null = null;

  async function runOnce(): Promise<{ closed: number; recruiters: number }> {
    let total = 0;
    for (let i = 0; i < CLOSE_BATCHES_PER_RUN && !closed; i++) {
      const batch = await closeUnanswered(db);
      for (const room of batch) {
        const members = [room.recruiterId, room.seekerId];
        // After the commit: the seeker's open chat shows the new status and the message.
        await bus.publish(members, {
          type: 'room.updated',
          roomId: room.roomId,
          status: 'rejected',
          updatedAt: room.updatedAt,
        });
        await bus.publish(members, {
          type: 'message.created',
          roomId: room.roomId,
          message: room.message,
        });
      }
      total += batch.length;
      if (batch.length < CLOSE_BATCH) break;
    }
    if (total > 0) log.info({ rooms: total }, 'reply rate: unanswered conversations closed');
    const recruiters = closed ? 0 : await refreshReplyStats(db);
    return { closed: total, recruiters };
  }

  function refresh(): Promise<{ closed: number; recruiters: number }> {
    const previous = running ?? Promise.resolve();
    const next: Promise<{ closed: number; recruiters: number }> = previous
      .catch(() => {})
      .then(runOnce)
      .finally(() => {
        if (running === next) running = null;
      });
    running = next;
    return next;
  }

  const tick = () => {
    if (closed) return;
    refresh().catch((err: unknown) => log.error({ err }, 'reply rate: refresh failed'));
  };
  const timer = setInterval(tick, INTERVAL_MS);
  timer.unref();
  // Once at start: what fell due while no instance ran.
  const startTimer = setTimeout(tick, 0);
  startTimer.unref();

  return {
    refresh,
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(startTimer);
      await running?.catch(() => {});
    },
  };
}
