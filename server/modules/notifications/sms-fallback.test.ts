import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { english } from '#shared/i18n/messages.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { chatPair } from '../../test/chat.ts';
import { chooseLanguage, type TestUser } from '../../test/users.ts';
import { HOUR, MINUTE, testClock } from '../../test/clock.ts';
import { connectWs } from '../../test/ws.ts';
import { ist } from './quiet-hours.ts';
import { enqueue } from './queue.ts';
import { newAdmin } from '../moderation/moderation.test-helpers.ts';

// The SMS fallback with a clock the test moves (no sleeps): the worker runs only when drained, at
// the clock's time. Messages are given the send time the story needs (their sent_at); everything
// else goes through the API.
const clock = testClock();
let t: TestApp;
let base: string;

beforeAll(async () => {
  ({ t, base } = await listeningTestApp({}, { notifications: { clock, poll: false } }));
});
afterAll(async () => {
  await t.close();
});

/** A day after today in IST at this wall-clock time: always ahead of the real time. */
function tomorrowAt(time: string, plusDays = 1): Date {
  const day = new Date(Date.now() + 5.5 * HOUR + plusDays * 24 * HOUR).toISOString().slice(0, 10);
  return ist(`${day} ${time}`);
}
const at = (d: Date, plus: number) => new Date(d.getTime() + plus);

