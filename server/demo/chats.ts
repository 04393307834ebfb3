import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import { formatIsoDay } from '#shared/chat-system-text.ts';
import type { Queryable } from '../db/client.ts';

// A few conversations in different hiring statuses, for the demo recruiter and demo seeker.
// Automatic messages (a status change, an interview) are stored as the app stores them: their
// kind and meta, from which each reader's app says them in their language.
type Auto = { status: string } | { interview: { inDays: number; time: string; place: string } };
type Line = [from: 'r' | 's', text: string | Auto, minutesAgo: number];
const CONVERSATIONS: { seeker: 'demo' | number; job: string; status: string; lines: Line[] }[] = [
  {
    seeker: 'demo',
    job: 'Frontend Developer (React)',
    status: 'shortlisted',
    lines: [
      [
        's',
        'Hello Priya, I am interested in the React role. I have 3 years with React and TypeScript.',
        2900,
      ],
      [
        'r',
        'Hi Rahul! Your profile looks great. Are you open to working from our Koramangala office?',
        2880,
      ],
      ['s', 'Yes, I stay in HSR Layout, so it is close.', 2870],
      ['r', { status: 'shortlisted' }, 1500],
      ['r', 'Can you share your GitHub or a project you are proud of?', 95],
    ],
  },
  {
    seeker: 0,
    job: 'QA Engineer',
    status: 'initiated',
    lines: [['s', 'Good morning madam, is this position still open?', 40]],
  },
  {
    seeker: 1,
    job: 'Inside Sales Executive',
    status: 'interviewing',
    lines: [
      ['s', 'I have 2 years of inside sales experience at an edtech company.', 1440 * 2],
      [
        'r',
        {
          interview: { inDays: 3, time: '11:00', place: 'Zenith Softworks, Koramangala 4th Block' },
        },
        1440,
      ],
      ['s', 'Thank you, I will be there.', 1400],
    ],
  },
  {
    seeker: 2,
    job: 'Customer Support Specialist',
    status: 'interested',
    lines: [
      ['r', 'Hi! We liked your profile for our Mysuru support team. Would you like to talk?', 300],
    ],
  },
  {
    seeker: 3,
    job: 'Engineering Manager',
    status: 'hired',
    lines: [
      ['r', 'Congratulations! Your application status has been updated to: Hired', 1440 * 6],
      ['s', 'Thank you so much! Looking forward to joining.', 1440 * 6 - 30],
    ],
  },
];

export async function demoChats(q: Queryable): Promise<void> {
  const [recruiter] = await q.query<{ id: string }>(
    "SELECT id FROM users WHERE phone_no = '+919000000001'",
  );
  const [demoSeeker] = await q.query<{ id: string }>(
    "SELECT id FROM users WHERE phone_no = '+919000000002'",
  );
  const generated = await q.query<{ id: string }>(
    `SELECT user_id AS id FROM seeker_profiles WHERE job_category IN ('software_development', 'sales_bd', 'customer_support')
       AND user_id <> $1 ORDER BY user_id LIMIT 4`,
    [demoSeeker?.id ?? null],
  );
  if (!recruiter || !demoSeeker) return;
  for (const c of CONVERSATIONS) {
    const seekerId = c.seeker === 'demo' ? demoSeeker.id : generated[c.seeker]?.id;
    if (!seekerId) continue;
    const [job] = await q.query<{ id: string }>(
      'SELECT id FROM jobs WHERE recruiter_id = $1 AND title = $2',
      [recruiter.id, c.job],
    );
    const first = c.lines[0]!;
    const [room] = await q.query<{ id: string }>(
      `INSERT INTO chat_rooms (job_id, recruiter_id, seeker_id, created_by, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(mins => $6), now() - make_interval(mins => $7)) RETURNING id`,
      [
        job?.id ?? null,
        recruiter.id,
        seekerId,
        first[0] === 'r' ? recruiter.id : seekerId,
        c.status,
        first[2],
        c.lines.at(-1)![2],
      ],
    );
    for (const [i, [from, line, ago]] of c.lines.entries()) {
      const { kind, text, meta } = demoMessage(line);
      // The newest message of the demo seeker's chat stays unread to show the badge.
      const read = !(c.seeker === 'demo' && i === c.lines.length - 1);
      await q.query(
        `INSERT INTO chat_messages (room_id, sender_id, client_id, kind, message, meta, is_read, sent_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
        [
          room!.id,
          from === 'r' ? recruiter.id : seekerId,
          randomUUID(),
          kind,
          text,
          meta ? JSON.stringify(meta) : null,
          read,
          ago,
        ],
      );
    }
    // What the message insert's room touch records: the reply rate and the 7-day auto-close, and
    // that the seeker wrote here (their consent to share contact details with this recruiter).
    await q.query(
      `UPDATE chat_rooms r SET first_recruiter_reply_at =
         (SELECT min(m.sent_at) FROM chat_messages m WHERE m.room_id = r.id AND m.sender_id = r.recruiter_id),
         seeker_engaged = EXISTS (SELECT 1 FROM chat_messages m WHERE m.room_id = r.id AND m.sender_id = r.seeker_id)
        WHERE r.id = $1`,
      [room!.id],
    );
  }
}

/** A demo line as the chat service would have stored it (chat.service.ts). */
function demoMessage(line: string | Auto): {
  kind: 'text' | 'status' | 'interview';
  text: string;
  meta: Record<string, string> | null;
} {
  if (typeof line === 'string') return { kind: 'text', text: line, meta: null };
  if ('status' in line) {
    const label = english(`pick.roomStatus.${line.status}` as Parameters<typeof english>[0]);
    return {
      kind: 'status',
      text: english('chat.statusMessage', { status: label }),
      meta: { status: line.status },
    };
  }
  const { inDays, time, place } = line.interview;
  const date = new Date(Date.now() + inDays * 86_400_000).toISOString().slice(0, 10);
  return {
    kind: 'interview',
    text: english('chat.interviewMessage', { date: formatIsoDay(date, 'en-IN'), time, place }),
    meta: { date, time, place },
  };
}
