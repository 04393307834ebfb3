import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  loginOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../../test/server-process.ts';
import WebSocket from 'ws';
import type { MessageView, ServerFrame, SocketSendReply } from '#shared/schemas/chat.ts';
import { TRUST_LIMITS } from '#shared/limits.ts';

// Half a user's burst of the message limit (TRUST_LIMITS.messages) a side: a failed-over send may
// reach a server twice (socket, then HTTP with the same client id), and each attempt is counted.
const PER_SIDE = Math.floor(TRUST_LIMITS.messages.burst / 2);

// Two real server processes sharing PostgreSQL and Redis. Clients talk to different servers,
// connections drop, one server is killed mid-stream: every acknowledged message must arrive
// exactly once, in order, on both sides. Runs in CI's PostgreSQL + Redis pass.
const ADMIN = process.env.DATABASE_URL!;
const REDIS = process.env.REDIS_URL!;
const dbName = `nearhire_failover_${randomUUID().slice(0, 8)}`;
let dbUrl: string;
const servers: ServerProcess[] = [];

const startServer = () =>
  startServerProcess({
    databaseUrl: dbUrl,
    redisUrl: REDIS,
    secretKey: 'failover-secret-key-failover-secret-key-0123',
    dataDirPrefix: 'nearhire-failover-',
  });

const login = loginOverHttp;

/** The client protocol the web app follows: dedupe by id, catch up after every (re)connect. */
class ChatClient {
  readonly seen = new Map<number, MessageView>();
  private socket: WebSocket | null = null;
  constructor(
    private base: string,
    private readonly cookie: string,
    private readonly roomId: string,
  ) {}
  private take(m: MessageView) {
    if (m.roomId === this.roomId) this.seen.set(m.id, m);
  }
  /** The newest id a fetch returned: fetches have no gaps, live events may. */
  private syncedThrough = 0;
  async connect(base = this.base): Promise<void> {
    this.base = base;
    // Catch up from what was held BEFORE this connection: anything arriving live on the new
    // socket must not move the starting point past a gap.
    const since = this.syncedThrough;
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, {
      headers: { cookie: this.cookie },
    });
    socket.on('message', (raw) => {
      const e = JSON.parse(String(raw)) as ServerFrame;
      if (e.type === 'message.created') this.take(e.message);
      if (e.type === 'message.ack' || e.type === 'message.nack') {
        this.answers.get(e.ref)?.(e);
        this.answers.delete(e.ref);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      // Unanswered socket sends go over HTTP instead, as in the web app.
      for (const answer of this.answers.values()) answer(null);
      this.answers.clear();
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    this.socket = socket;
    await this.sync(since);
  }
  async sync(since = this.syncedThrough): Promise<void> {
    // Re-read a few messages before the watermark (as the web app does): ids are assigned at
    // insert and may commit out of order.
    const below = [...this.seen.keys()].filter((id) => id <= since).sort((a, b) => a - b);
    const from = below.length > 20 ? below[below.length - 21]! : 0;
    const res = await fetch(
      `${this.base}/api/rooms/${this.roomId}/messages?after=${from}&limit=500`,
      {
        headers: { cookie: this.cookie },
      },
    );
    const messages = ((await res.json()) as { messages: MessageView[] }).messages;
    for (const m of messages) this.take(m);
    if (messages.length) this.syncedThrough = Math.max(this.syncedThrough, messages.at(-1)!.id);
  }
  drop(): void {
    this.socket?.terminate();
  }
  private readonly answers = new Map<string, (reply: SocketSendReply | null) => void>();
  /** Over the open socket, like the web app; null when the socket cannot answer in time. */
  private sendOverSocket(clientId: string, text: string): Promise<SocketSendReply | null> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    const ref = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.answers.delete(ref);
        resolve(null);
      }, 3000);
      this.answers.set(ref, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      socket.send(
        JSON.stringify({ type: 'message.send', ref, roomId: this.roomId, clientId, message: text }),
      );
    });
  }
  /**
   * Sends over the socket first; when it cannot answer, over HTTP until acknowledged, failing
   * over to the other server — always with the SAME client id.
   */
  async send(text: string, bases: string[]): Promise<MessageView> {
    const clientId = randomUUID();
    const reply = await this.sendOverSocket(clientId, text);
    if (reply?.type === 'message.ack') {
      this.take(reply.message); // the sending socket gets its message in the ack, not as an event
      return reply.message;
    }
    if (reply?.type === 'message.nack') throw new Error(reply.error.message);
    for (let attempt = 0; attempt < 20; attempt++) {
      const base = bases[attempt % bases.length]!;
      try {
        const res = await fetch(`${base}/api/rooms/${this.roomId}/messages`, {
          method: 'POST',
          headers: { cookie: this.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ clientId, message: text }),
          signal: AbortSignal.timeout(3000),
        });
        if (res.ok) return ((await res.json()) as { message: MessageView }).message;
      } catch {
        // server gone: try the next one
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`not acknowledged: ${text}`);
  }
  close(): void {
    this.socket?.close();
  }
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  servers.push(await startServer(), await startServer());
}, 90_000);