async function say(
  app: TestApp,
  u: TestUser,
  room: string,
  message: string,
  sentAt: Date,
): Promise<number> {
  const res = await app.app.inject({
    method: 'POST',
    url: `/api/rooms/${room}/messages`,
    headers: { cookie: u.cookie },
    payload: { clientId: randomUUID(), message },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().message.id as number;
  // Sent at the story's time (the clock stands there too).
  await app.ctx.db.query('UPDATE chat_messages SET sent_at = $2::timestamptz WHERE id = $1', [
    id,
    sentAt.toISOString(),
  ]);
  clock.set(sentAt);
  return id;
}

/** Runs the worker at this moment. */
async function runAt(moment: Date, app: TestApp = t): Promise<void> {
  clock.set(moment);
  await app.ctx.notifications.drain();
}

/** The SMS fallback texts the dev outbox holds for a user, oldest first. */
const smsTo = (u: TestUser) =>
  t.ctx.outbox
    .list(`+91${u.phone}`)
    .filter((e) => e.text.startsWith('New message from'))
    .map((e) => e.text)
    .reverse();

const smsJob = async (room: string, u: TestUser) =>
  (
    await t.ctx.db.query<{ state: string; run_ms: number }>(
      `SELECT state, (extract(epoch FROM run_at) * 1000)::float8 AS run_ms FROM notification_jobs
        WHERE kind = 'sms' AND payload->>'roomId' = $1 AND payload->>'userId' = $2
        ORDER BY id DESC LIMIT 1`,
      [room, u.id],
    )
  )[0];

describe('SMS fallback: a message unread for 30 minutes', () => {
  it('not before 30 minutes; then one SMS with the fixed template and an absolute link to the chat', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(t, r, room, 'Are you free to talk?', c0);
    await runAt(c0);
    expect(smsTo(s)).toEqual([]);
    expect((await smsJob(room, s))!.run_ms).toBe(at(c0, 30 * MINUTE).getTime());
    await runAt(at(c0, 29 * MINUTE));
    expect(smsTo(s)).toEqual([]);
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(s)).toEqual([
      `New message from Test Recruiter on NearHire: http://localhost:3000/jobseeker-chat/${r.id}`,
    ]);
    expect(smsTo(s)[0]).toBe(
      english('notifications.sms.newMessage', {
        name: 'Test Recruiter',
        link: `${t.ctx.config.publicOrigin}/jobseeker-chat/${r.id}`,
      }),
    );
    expect((await smsJob(room, s))!.state).toBe('done');
    // Nothing new: nothing more, however long it stays unread.
    await runAt(at(c0, 40 * HOUR));
    expect(smsTo(s)).toHaveLength(1);
  });

  it('at most one per conversation in 12 hours: a later message waits for the 12 hours (and for 09:00 IST)', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(t, r, room, 'first', c0);
    await runAt(c0);
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(s)).toHaveLength(1);

    await say(t, r, room, 'second', at(c0, HOUR));
    await say(t, r, room, 'third', at(c0, 2 * HOUR));
    await runAt(at(c0, 2 * HOUR));
    await runAt(at(c0, 3 * HOUR));
    expect(smsTo(s)).toHaveLength(1);
    // 12 hours after the first SMS is 22:30 IST: quiet hours, so 09:00 the next morning.
    const nine = tomorrowAt('09:00', 2);
    expect((await smsJob(room, s))!.run_ms).toBe(nine.getTime());
    await runAt(at(c0, 12 * HOUR + 31 * MINUTE));
    await runAt(at(nine, -MINUTE));
    expect(smsTo(s)).toHaveLength(1);
    await runAt(nine);
    expect(smsTo(s)).toHaveLength(2);
    await runAt(at(nine, 20 * HOUR));
    expect(smsTo(s)).toHaveLength(2);
  });

  it('none when the message is read in time', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('11:00');
    const id = await say(t, r, room, 'read me', c0);
    await runAt(c0);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/rooms/${room}/read`,
      headers: { cookie: s.cookie },
      payload: { upTo: id },
    });
    expect(read.statusCode).toBe(204);
    await runAt(at(c0, 30 * MINUTE));
    await runAt(at(c0, 13 * HOUR));
    expect(smsTo(s)).toEqual([]);
    expect((await smsJob(room, s))!.state).toBe('done');
  });

  it('the wait runs from the oldest unread message: read the first, the second still earns one', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('11:00');
    const first = await say(t, r, room, 'one', c0);
    await runAt(c0);
    await say(t, r, room, 'two', at(c0, 20 * MINUTE));
    await runAt(at(c0, 20 * MINUTE));
    await t.app.inject({
      method: 'POST',
      url: `/api/rooms/${room}/read`,
      headers: { cookie: s.cookie },
      payload: { upTo: first },
    });
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(s)).toEqual([]);
    await runAt(at(c0, 49 * MINUTE));
    expect(smsTo(s)).toEqual([]);
    await runAt(at(c0, 50 * MINUTE));
    expect(smsTo(s)).toHaveLength(1);
  });

  it('never between 21:00 and 09:00 IST: deferred to 09:00', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const evening = tomorrowAt('20:45');
    await say(t, r, room, 'late message', evening);
    await runAt(evening);
    await runAt(at(evening, 30 * MINUTE)); // 21:15 IST
    await runAt(tomorrowAt('23:59'));
    await runAt(tomorrowAt('08:59', 2));
    expect(smsTo(s)).toEqual([]);
    await runAt(tomorrowAt('09:00', 2));
    expect(smsTo(s)).toHaveLength(1);

    // An early-morning message: unread at 08:30, sent at 09:00.
    const other = await chatPair(t, base, 'Bina Shah');
    const early = tomorrowAt('08:00', 3);
    await say(t, other.r, other.room, 'early', early);
    await runAt(early);
    await runAt(tomorrowAt('08:30', 3));
    await runAt(tomorrowAt('08:59', 3));
    expect(smsTo(other.s)).toEqual([]);
    await runAt(tomorrowAt('09:00', 3));
    expect(smsTo(other.s)).toHaveLength(1);
  });

  it('per conversation: two chats of one seeker each send their own', async () => {
    const a = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('12:00');
    // A second recruiter writes to the same seeker.
    const b = await chatPair(t, base, 'ignored');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: { cookie: b.r.cookie },
      payload: { seekerId: a.s.id },
    });
    const room2 = res.json().room.id as string;
    await say(t, a.r, a.room, 'from A', c0);
    await say(t, b.r, room2, 'from B', c0);
    await runAt(c0);
    await runAt(at(c0, 30 * MINUTE));
    // Both are due at the same minute: their order is the queue's, not part of the rule.
    const sent = smsTo(a.s);
    expect(sent).toHaveLength(2);
    expect(sent).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`/jobseeker-chat/${a.r.id}`),
        expect.stringContaining(`/jobseeker-chat/${b.r.id}`),
      ]),
    );
  });

  it('a recruiter gets one too, linking to the recruiter side of the chat', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('15:00');
    await say(t, s, room, 'I applied yesterday', c0);
    await runAt(c0);
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(r)).toEqual([
      `New message from Asha Rao on NearHire: http://localhost:3000/recruiter-messages/chat/${s.id}`,
    ]);
  });

  it('names the sender by the letters of their name only: digits and links of an older name stay out', async () => {
    // Saved before names were letters only (a name given today is refused with them).
    const { r, s, room } = await chatPair(t, base, 'Pay Rs499 KYC fee bit.ly/nhkyc');
    const c0 = tomorrowAt('16:00');
    await say(t, s, room, 'Hello sir', c0);
    await runAt(c0);
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(r)).toEqual([
      `New message from Pay Rs KYC fee bit ly nhkyc on NearHire: http://localhost:3000/recruiter-messages/chat/${s.id}`,
    ]);
  });

  it('not while the recipient has the app open: looked at again after another 30 minutes', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('13:00');
    await say(t, r, room, 'you are online', c0);
    await runAt(c0);
    const ws = await connectWs(base, s.cookie);
    await runAt(at(c0, 30 * MINUTE));
    expect(smsTo(s)).toEqual([]);
    ws.close();
    await ws.closed;
    for (let i = 0; i < 50 && (await t.ctx.bus.online([s.id])).has(s.id); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // Looked at again 30 minutes after that check (the clock runs on: a second of slack).
    await runAt(at(c0, 59 * MINUTE));
    expect(smsTo(s)).toEqual([]);
    await runAt(at(c0, 60 * MINUTE + 1000));
    expect(smsTo(s)).toHaveLength(1);
  });
});

