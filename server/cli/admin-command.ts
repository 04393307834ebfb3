// The moderators' commands (npm run admin): add, remove, list. Apart from the CLI's entry point so
// that the running development server can run them too (admin-socket.ts) without bundling an
// entry point into the server.
import type { Db } from '../db/client.ts';
import { normalizePhone } from '#shared/phone.ts';

const USAGE =
  'usage: add <phone> | remove <phone> | list (npm run admin -- … in development, node dist/server/admin.js … in production)';

export async function adminCommand(db: Db, args: string[]): Promise<string> {
  const [command, raw] = args;
  if (command === 'list') {
    const rows = await db.query<{ phone_no: string }>(
      "SELECT phone_no FROM users WHERE user_role = 'admin' AND deleted_at IS NULL ORDER BY phone_no",
    );
    return rows.length ? rows.map((r) => r.phone_no).join('\n') : 'no moderators';
  }
  if ((command !== 'add' && command !== 'remove') || !raw) throw new Error(USAGE);
  const phone = normalizePhone(raw);
  if (!phone)
    throw new Error(
      `${JSON.stringify(raw)} is not an Indian mobile number: 10 digits starting with 6, 7, 8 or 9 (+91 optional)`,
    );
  if (command === 'add') {
    const [row] = await db.query<{ user_role: string | null }>(
      `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ($1, 'admin', true, 1)
       ON CONFLICT (phone_no) DO UPDATE SET user_role = 'admin', is_onboarded = true
       RETURNING (SELECT user_role FROM users WHERE phone_no = $1) AS user_role`,
      [phone],
    );
    // Sessions opened under the old role end: the next login starts as a moderator.
    await db.query(
      `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL
          AND user_id = (SELECT id FROM users WHERE phone_no = $1)`,
      [phone],
    );
    return `${phone} is a moderator${row?.user_role && row.user_role !== 'admin' ? ` (was ${row.user_role})` : ''}`;
  }
  const done = await db.query(
    "UPDATE users SET user_role = NULL, is_onboarded = false WHERE phone_no = $1 AND user_role = 'admin' RETURNING id",
    [phone],
  );
  await db.query(
    `UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL
        AND user_id = (SELECT id FROM users WHERE phone_no = $1)`,
    [phone],
  );
  return done.length ? `${phone} is no longer a moderator` : `${phone} was not a moderator`;
}
