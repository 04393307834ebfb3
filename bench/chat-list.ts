// npx tsx bench/chat-list.ts — chat-list paging and the message's room touch on PostgreSQL
// (decision 007, "Chat list paging"). Seeds a scratch database: one recruiter with BENCH_ROOMS
// rooms (default 20,000; last activity spread over 200 days, three messages each) among 20 more
// recruiters with 500 each. Times, sequentially, the list before paging (one statement, the 200
// newest of a tab: every room of the tab read and sorted) against the keyset pages (first, deep,
// after 500 rooms moved to the top since the scroll began, the six statuses merged) and a whole
// scroll; then the send statement (insertMessage) where the touch is a HOT update (the room's
// second message of the day) and where it is not (the room's first message of an IST day: the one
// touch that writes index entries), with the WAL each writes (EXPLAIN ANALYZE WAL).
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Queryable } from '#server/db/client.ts';
import { openDb } from '#server/db/client.ts';
import { migrate } from '#server/db/migrate.ts';
import { chatList } from '#server/modules/chat/list.repo.ts';
import { insertMessage } from '#server/modules/chat/messages.repo.ts';
import { CHAT_LIST_PAGE } from '#shared/limits.ts';
import { measure, scratchDatabase, table, type Timing } from './lib.ts';

const ROOMS = Number(process.env.BENCH_ROOMS ?? 20_000);
const N = Number(process.env.BENCH_N ?? 200);

