// npm run bench:chat — 1,000 WebSocket clients in 500 pairs against the real server on
// PostgreSQL (and Redis when REDIS_URL is set). In each pair the seeker sends messages over the
// API and the recruiter's socket receives them: persisted messages/s and send-to-delivery
// p50/p99. Then the same clients and pattern against a bare `ws` relay in the same process.
// Pass: the server's delivery p99 within 3x of the bare relay's.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { createSession } from '#server/modules/auth/sessions.ts';
import { scratchDatabase } from './lib.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 500);
const PER_PAIR = Number(process.env.BENCH_MESSAGES ?? 10);
// Each pair sends one message every INTERVAL ms (a busy chat), starting at a random offset, so
// the offered load (PAIRS / INTERVAL) is steady; 0 = as fast as acknowledgements allow.
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 2000);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(name: string, latencies: number[], seconds: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    name,
    messages: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** Runs every pair at once: each seeker sends PER_PAIR messages one after another. */
async function run(
  send: (pair: number, text: string) => Promise<void>,
  onDeliver: (handler: (pair: number, text: string) => void) => void,
) {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let expected = PAIRS * PER_PAIR;
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  onDeliver((_pair, text) => {
    const t0 = sentAt.get(text);
    if (t0 === undefined) return;
    sentAt.delete(text);
    latencies.push(performance.now() - t0);
    if (--expected === 0) done();
  });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: PAIRS }, async (_, pair) => {
      const offset = INTERVAL > 0 ? ((pair * 7919) % PAIRS) * (INTERVAL / PAIRS) : 0;
      await sleep(offset);
      for (let i = 0; i < PER_PAIR; i++) {
        const due = start + offset + i * INTERVAL;
        await sleep(due - performance.now());
        const text = `p${pair}-m${i}-${randomUUID().slice(0, 8)}`;
        sentAt.set(text, performance.now());
        await send(pair, text);
      }
    }),
  );
  await Promise.race([all, new Promise((r) => setTimeout(r, 60_000))]);
  return { latencies, seconds: (performance.now() - start) / 1000, lost: expected };
}

