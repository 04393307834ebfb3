// npm run bench:chat — 1,000 WebSocket clients in 500 pairs against the real server on
// PostgreSQL (and Redis when REDIS_URL is set). In each pair the seeker sends messages and the
// recruiter's socket receives them: persisted messages/s, send-to-delivery p50/p99 and
// send-to-acknowledgement p50/p99. The clients run in a separate process (bench/chat-clients.ts)
// so they do not share the server's event loop. Paths: the app's own (messages sent over the tab's
// WebSocket), the HTTP send the app falls back to, and a bare `ws` relay served by this same
// process to the same clients, the app and the relay in alternating rounds. Pass: the app's
// delivery p99 within 3x of the bare relay's. A third path in each round is the floor under the
// app's: its durable insert alone, on PostgreSQL at the same pace, with no socket at all.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { buildApp } from '#server/app.ts';
import { testConfig } from '#server/config.ts';
import { createSession } from '#server/modules/auth/sessions.ts';
import { insertMessage } from '#server/modules/chat/messages.repo.ts';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ClientResult, Plan } from './chat-clients.ts';
import { scratchDatabase } from './lib.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 500);
const PER_PAIR = Number(process.env.BENCH_MESSAGES ?? 10);
// Each pair sends one message every INTERVAL ms (a busy chat), starting at staggered offsets, so
// the offered load (PAIRS / INTERVAL) is steady.
const INTERVAL = Number(process.env.BENCH_INTERVAL_MS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

const work = mkdtempSync(path.join(tmpdir(), 'bench-chat-'));
/** Runs the load generator for one path and returns what it measured. */
function runClients(plan: Plan): Promise<ClientResult> {
  const file = path.join(work, `${plan.mode}.json`);
  writeFileSync(file, JSON.stringify(plan));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'chat-clients.ts'), file],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += String(d)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ClientResult)
        : reject(new Error(`clients exited ${code}`)),
    );
  });
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
  const plan = (mode: Plan['mode'], at: string): Plan => ({
    mode,
    base: at,
    perPair: PER_PAIR,
    intervalMs: INTERVAL,
    pairs: pairs.map((p) => ({ room: p.room, rCookie: p.rCookie, sCookie: p.sCookie })),
  });
  const countBench = async () =>
    (
      await ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM chat_messages WHERE message LIKE 'bench %'`,
      )
    )[0]!.n;

  // --- a bare ws relay: sender → relay → partner (and an answer to the sender), nothing else
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  const partner = new Map<number, WebSocket>();
  wss.on('connection', (ws, req) => {
    const [role, pair] = (req.url ?? '').slice(1).split('/');
    if (role === 'r') partner.set(Number(pair), ws);
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { ref: string; pair: number; text: string };
      partner.get(frame.pair)?.send(JSON.stringify({ text: frame.text }));
      ws.send(JSON.stringify({ ref: frame.ref }));
    });
  });
  await new Promise((r) => wss.once('listening', r));
  const relayBase = `127.0.0.1:${(wss.address() as AddressInfo).port}`;

  // The app and the relay take turns, ROUNDS times each, so a noisy moment on this shared
  // machine lands on both; each path's percentiles are over all of its rounds.
  const merge = (parts: ClientResult[]): ClientResult => ({
    delivery: parts.flatMap((p) => p.delivery),
    ack: parts.flatMap((p) => p.ack),
    seconds: parts.reduce((n, p) => n + p.seconds, 0),
    lost: parts.reduce((n, p) => n + p.lost, 0),
    errors: parts.flatMap((p) => p.errors),
  });
  // The floor: the app's own insert (one prepared statement, committed durably) at the same pace
  // and from the same rooms, with no socket, no bus and no load generator running.
  const insertAlone = async (): Promise<ClientResult> => {
    const n = PAIRS * PER_PAIR;
    const latency: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const at = start + (i * INTERVAL) / PAIRS;
        await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
        const pair = pairs[((i % PAIRS) * 7919) % PAIRS]!;
        const t0 = performance.now();
        await insertMessage(ctx.db, {
          roomId: pair.room,
          senderId: pair.seeker,
          clientId: randomUUID(),
          kind: 'text',
          message: `floor ${i}`,
        });
        latency.push(performance.now() - t0);
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    return { delivery: latency, ack: latency, seconds, lost: 0, errors: [] };
  };

  const socketRounds: ClientResult[] = [];
  const relayRounds: ClientResult[] = [];
  const floorRounds: ClientResult[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(
      `round ${round}/${ROUNDS}: the app (socket sends), the bare relay, the insert alone...`,
    );
    socketRounds.push(await runClients(plan('socket', base)));
    relayRounds.push(await runClients(plan('relay', relayBase)));
    floorRounds.push(await insertAlone());
  }
  wss.close();
  const socket = merge(socketRounds);
  const relay = merge(relayRounds);
  const floor = merge(floorRounds);
  const storedSocket = await countBench();
  console.log('once more over HTTP (the fallback), for comparison...');
  const http = await runClients(plan('http', base));
  const storedHttp = (await countBench()) - storedSocket;

  const rows = [
    { name: 'app: socket send + PostgreSQL + bus + WebSocket', r: socket },
    { name: 'app: HTTP send (fallback) + same', r: http },
    { name: 'bare ws relay', r: relay },
    { name: "floor: the app's durable insert alone", r: floor },
  ];
  const offered = `${((PAIRS * 1000) / INTERVAL).toFixed(0)} msg/s offered`;
  console.log(
    `\n${PAIRS * 2} clients (separate process), ${PAIRS} pairs x ${PER_PAIR} messages x ${ROUNDS} rounds (HTTP: 1), ${offered}, bus: ${ctx.config.redisUrl ? 'Redis' : 'in-process'}\n`,
  );
  const cols = ['delivered', 'msg/s', 'p50 ms', 'p99 ms', 'ack p50', 'ack p99'];
  console.log(`${'path'.padEnd(50)} ${cols.map((c) => c.padStart(9)).join(' ')}`);
  for (const { name, r } of rows)
    console.log(
      `${name.padEnd(50)} ${[
        String(r.delivery.length),
        (r.delivery.length / r.seconds).toFixed(0),
        percentile(r.delivery, 50).toFixed(2),
        percentile(r.delivery, 99).toFixed(2),
        percentile(r.ack, 50).toFixed(2),
        percentile(r.ack, 99).toFixed(2),
      ]
        .map((c) => c.padStart(9))
        .join(' ')}`,
    );
  console.log(
    `\npersisted: socket path ${storedSocket} (${(storedSocket / socket.seconds).toFixed(0)}/s), HTTP path ${storedHttp}; lost: socket ${socket.lost}, http ${http.lost}, relay ${relay.lost}; send errors: ${socket.errors.length + http.errors.length + relay.errors.length}`,
  );
  for (const e of [...socket.errors, ...http.errors, ...relay.errors].slice(0, 5))
    console.log(`  ${e}`);
  const p99 = percentile(socket.delivery, 99);
  const bare = percentile(relay.delivery, 99);
  const ratio = p99 / bare;
  console.log(
    `delivery p99 ${p99.toFixed(2)} ms vs bare relay ${bare.toFixed(2)} ms = ${ratio.toFixed(2)}x ${ratio <= 3 ? 'PASS' : 'FAIL'} (target 3x)`,
  );
  const floorP99 = percentile(floor.delivery, 99);
  console.log(
    `the durable insert alone (no sockets): p99 ${floorP99.toFixed(2)} ms = ${(floorP99 / bare).toFixed(2)}x the bare relay`,
  );
  process.exitCode =
    ratio <= 3 && socket.lost === 0 && storedSocket === ROUNDS * PAIRS * PER_PAIR ? 0 : 1;
} finally {
  await app.close();
  await db.drop();
  rmSync(work, { recursive: true, force: true });
}