describe('turning SMS off', () => {
  it('a user who turned SMS off gets none, also for a message scheduled before', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(t, r, room, 'scheduled while on', c0);
    await runAt(c0);
    const off = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/notifications',
      headers: { cookie: s.cookie },
      payload: { sms: false },
    });
    expect(off.json()).toEqual({ push: true, sms: false });
    await say(t, r, room, 'sent while off', at(c0, 5 * MINUTE));
    await runAt(at(c0, 5 * MINUTE));
    await runAt(at(c0, 2 * HOUR));
    expect(smsTo(s)).toEqual([]);
  });
});

describe('never into a closed conversation', () => {
  const api = async (u: TestUser, method: 'POST' | 'DELETE', url: string, payload: object) => {
    const res = await t.app.inject({ method, url, headers: { cookie: u.cookie }, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  const smsJobs = async (room: string) =>
    (
      await t.ctx.db.query<{ state: string }>(
        `SELECT state FROM notification_jobs WHERE kind = 'sms' AND payload->>'roomId' = $1`,
        [room],
      )
    ).map((j) => j.state);

  // Each story: the recruiter writes at 10:00, something closes the conversation before the
  // 30 minutes are up, and no SMS goes then or later; the check ends done, not failed or pending.
  const suspend = async (userId: string) =>
    api(await newAdmin(t), 'POST', '/api/admin/actions', {
      action: 'suspend',
      userId,
      reason: 'x',
    });
  const stories: [string, (p: Awaited<ReturnType<typeof chatPair>>) => Promise<void>][] = [
    [
      'the seeker blocks the recruiter',
      ({ r, s }) => api(s, 'POST', '/api/blocks', { userId: r.id }),
    ],
    [
      'the recruiter blocks the seeker',
      ({ r, s }) => api(r, 'POST', '/api/blocks', { userId: s.id }),
    ],
    ['a moderator suspends the seeker', ({ s }) => suspend(s.id)],
    ['a moderator suspends the recruiter', ({ r }) => suspend(r.id)],
    // Held after three reports: the recruiter "reaches no seeker until a moderator decides"
    // (decision 028), so what they wrote before the hold is not pressed on the seeker by SMS. How a
    // hold comes about is the reports' business; here it is set as they set it.
    [
      'the recruiter is held after reports',
      async ({ r }) => {
        await t.ctx.db.query('UPDATE users SET held_at = now() WHERE id = $1', [r.id]);
      },
    ],
    [
      'the seeker deletes their account',
      ({ s }) => api(s, 'DELETE', '/api/me', { confirm: 'DELETE' }),
    ],
    [
      'the recruiter deletes their account',
      ({ r }) => api(r, 'DELETE', '/api/me', { confirm: 'DELETE' }),
    ],
  ];

  it.each(stories)('%s: no SMS, then or later', async (_story, close) => {
    const pair = await chatPair(t, base, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(t, pair.r, pair.room, 'Are you free to talk?', c0);
    await runAt(c0);
    expect(await smsJobs(pair.room)).toEqual(['pending']);
    await close(pair);
    await runAt(at(c0, 30 * MINUTE));
    await runAt(at(c0, 13 * HOUR));
    await runAt(at(c0, 24 * HOUR));
    expect(smsTo(pair.s)).toEqual([]);
    // A deleted account takes its rooms and their jobs' subject with it: done, or gone.
    expect((await smsJobs(pair.room)).filter((state) => state !== 'done')).toEqual([]);
  });

  it('a recruiter held after reports is not told by SMS of a reply they may not answer', async () => {
    const { r, s, room } = await chatPair(t, base, 'Asha Rao');
    await t.ctx.db.query('UPDATE users SET held_at = now() WHERE id = $1', [r.id]);
    const c0 = tomorrowAt('11:00');
    // The seeker writes into the held recruiter's conversation: the recruiter cannot answer it
    // while held, so no SMS tells them to.
    await say(t, s, room, 'Hello, any update?', c0);
    await runAt(c0);
    await runAt(at(c0, 31 * MINUTE));
    expect(smsTo(r)).toEqual([]);
    expect((await smsJobs(room)).filter((state) => state !== 'done')).toEqual([]);
  });
});

describe('09:00 IST, with a night of SMS waiting', () => {
  it('every conversation deferred overnight gets its one SMS at 09:00, none before, none twice', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        chatPair(t, base, `Night Seeker ${'abcdefghij'[i % 10]}`),
      ),
    );
    const night = tomorrowAt('22:00');
    for (const [i, p] of pairs.entries())
      await say(t, p.r, p.room, `late message ${i}`, at(night, i * MINUTE));
    await runAt(at(night, 40 * MINUTE));
    await runAt(at(night, 3 * HOUR));
    await runAt(tomorrowAt('08:59', 2));
    expect(pairs.flatMap((p) => smsTo(p.s))).toEqual([]);
    const nine = tomorrowAt('09:00', 2);
    const due = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_jobs
        WHERE kind = 'sms' AND state = 'pending' AND run_at = $1::timestamptz
          AND payload->>'roomId' = ANY($2::text[])`,
      [nine.toISOString(), pairs.map((p) => p.room)],
    );
    expect(due[0]!.n).toBe(40);
    // One run at 09:00 sends them all (batch after batch), each once.
    await runAt(nine);
    for (const p of pairs) expect(smsTo(p.s)).toHaveLength(1);
    await runAt(at(nine, 12 * HOUR));
    await runAt(tomorrowAt('09:00', 3));
    for (const p of pairs) expect(smsTo(p.s)).toHaveLength(1);
  });
});

// The gateway played over HTTP (as in server/adapters/sms.test.ts): the fallback goes through the
// configured driver with its own DLT template, and a failing gateway is retried with backoff.
describe('through the HTTP SMS gateway', () => {
  let gw: Server;
  let g: TestApp;
  let gBase: string;
  const received: { body: Record<string, unknown> }[] = [];
  const ok = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"type":"success"}');
  };
  let answer = ok;

  beforeAll(async () => {
    gw = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as {
          recipients: { mobiles: string; otp?: string }[];
        };
        // Login codes go through this gateway too: handed to the outbox the test helpers read.
        const [to] = body.recipients;
        if (to?.otp) {
          g.ctx.outbox.add({ channel: 'sms', to: `+${to.mobiles}`, text: `${to.otp} code` });
          res.end('{"type":"success"}');
          return;
        }
        received.push({ body });
        answer(res);
      });
    });
    await new Promise<void>((resolve) => gw.listen(0, '127.0.0.1', () => resolve()));
    const url = `http://127.0.0.1:${(gw.address() as AddressInfo).port}/api/v5/flow`;
    ({ t: g, base: gBase } = await listeningTestApp(
      {
        sms: {
          driver: 'http',
          url,
          authKey: 'k',
          senderId: 'NRHIRE',
          templateId: 'tmpl-login',
          notifyTemplateId: 'tmpl-notify',
          notifyTemplateIdHi: 'tmpl-notify-hi',
        },
      },
      { notifications: { clock, poll: false } },
    ));
  });
  afterAll(async () => {
    await g.close();
    gw.closeAllConnections();
    await new Promise<void>((resolve) => gw.close(() => resolve()));
  });

  it("a message stored while its conversation's SMS is being sent still gets its own, 12 hours on", async () => {
    const { r, s, room } = await chatPair(g, gBase, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(g, r, room, 'first', c0);
    await runAt(c0, g);
    const before = received.length;
    // While the gateway holds the first SMS, the recruiter writes again and that message's own
    // job runs (another worker): its SMS check finds this one pending and adds none.
    let added: boolean | undefined;
    answer = (res) => {
      void (async () => {
        const second = await say(g, r, room, 'second, during the send', at(c0, 31 * MINUTE));
        // Its message job, run by that other worker now: done, having tried to add the check.
        await g.ctx.db.query(
          `UPDATE notification_jobs SET state = 'done', finished_at = now()
            WHERE kind = 'message' AND (payload->>'messageId')::bigint = $1`,
          [second],
        );
        added = await enqueue(g.ctx.db, {
          kind: 'sms',
          payload: { roomId: room, userId: s.id },
          runAt: at(c0, 61 * MINUTE),
          dedupeKey: `sms:${room}:${s.id}`,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"type":"success"}');
      })();
    };
    await runAt(at(c0, 31 * MINUTE), g);
    answer = ok;
    expect(added).toBe(false);
    expect(received.length).toBe(before + 1);
    // The second message still earns one once the 12 hours since the first allow it: 22:31 IST,
    // so at 09:00 the next morning.
    await runAt(at(c0, 12 * HOUR + 31 * MINUTE), g);
    expect(received.length).toBe(before + 1);
    await runAt(at(c0, 23 * HOUR + MINUTE), g);
    expect(received.length).toBe(before + 2);
    received.length = 0;
  });

  it("a Hindi reader's SMS goes with the Hindi DLT template (SMS_NOTIFY_TEMPLATE_ID_HI), an English reader's with the English one", async () => {
    const { r, s, room } = await chatPair(g, gBase, 'Asha Rao');
    await chooseLanguage(g, s.cookie, 'hi');
    const c0 = tomorrowAt('11:00');
    await say(g, r, room, 'kal milte hain', c0);
    await say(g, s, room, 'ji, zaroor', at(c0, MINUTE));
    await runAt(at(c0, MINUTE), g);
    received.length = 0;
    await runAt(at(c0, 32 * MINUTE), g);
    // The gateway sends the template registered for the reader's language; its variables are the
    // same, so the sender's name and the link reach the Hindi text too.
    const sent = received.map((m) => m.body as { template_id: string; recipients: object[] });
    expect(
      sent
        .map((b) => ({ template: b.template_id, to: b.recipients }))
        .sort((a, b) => a.template.localeCompare(b.template)),
    ).toEqual([
      {
        template: 'tmpl-notify',
        to: [
          {
            mobiles: `91${r.phone}`,
            name: 'Asha Rao',
            link: `http://localhost:3000/recruiter-messages/chat/${s.id}`,
          },
        ],
      },
      {
        template: 'tmpl-notify-hi',
        to: [
          {
            mobiles: `91${s.phone}`,
            name: 'Test Recruiter',
            link: `http://localhost:3000/jobseeker-chat/${r.id}`,
          },
        ],
      },
    ]);
    received.length = 0;
  });

  it('posts the notify template with name and link; a 500 is retried after 30 s, then sent once', async () => {
    const { r, s, room } = await chatPair(g, gBase, 'Asha Rao');
    const c0 = tomorrowAt('10:00');
    await say(g, r, room, 'hello over http', c0);
    await runAt(c0, g);
    answer = (res) => {
      res.writeHead(500);
      res.end('down');
    };
    await runAt(at(c0, 30 * MINUTE), g);
    expect(received).toHaveLength(1);
    await runAt(at(c0, 30 * MINUTE + 29_000), g);
    expect(received).toHaveLength(1);
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"type":"success"}');
    };
    await runAt(at(c0, 31 * MINUTE), g);
    await runAt(at(c0, 5 * HOUR), g);
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toEqual({
      template_id: 'tmpl-notify',
      sender: 'NRHIRE',
      short_url: '0',
      recipients: [
        {
          mobiles: `91${s.phone}`,
          name: 'Test Recruiter',
          link: `http://localhost:3000/jobseeker-chat/${r.id}`,
        },
      ],
    });
    const [job] = await g.ctx.db.query<{ state: string; attempts: number }>(
      `SELECT state, attempts FROM notification_jobs WHERE kind = 'sms' AND payload->>'roomId' = $1`,
      [room],
    );
    expect(job).toEqual({ state: 'done', attempts: 2 });
  });
});