const db = await scratchDatabase('nearhire_bench_chat');
const { app, ctx } = await buildApp({ ...testConfig(), databaseUrl: db.url, logLevel: 'silent' });
try {
  console.log(`setting up ${PAIRS} pairs (${PAIRS * 2} clients)...`);
  await ctx.db.exec(`
    INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step)
      SELECT '+9171' || lpad(g::text, 8, '0'), CASE WHEN g % 2 = 0 THEN 'recruiter' ELSE 'user' END, true, 4
        FROM generate_series(1, ${PAIRS * 2}) g;`);
  const users = await ctx.db.query<{ id: string; user_role: string; phone_no: string }>(
    'SELECT id, user_role, phone_no FROM users ORDER BY phone_no',
  );
  const pairs: {
    recruiter: string;
    seeker: string;
    room: string;
    rCookie: string;
    sCookie: string;
  }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const seeker = users[2 * i]!;
    const recruiter = users[2 * i + 1]!;
    const [room] = await ctx.db.query<{ id: string }>(
      `INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status) VALUES ($1, $2, $2, 'initiated') RETURNING id`,
      [recruiter.id, seeker.id],
    );
    pairs.push({
      recruiter: recruiter.id,
      seeker: seeker.id,
      room: room!.id,
      rCookie: `sid=${await createSession(ctx.db, recruiter.id, '127.0.0.1', 'bench')}`,
      sCookie: `sid=${await createSession(ctx.db, seeker.id, '127.0.0.1', 'bench')}`,
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  // --- the real server: HTTP send, PostgreSQL insert, bus, WebSocket delivery
  const sockets = await Promise.all(
    pairs.flatMap((p) => [
      open(`ws://${base}/api/ws`, { cookie: p.rCookie }),
      open(`ws://${base}/api/ws`, { cookie: p.sCookie }),
    ]),
  );
  const roomPair = new Map(pairs.map((p, i) => [p.room, i]));
  const sendOnce = async (pair: number, text: string) => {
    const p = pairs[pair]!;
    const res = await fetch(`http://${base}/api/rooms/${p.room}/messages`, {
      method: 'POST',
      headers: { cookie: p.sCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID(), message: text }),
    });
    if (res.status !== 201) throw new Error(`send ${res.status}`);
    await res.arrayBuffer();
  };
  // Warm-up: open HTTP keep-alive connections and the database pool, fill caches.
  await Promise.all(pairs.map((_, i) => sendOnce(i, `warm-up ${i}`)));
  const server = await run(sendOnce, (handler) => {
    sockets.forEach((ws, i) => {
      if (i % 2 !== 0) return; // recruiters receive
      ws.on('message', (raw) => {
        const e = JSON.parse(String(raw)) as {
          type: string;
          roomId?: string;
          message?: { message: string };
        };
        if (e.type === 'message.created' && e.message)
          handler(roomPair.get(e.roomId!)!, e.message.message);
      });
    });
  });
  const [stored] = await ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM chat_messages WHERE message NOT LIKE 'warm-up%'`,
  );
  for (const ws of sockets) ws.terminate();

  // --- a bare ws relay: sender → relay → partner, nothing else
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const partner = new Map<number, WebSocket>();
  wss.on('connection', (ws, req) => {
    const [role, pair] = (req.url ?? '').slice(1).split('/');
    if (role === 'r') partner.set(Number(pair), ws);
    ws.on('message', (raw) => {
      const { pair: to, text } = JSON.parse(String(raw)) as { pair: number; text: string };
      partner.get(to)?.send(JSON.stringify({ text }));
      ws.send('ack');
    });
  });
  await new Promise((r) => wss.once('listening', r));
  const relayPort = (wss.address() as AddressInfo).port;
  const relayClients = await Promise.all(
    pairs.flatMap((_, i) => [
      open(`ws://127.0.0.1:${relayPort}/r/${i}`),
      open(`ws://127.0.0.1:${relayPort}/s/${i}`),
    ]),
  );
  const acks = relayClients.map(() => [] as (() => void)[]);
  relayClients.forEach((ws, i) =>
    ws.on('message', (raw) => String(raw) === 'ack' && acks[i]!.shift()?.()),
  );
  const relay = await run(
    (pair, text) =>
      new Promise<void>((resolve) => {
        acks[2 * pair + 1]!.push(resolve);
        relayClients[2 * pair + 1]!.send(JSON.stringify({ pair, text }));
      }),
    (handler) =>
      relayClients.forEach((ws, i) => {
        if (i % 2 === 0)
          ws.on(
            'message',
            (raw) =>
              String(raw) !== 'ack' &&
              handler(i / 2, (JSON.parse(String(raw)) as { text: string }).text),
          );
      }),
  );
  for (const ws of relayClients) ws.terminate();
  wss.close();

  const rows = [
    summary('server (API + PostgreSQL + bus + WebSocket)', server.latencies, server.seconds),
    summary('bare ws relay', relay.latencies, relay.seconds),
  ];
  const offered =
    INTERVAL > 0 ? `${((PAIRS * 1000) / INTERVAL).toFixed(0)} msg/s offered` : 'closed loop';
  console.log(
    `\n${PAIRS * 2} clients, ${PAIRS} pairs x ${PER_PAIR} messages, ${offered}, bus: ${ctx.config.redisUrl ? 'Redis' : 'in-process'}\n`,
  );
  console.log(
    `${'path'.padEnd(46)} ${'delivered'.padStart(9)} ${'msg/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(46)} ${String(r.messages).padStart(9)} ${r.perSecond.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)}`,
    );
  console.log(
    `\npersisted messages: ${stored!.n} (${(stored!.n / server.seconds).toFixed(0)}/s); lost: server ${server.lost}, relay ${relay.lost}`,
  );
  const ratio = rows[0]!.p99 / rows[1]!.p99;
  console.log(
    `delivery p99 ${rows[0]!.p99.toFixed(1)} ms vs bare relay ${rows[1]!.p99.toFixed(1)} ms = ${ratio.toFixed(2)}x ${ratio <= 3 ? 'PASS' : 'FAIL'} (target 3x)`,
  );
  process.exitCode = ratio <= 3 && server.lost === 0 ? 0 : 1;
} finally {
  await app.close();
  await db.drop();
}
