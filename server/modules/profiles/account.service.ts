import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteUserFiles } from '../files/files.service.ts';
import { ownImagePrefixes } from '../files/media-folder.ts';

/**
 * Everything we hold about a user, as JSON (India's DPDP Act: the right to a copy). Read in one
 * transaction so the copy is consistent.
 */
export async function exportAccount(ctx: Ctx, userId: string): Promise<Record<string, unknown>> {
  return ctx.db.tx(async (q) => {
    const one = async (sql: string) => (await q.query(sql, [userId]))[0] ?? null;
    const all = (sql: string) => q.query(sql, [userId]);
    return {
      exportedAt: new Date().toISOString(),
      user: await one(
        `SELECT id, phone_no, user_role, is_onboarded, onboarding_step, language, created_at, updated_at,
                suspended_at, held_at FROM users WHERE id = $1`,
      ),
      // Everything of the profile but the search index's internal column.
      seekerProfile: await one(
        `SELECT to_jsonb(sp) - 'profile_tsv' AS profile FROM seeker_profiles sp WHERE user_id = $1`,
      ).then((r) => (r as { profile?: unknown } | null)?.profile ?? null),
      recruiterProfile: await one('SELECT * FROM recruiter_profiles WHERE user_id = $1'),
      workExperiences: await all(
        'SELECT * FROM work_experiences WHERE candidate_id = $1 ORDER BY start_year',
      ),
      jobs: await all('SELECT * FROM jobs WHERE recruiter_id = $1 ORDER BY created_at'),
      chatRooms: await all(
        'SELECT * FROM chat_rooms WHERE recruiter_id = $1 OR seeker_id = $1 ORDER BY created_at',
      ),
      messagesSent: await all(
        'SELECT id, room_id, kind, message, sent_at FROM chat_messages WHERE sender_id = $1 ORDER BY id',
      ),
      messagesReceived: await all(
        `SELECT id, room_id, kind, message, sent_at, is_read FROM chat_messages
          WHERE recipient_id = $1 ORDER BY id`,
      ),
      reportsFiled: await all(
        `SELECT id, reason, details, job_id, created_at, resolved_at, resolution FROM reports
          WHERE reporter_id = $1 ORDER BY created_at`,
      ),
      blocks: await all(
        `SELECT b.created_at, COALESCE(sp.full_name, rp.full_name) AS name, rp.company_name
           FROM blocks b LEFT JOIN seeker_profiles sp ON sp.user_id = b.blocked_id
           LEFT JOIN recruiter_profiles rp ON rp.user_id = b.blocked_id
          WHERE b.blocker_id = $1 ORDER BY b.created_at`,
      ),
      notificationSettings: await one(
        'SELECT push, sms, updated_at FROM notification_settings WHERE user_id = $1',
      ),
      pushSubscriptions: await all(
        'SELECT endpoint, created_at, updated_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
      ),
      // A recruiter's own record of whom they looked at and whose resume they downloaded.
      profilesViewed: await all(
        `SELECT v.viewed_at, s.full_name FROM profile_views v
           LEFT JOIN seeker_profiles s ON s.user_id = v.seeker_id
          WHERE v.recruiter_id = $1 ORDER BY v.viewed_at`,
      ),
      resumesDownloaded: await all(
        `SELECT d.downloaded_at, s.full_name FROM resume_downloads d
           LEFT JOIN seeker_profiles s ON s.user_id = d.seeker_id
          WHERE d.recruiter_id = $1 ORDER BY d.downloaded_at`,
      ),
      resumeDownloads: await all(
        `SELECT d.downloaded_at, r.full_name AS recruiter_name, r.company_name
           FROM resume_downloads d LEFT JOIN recruiter_profiles r ON r.user_id = d.recruiter_id
          WHERE d.seeker_id = $1 ORDER BY d.downloaded_at`,
      ),
      profileViews: await all(
        `SELECT v.viewed_at, r.full_name AS recruiter_name, r.company_name
           FROM profile_views v LEFT JOIN recruiter_profiles r ON r.user_id = v.recruiter_id
          WHERE v.seeker_id = $1 ORDER BY v.viewed_at`,
      ),
      sessions: await all(
        'SELECT created_at, expires_at, revoked_at, ip, user_agent FROM sessions WHERE user_id = $1 ORDER BY created_at',
      ),
    };
  });
}

/**
 * Deletes the account: the user row goes, and with it (ON DELETE CASCADE) profiles, work
 * experiences, sessions, their chat rooms and messages, codes and download logs; then their files.
 * Live connections of every session are closed.
 */
export async function deleteAccount(ctx: Ctx, userId: string): Promise<void> {
  // Held after reports: the reports are the moderators' evidence, and deleting would wipe them
  // (and let the same phone start afresh at once). Deletion waits for the moderator's decision
  // (decision 028, session 21); DPDP allows keeping data while it is needed for such a purpose.
  const [held] = await ctx.db.query('SELECT 1 FROM users WHERE id = $1 AND held_at IS NOT NULL', [
    userId,
  ]);
  if (held) throw new AppError(409, 'profile.deleteUnderReview');
  // The image folder's name is on the row that goes: read it first.
  const imagePrefixes = await ownImagePrefixes(ctx.db, userId);
  await ctx.db.tx(async (q) => {
    await q.query(
      // The phone's login windows, and the account's daily windows (keyed by its id).
      'DELETE FROM rate_events WHERE key IN ((SELECT phone_no FROM users WHERE id = $1), $2)',
      [userId, userId],
    );
    await q.query('DELETE FROM rate_buckets WHERE key = $1::text', [userId]);
    await q.query(
      `DELETE FROM one_time_codes WHERE user_id = $1 OR target = (SELECT phone_no FROM users WHERE id = $1)`,
      [userId],
    );
    // The other member of each room that goes with this account is told why on their next read
    // (410, not "not part of this chat"): see `roomNotFound`.
    await q.query(
      `INSERT INTO gone_rooms (room_id, member_id)
       SELECT id, CASE WHEN recruiter_id = $1 THEN seeker_id ELSE recruiter_id END
         FROM chat_rooms WHERE recruiter_id = $1 OR seeker_id = $1
       ON CONFLICT DO NOTHING`,
      [userId],
    );
    await q.query('DELETE FROM users WHERE id = $1', [userId]);
  });
  await ctx.bus.publish([userId], { type: 'session.revoked' });
  await deleteUserFiles(ctx, userId, imagePrefixes);
}