const scratch = await scratchDatabase('nearhire_bench_chatlist');
const db = await openDb(scratch.url, '/tmp');
const client = new pg.Client({ connectionString: scratch.url });
try {
  await migrate(db);
  await client.connect();
  console.log(`seeding ${ROOMS} rooms for one recruiter, 10,000 more for 20 others...`);
  await db.exec(`
    INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
      SELECT '+9171' || lpad(g::text, 8, '0'), CASE WHEN g <= 21 THEN 'recruiter' ELSE 'user' END, true, 4
        FROM generate_series(1, ${ROOMS} + 21) g;
    INSERT INTO recruiter_profiles (user_id, full_name, company_name)
      SELECT id, 'Recruiter', 'Company' FROM users WHERE user_role = 'recruiter';
    INSERT INTO seeker_profiles (user_id, full_name)
      SELECT id, 'Seeker ' || phone_no FROM users WHERE user_role = 'user';
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
      FROM chat_rooms, generate_series(1, 3) g;`);
  // As autovacuum would after a bulk load: statistics and the visibility map.
  await db.exec('VACUUM ANALYZE');
  const [me] = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE phone_no = '+917100000001'`,
  );
  const recruiter = me!.id;
  const tab = { asRecruiter: true, status: 'interested' as const, limit: CHAT_LIST_PAGE };

  // The list as it was before paging (one statement, LIMIT 200, sorted in memory).
  const before = `SELECT r.id, lm.message, (SELECT count(*)::int FROM chat_messages u
        WHERE u.room_id = r.id AND NOT u.is_read AND u.sender_id IS DISTINCT FROM $1) AS unread
       FROM chat_rooms r
       LEFT JOIN jobs j ON j.id = r.job_id
       LEFT JOIN seeker_profiles sp ON sp.user_id = r.seeker_id
       LEFT JOIN LATERAL (SELECT m.message, m.sent_at FROM chat_messages m WHERE m.room_id = r.id ORDER BY m.id DESC LIMIT 1) lm ON true
      WHERE r.recruiter_id = $1 AND r.status = $2
        AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = $1 AND b.blocked_id = r.seeker_id)
                                                  OR (b.blocked_id = $1 AND b.blocker_id = r.seeker_id))
      ORDER BY r.updated_at DESC LIMIT 200`;

  // A whole scroll of the tab, and the cursor of page 100 on the way.
  let cursor: string | null = null;
  let deep: string | null = null;
  let pages = 0;
  let rooms = 0;
  const walkStart = performance.now();
  do {
    const page: Awaited<ReturnType<typeof chatList>> = await chatList(db, recruiter, {
      ...tab,
      ...(cursor ? { cursor } : {}),
    });
    pages += 1;
    rooms += page.rooms.length;
    cursor = page.nextCursor;
    if (pages === 99) deep = cursor;
  } while (cursor);
  const walkMs = performance.now() - walkStart;

  const rows: Timing[] = [
    await measure('before: one statement, 200 newest of a tab', N, () =>
      db.query(before, [recruiter, 'interested']),
    ),
    await measure('page 1 of a tab (30)', N, () => chatList(db, recruiter, tab)),
    await measure('page 100 of a tab', N, () => chatList(db, recruiter, { ...tab, cursor: deep! })),
    await measure('page 1, all six statuses merged', N, () =>
      chatList(db, recruiter, { asRecruiter: true, limit: CHAT_LIST_PAGE }),
    ),
  ];

  // A scroll begun, then 500 of the tab's rooms (none shown yet) get a message: page 2 finds them
  // at their old places (branch B of list.repo.ts).
  const first = await chatList(db, recruiter, tab);
  const moved = await db.query<{ id: string }>(
    `SELECT id FROM chat_rooms WHERE recruiter_id = $1 AND status = 'interested'
      ORDER BY updated_at DESC OFFSET 100 LIMIT 500`,
    [recruiter],
  );
  for (const m of moved)
    await insertMessage(db, {
      roomId: m.id,
      senderId: recruiter,
      clientId: randomUUID(),
      kind: 'text',
      message: 'moved',
    });
  rows.push(
    await measure('page 2, 500 rooms moved since page 1', N, () =>
      chatList(db, recruiter, { ...tab, cursor: first.nextCursor! }),
    ),
  );

  // The send statement, prepared as in production, on one connection of its own.
  const wal: Record<string, { records: number[]; bytes: number[] }> = {};
  const plain: Queryable = {
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      return (await client.query({ text: sql, values: params, name })).rows as T[];
    },
  };
  /** Runs the send through EXPLAIN (ANALYZE, WAL): the insert and the room touch it makes. */
  const probe = (label: string): Queryable => ({
    async query<T>(sql: string, params: unknown[] = [], name?: string) {
      if (name !== 'chat_insert_message') return plain.query<T>(sql, params);
      const [row] = await plain.query<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        `EXPLAIN (ANALYZE, WAL, FORMAT JSON) ${sql}`,
        params,
      );
      const top = row!['QUERY PLAN'][0].Plan;
      const touch = (top.Plans as Record<string, unknown>[]).find(
        (p) => p['Subplan Name'] === 'CTE touch',
      );
      const w = (wal[label] ??= { records: [], bytes: [] });
      w.records.push(Number(top['WAL Records']) + Number(touch?.['WAL Records'] ?? 0));
      w.bytes.push(Number(top['WAL Bytes']) + Number(touch?.['WAL Bytes'] ?? 0));
      return [] as T[]; // insertMessage then reads the stored row back
    },
  });
  const send = (q: Queryable, roomId: string) =>
    insertMessage(q, {
      roomId,
      senderId: recruiter,
      clientId: randomUUID(),
      kind: 'text',
      message: 'Are you available for a call tomorrow?',
    });
  // Rooms whose last activity was on an earlier day: their next message is a first of the day.
  const old = await db.query<{ id: string }>(
    `SELECT id FROM chat_rooms WHERE recruiter_id = $1 AND updated_at < now() - interval '2 days'
      ORDER BY id LIMIT $2`,
    [recruiter, 2 * N + 40],
  );
  const firstOfDay = old.slice(0, N + 20).map((r) => r.id);
  const probeOld = old.slice(N + 20).map((r) => r.id);
  // Rooms already touched today: their next message is a HOT update.
  const today = moved.slice(0, 50).map((r) => r.id);
  const stats = async () => {
    await client.query('SELECT pg_stat_force_next_flush()');
    await new Promise((r) => setTimeout(r, 1200));
    await client.query('SELECT 1');
    await client.query('SELECT pg_stat_clear_snapshot()');
    const [s] = (
      await client.query<{ upd: number; hot: number }>(
        `SELECT n_tup_upd::int AS upd, n_tup_hot_upd::int AS hot FROM pg_stat_user_tables WHERE relname = 'chat_rooms'`,
      )
    ).rows;
    return s!;
  };
  let i = 0;
  let j = 0;
  const s0 = await stats();
  const hot = await measure(
    'send, touch HOT (2nd+ message of the day)',
    N,
    () => send(plain, today[i++ % today.length]!),
    20,
  );
  const s1 = await stats();
  const cold = await measure(
    'send, touch non-HOT (1st message of a day)',
    N,
    () => send(plain, firstOfDay[j++]!),
    20,
  );
  const s2 = await stats();
  rows.push(hot, cold);
  for (let k = 0; k < N; k++) await send(probe('HOT touch'), today[k % today.length]!);
  for (const id of probeOld) await send(probe('non-HOT touch'), id);

  console.log(
    `\n${ROOMS} rooms for one recruiter (${rooms} in the 'interested' tab), ${N} sequential runs each, PostgreSQL\n`,
  );
  console.log(table(rows));
  console.log(
    `\nwhole scroll of the tab: ${pages} pages, ${rooms} rooms, ${walkMs.toFixed(0)} ms (${(walkMs / pages).toFixed(2)} ms a page)`,
  );
  const pct = (a: { upd: number; hot: number }, b: { upd: number; hot: number }) =>
    `${b.hot - a.hot} of ${b.upd - a.upd} room updates HOT`;
  console.log(`HOT sends: ${pct(s0, s1)}; first-of-day sends: ${pct(s1, s2)}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const [label, w] of Object.entries(wal))
    console.log(
      `WAL per send, ${label}: ${median(w.records)} records, ${median(w.bytes)} bytes (median of ${w.records.length})`,
    );

  if (process.env.BENCH_EXPLAIN !== '0') {
    const explain = async (label: string, sql: string, params: unknown[]) => {
      const plan = await db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
        params,
      );
      console.log(`\n--- EXPLAIN ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    };
    await explain('before: 200 newest of a tab', before, [recruiter, 'interested']);
    // The page statement as chatList sends it: captured from one call.
    const capture = (cursorOf: string | null) => {
      let sql = '';
      let params: unknown[] = [];
      const q: Queryable = {
        async query<T>(text: string, values: unknown[] = []) {
          sql = text;
          params = values;
          return db.query<T>(text, values);
        },
      };
      return chatList(q, recruiter, { ...tab, ...(cursorOf ? { cursor: cursorOf } : {}) }).then(
        () => ({ sql, params }),
      );
    };
    // Page 100 of a scroll begun now (nothing moved since).
    let fresh: string | null = null;
    for (let p = 0; p < 99; p++)
      fresh = (await chatList(db, recruiter, { ...tab, ...(fresh ? { cursor: fresh } : {}) }))
        .nextCursor;
    for (const [label, c] of [
      ['page 1 of a tab', null],
      ['page 100 of a tab', fresh],
      ['page 2, 500 rooms moved since page 1', first.nextCursor],
    ] as const) {
      const { sql, params } = await capture(c);
      await explain(label, sql, params);
    }
  }
} finally {
  await client.end();
  await db.close();
  await scratch.drop();
}