afterAll(async () => {
  for (const s of servers) s.proc.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
});

describe('two servers with Redis', () => {
  it('every acknowledged message arrives exactly once, in order, through drops and a killed server', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const recruiterCookie = await login(a.base, '9444400001');
    const seekerCookie = await login(b.base, '9444400002');
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    await db.query(
      `UPDATE users SET user_role = 'recruiter', is_onboarded = true WHERE phone_no = '+919444400001'`,
    );
    await db.query(
      `UPDATE users SET user_role = 'user', is_onboarded = true WHERE phone_no = '+919444400002'`,
    );
    const seekerId = (await db.query(`SELECT id FROM users WHERE phone_no = '+919444400002'`))
      .rows[0].id as string;
    const room = (await (
      await fetch(`${a.base}/api/rooms`, {
        method: 'POST',
        headers: { cookie: recruiterCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ seekerId }),
      })
    ).json()) as { room: { id: string } };

    const recruiter = new ChatClient(a.base, recruiterCookie, room.room.id);
    const seeker = new ChatClient(b.base, seekerCookie, room.room.id);
    await recruiter.connect();
    await seeker.connect();

    const acked: MessageView[] = [];
    const seekerSends = (async () => {
      for (let i = 1; i <= PER_SIDE; i++) {
        // The seeker talks to server B until it dies, then fails over to A.
        acked.push(await seeker.send(`seeker ${i}`, [b.base, a.base]));
        // Killed while the next send may already be in flight.
        if (i === 2) setTimeout(() => b.proc.kill('SIGKILL'), 5);
        if (i === 3) await seeker.connect(a.base); // its socket died with B: reconnect to A and catch up
      }
    })();
    const recruiterSends = (async () => {
      for (let i = 1; i <= PER_SIDE; i++) {
        acked.push(await recruiter.send(`recruiter ${i}`, [a.base]));
        if (i === 3) {
          recruiter.drop();
          await new Promise((r) => setTimeout(r, 100));
          await recruiter.connect();
        }
      }
    })();
    await Promise.all([seekerSends, recruiterSends]);
    // Live delivery settles; a last sync is what a client does on its next (re)connect.
    await new Promise((r) => setTimeout(r, 500));
    // Before any catch-up: what the seeker sent through B reached the recruiter on A live,
    // through Redis.
    const live = [...recruiter.seen.values()].map((m) => m.message);
    for (let i = 1; i <= 2; i++) expect(live).toContain(`seeker ${i}`);
    await recruiter.sync();
    await seeker.sync();

    const stored = (
      await db.query<{ id: number; client_id: string }>(
        'SELECT id, client_id FROM chat_messages WHERE room_id = $1 ORDER BY id',
        [room.room.id],
      )
    ).rows;
    await db.end();
    expect(stored).toHaveLength(2 * PER_SIDE);
    expect(new Set(stored.map((r) => r.client_id)).size).toBe(2 * PER_SIDE);
    for (const client of [recruiter, seeker]) {
      const ids = [...client.seen.keys()].sort((x, y) => x - y);
      expect(ids).toEqual(stored.map((r) => Number(r.id)));
      for (const m of acked) expect(client.seen.get(m.id)?.message).toBe(m.message);
      // Each side's own messages keep the order they were sent in.
      for (const who of ['seeker', 'recruiter']) {
        const texts = ids
          .map((id) => client.seen.get(id)!.message)
          .filter((t) => t.startsWith(who));
        expect(texts).toEqual(Array.from({ length: PER_SIDE }, (_, i) => `${who} ${i + 1}`));
      }
    }
    recruiter.close();
    seeker.close();
  }, 120_000);
});
