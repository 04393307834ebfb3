// npm run bench:unread — the unread badges' counts and what the recipient trigger costs a send
// (decision 018). Seeds a scratch PostgreSQL database like bench/chat-list.ts: one recruiter with
// BENCH_ROOMS rooms (default 20,000; three read messages each) among 20 more recruiters with 500
// each; 60 of the big recruiter's rooms hold two unread messages from the seeker. Times,
// sequentially: GET /api/rooms/unread's statement (the member's unread messages from the partial
// index led by the recipient, migration 014) against the count before it (every room of the
// member probed in the old (room_id, sender_id) index, rebuilt here for the comparison); then the
// send statement (insertMessage) with the BEFORE INSERT trigger that sets the recipient, and
// with the trigger disabled.
import { randomUUID } from 'node:crypto';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { unreadCounts } from '#server/modules/chat/list.repo.ts';
import { insertMessage } from '#server/modules/chat/messages.repo.ts';
import { measure, scratchDatabase, table, type Timing } from './lib.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 20_000);
const N = Number(process.env.BENCH_N ?? 200);

const scratch = await scratchDatabase('nearhire_bench_unread');
const db = await openDb(scratch.url, '/tmp');
try {
  await migrate(db);
  console.log(`seeding ${ROOMS} rooms for one recruiter, 10,000 more for 20 others...`);
  await db.exec(`
    INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
      SELECT '+9171' || lpad(g::text, 8, '0'), CASE WHEN g <= 21 THEN 'recruiter' ELSE 'user' END, true, 4
        FROM generate_series(1, ${ROOMS} + 21) g;
    WITH r AS (SELECT id, row_number() OVER (ORDER BY phone_no) n FROM users WHERE user_role = 'recruiter'),
         s AS (SELECT id, row_number() OVER (ORDER BY phone_no) n FROM users WHERE user_role = 'user')
    INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status, created_at, updated_at)
    SELECT r.id, s.id, r.id,
           (ARRAY['initiated','interested','shortlisted','interviewing','rejected','hired'])[1 + s.n % 6],
           now() - interval '201 days',
           now() - interval '1 hour' - (s.n * 7919 % ${ROOMS}) * interval '200 days' / ${ROOMS}
      FROM r JOIN s ON r.n = 1 OR (s.n % 20 = r.n - 2 AND s.n <= 10000);
    INSERT INTO chat_messages (room_id, sender_id, client_id, message, is_read, sent_at)
    SELECT id, recruiter_id, gen_random_uuid(), 'Message ' || g, true, updated_at - (3 - g) * interval '1 minute'
      FROM chat_rooms, generate_series(1, 3) g;
    INSERT INTO chat_messages (room_id, sender_id, client_id, message, is_read)
    SELECT r.id, r.seeker_id, gen_random_uuid(), 'unread ' || g, false
      FROM (SELECT id, seeker_id FROM chat_rooms
             WHERE recruiter_id = (SELECT id FROM users WHERE phone_no = '+917100000001')
             ORDER BY id LIMIT 60) r, generate_series(1, 2) g;
    -- The index the counts used before migration 014, for the "before" row only.
    CREATE INDEX bench_unread_by_room ON chat_messages (room_id, sender_id) WHERE NOT is_read;`);
  await db.exec('VACUUM ANALYZE');
  const [me] = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE phone_no = '+917100000001'`,
  );
  const recruiter = me!.id;
  const before = `SELECT r.status, count(*)::int AS rooms, sum(u.n)::int AS messages
      FROM chat_rooms r
      CROSS JOIN LATERAL (SELECT count(*) AS n FROM chat_messages m
                           WHERE m.room_id = r.id AND NOT m.is_read
                             AND m.sender_id IS DISTINCT FROM $1) u
     WHERE r.recruiter_id = $1 AND u.n > 0
       AND NOT EXISTS (SELECT 1 FROM blocks bl
                        WHERE (bl.blocker_id = $1 AND bl.blocked_id = r.seeker_id)
                           OR (bl.blocker_id = r.seeker_id AND bl.blocked_id = $1))
     GROUP BY r.status`;
  const now = await unreadCounts(db, recruiter);
  console.log(`the recruiter: ${now.conversations} conversations, ${now.messages} messages unread`);

  const [room] = await db.query<{ id: string }>(
    `SELECT id FROM chat_rooms WHERE recruiter_id = $1 ORDER BY updated_at DESC LIMIT 1`,
    [recruiter],
  );
  const send = () =>
    insertMessage(db, {
      roomId: room!.id,
      senderId: recruiter,
      clientId: randomUUID(),
      kind: 'text',
      message: 'Hello',
    });
  const rows: Timing[] = [
    await measure('before: every room probed', N, () => db.query(before, [recruiter])),
    await measure('unread index (GET /api/rooms/unread)', N, () => unreadCounts(db, recruiter)),
  ];
  // Alternating rounds, so a noisy moment of this shared machine lands on both.
  for (let round = 1; round <= 2; round++) {
    rows.push(await measure(`send, recipient set by the trigger (${round})`, N, send));
    await db.exec('ALTER TABLE chat_messages DISABLE TRIGGER chat_messages_recipient');
    rows.push(await measure(`send, trigger disabled (${round})`, N, send));
    await db.exec('ALTER TABLE chat_messages ENABLE TRIGGER chat_messages_recipient');
  }
  console.log(table(rows));
} finally {
  await db.close();
  await scratch.drop();
}
