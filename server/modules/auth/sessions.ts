import type { Db } from '../../db/client.ts';
import { SESSION } from '#shared/limits.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { hashToken, newToken } from '../../lib/crypto.ts';

export interface SessionUser {
  id: string;
  phone: string;
  role: 'user' | 'recruiter' | 'admin' | null;
  isOnboarded: boolean;
  onboardingStep: number;
  /** The language they chose (null: not yet), which the server's texts follow (decision 026). */
  language: Language | null;
  /**
   * Held after reports (decision 012) until a moderator decides: their jobs are hidden, and a
   * held recruiter reaches no seeker (policies.ts).
   */
  held?: boolean;
  sessionHash: string;
}

export async function createSession(
  db: Db,
  userId: string,
  ip: string,
  userAgent: string | undefined,
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent)
     VALUES ($1, $2, now() + make_interval(days => $3), $4, $5)`,
    [hashToken(token), userId, SESSION.ttlDays, ip, userAgent?.slice(0, 300) ?? null],
  );
  return token;
}

export async function findSession(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  return findSessionByHash(db, hashToken(token));
}

/** The live session with this hash (not revoked, not expired, user not deleted), or null. */
export async function findSessionByHash(db: Db, hash: string): Promise<SessionUser | null> {
  const [row] = await db.query<{
    id: string;
    phone_no: string;
    user_role: 'user' | 'recruiter' | 'admin' | null;
    is_onboarded: boolean;
    onboarding_step: number;
    language: Language | null;
    held: boolean;
  }>(
    `SELECT u.id, u.phone_no, u.user_role, u.is_onboarded, u.onboarding_step, u.language,
            u.held_at IS NOT NULL AS held
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now() AND u.deleted_at IS NULL
        AND u.suspended_at IS NULL`,
    [hash],
    // Prepared: every signed-in request runs it (parsed and planned once per connection).
    'session_user',
  );
  if (!row) return null;
  return {
    id: row.id,
    phone: row.phone_no,
    role: row.user_role,
    isOnboarded: row.is_onboarded,
    onboardingStep: row.onboarding_step,
    language: row.language,
    held: row.held,
    sessionHash: hash,
  };
}

/** The user's live sessions, newest first, the current one marked. */
export async function liveSessions(
  db: Db,
  userId: string,
  currentHash: string,
): Promise<{ id: string; createdAt: string; userAgent: string | null; current: boolean }[]> {
  const rows = await db.query<{ token_hash: string; created_at: Date; user_agent: string | null }>(
    `SELECT token_hash, created_at, user_agent FROM sessions
      WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC LIMIT 100`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.token_hash.slice(0, 16),
    createdAt: new Date(r.created_at).toISOString(),
    userAgent: r.user_agent,
    current: r.token_hash === currentHash,
  }));
}

/**
 * Ends every live session of the user but this one (a lost phone, a SIM swap, a shared
 * computer): returns the hashes ended, whose sockets the caller closes on every instance.
 */
export async function revokeOtherSessions(
  db: Db,
  userId: string,
  keepHash: string,
): Promise<string[]> {
  return db.tx(async (q) => {
    const rows = await q.query<{ token_hash: string }>(
      `UPDATE sessions SET revoked_at = now()
        WHERE user_id = $1 AND token_hash <> $2 AND revoked_at IS NULL AND expires_at > now()
        RETURNING token_hash`,
      [userId, keepHash],
    );
    // Their browsers' push subscriptions go too (a lost phone's lock screen shows no more
    // messages).
    await q.query(`DELETE FROM push_subscriptions WHERE user_id = $1 AND session_hash <> $2`, [
      userId,
      keepHash,
    ]);
    return rows.map((r) => r.token_hash);
  });
}

export async function revokeSession(db: Db, sessionHash: string): Promise<void> {
  await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [sessionHash],
  );
  await db.query('DELETE FROM push_subscriptions WHERE session_hash = $1', [sessionHash]);
}

/**
 * A sign-in on a browser whose cookie still held another user's live session (a shared phone: a
 * login screen left open in one tab while someone signed in in another). The new cookie replaces
 * it, so that session could never be used or signed out from this browser again, and its push
 * subscription (this browser's) would keep showing the other person's messages here: it ends now.
 * Returns whether it did (the caller closes its sockets).
 */
export async function endReplacedSession(
  db: Db,
  replaced: { id: string; sessionHash: string },
  newUserId: string,
): Promise<boolean> {
  if (replaced.id === newUserId) return false; // the same person again: their devices stay as they were
  await revokeSession(db, replaced.sessionHash);
  return true;
}
