import type { Ctx } from '../../context.ts';
import type { SessionUser } from '../auth/sessions.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/**
 * Blocks stop messages both ways at once (the message insert checks them), and hide each side
 * from the other's chat list, feed and recommendations. The blocked side is not told.
 */
export async function block(ctx: Ctx, me: SessionUser, userId: string): Promise<void> {
  if (userId === me.id) throw badRequest('moderation.cannotBlockSelf');
  const [target] = await ctx.db.query(
    `SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL AND user_role IN ('user', 'recruiter')`,
    [userId],
  );
  if (!target) throw notFound('profile.notFound');
  await ctx.db.query(
    'INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [me.id, userId],
  );
}

export async function unblock(ctx: Ctx, me: SessionUser, userId: string): Promise<void> {
  await ctx.db.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [
    me.id,
    userId,
  ]);
}

export async function listBlocked(ctx: Ctx, me: SessionUser) {
  const rows = await ctx.db.query<{
    id: string;
    name: string | null;
    company: string | null;
    created_at: Date;
  }>(
    `SELECT u.id, COALESCE(sp.full_name, rp.full_name) AS name, rp.company_name AS company, b.created_at
       FROM blocks b JOIN users u ON u.id = b.blocked_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = u.id
       LEFT JOIN recruiter_profiles rp ON rp.user_id = u.id
      WHERE b.blocker_id = $1
      ORDER BY b.created_at DESC
      LIMIT 500`,
    [me.id],
  );
  return rows.map((r) => ({
    userId: r.id,
    name: r.name,
    companyName: r.company,
    blockedAt: new Date(r.created_at).toISOString(),
  }));
}
