// The load generator of `npm run bench:chat`, in its own process so that 1,000 client sockets do
// not share an event loop with the server they measure. bench/chat.ts starts it once per path
// with a plan file; it prints one JSON line of results.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface Plan {
  /** socket: sends over the app's WebSocket; http: POST /api/rooms/:id/messages; relay: bare ws. */
  mode: 'socket' | 'http' | 'relay';
  base: string;
  perPair: number;
  intervalMs: number;
  pairs: { room: string; rCookie: string; sCookie: string }[];
}

export interface ClientResult {
  delivery: number[];
  ack: number[];
  seconds: number;
  lost: number;
  errors: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

// Each pair connects from its own loopback address (Linux routes all of 127/8 to lo), as real
// phones come from their own networks: the server's per-IP limits (docs/security.md) see one pair
// per address, as they would see one household, instead of 1,000 clients on one address.
const addressOf = (pair: number) => `127.0.${1 + Math.floor(pair / 250)}.${2 + (pair % 250)}`;

function open(url: string, pair: number, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, localAddress: addressOf(pair) });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A POST from the pair's own address (fetch cannot pick its local address). */
function post(
  url: string,
  pair: number,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, localAddress: addressOf(pair) }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Plan;
const { mode, base, pairs } = plan;
const errors: string[] = [];

// Receivers (recruiters) and senders (seekers), one socket each.
const receivers = await Promise.all(
  pairs.map((p, i) =>
    mode === 'relay'
      ? open(`ws://${base}/r/${i}`, i)
      : open(`ws://${base}/api/ws`, i, { cookie: p.rCookie }),
  ),
);
const senders = await Promise.all(
  pairs.map((p, i) =>
    mode === 'relay'
      ? open(`ws://${base}/s/${i}`, i)
      : open(`ws://${base}/api/ws`, i, { cookie: p.sCookie }),
  ),
);

// Answers to socket sends, by reference.
const waiting = new Map<string, (ok: boolean, detail: string) => void>();
for (const ws of senders)
  ws.on('message', (raw) => {
    const text = String(raw);
    if (mode === 'relay') {
      const { ref } = JSON.parse(text) as { ref: string };
      waiting.get(ref)?.(true, '');
      waiting.delete(ref);
      return;
    }
    const frame = JSON.parse(text) as { type: string; ref?: string; error?: { message: string } };
    if (frame.ref && (frame.type === 'message.ack' || frame.type === 'message.nack')) {
      waiting.get(frame.ref)?.(frame.type === 'message.ack', frame.error?.message ?? '');
      waiting.delete(frame.ref);
    }
  });

let delivered: (text: string) => void = () => {};
for (const ws of receivers)
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as {
      type?: string;
      text?: string;
      message?: { message: string };
    };
    if (mode === 'relay') return frame.text && delivered(frame.text);
    if (frame.type === 'message.created' && frame.message) delivered(frame.message.message);
  });

async function send(pair: number, text: string): Promise<void> {
  const p = pairs[pair]!;
  if (mode === 'http') {
    const res = await post(
      `http://${base}/api/rooms/${p.room}/messages`,
      pair,
      { cookie: p.sCookie, 'content-type': 'application/json' },
      JSON.stringify({ clientId: randomUUID(), message: text }),
    );
    if (res.status !== 201) throw new Error(`send ${res.status}`);
    return;
  }
  const ref = randomUUID();
  const answered = new Promise<void>((resolve, reject) =>
    waiting.set(ref, (ok, detail) => (ok ? resolve() : reject(new Error(detail)))),
  );
  senders[pair]!.send(
    JSON.stringify(
      mode === 'relay'
        ? { ref, pair, text }
        : { type: 'message.send', ref, roomId: p.room, clientId: randomUUID(), message: text },
    ),
  );
  await answered;
}

/** Every pair at once; each seeker sends `count` messages, one every intervalMs. */
async function round(count: number, label: string): Promise<ClientResult> {
  const sentAt = new Map<string, number>();
  const delivery: number[] = [];
  const ack: number[] = [];
  let expected = pairs.length * count;
  let done!: () => void;
  const all = new Promise<void>((r) => (done = r));
  delivered = (text) => {
    const t0 = sentAt.get(text);
    if (t0 === undefined) return;
    sentAt.delete(text);
    delivery.push(performance.now() - t0);
    if (--expected === 0) done();
  };
  const { intervalMs } = plan;
  const start = performance.now();
  await Promise.all(
    pairs.map(async (_, pair) => {
      // Staggered starts keep the offered load steady at pairs / interval.
      const offset =
        intervalMs > 0 ? ((pair * 7919) % pairs.length) * (intervalMs / pairs.length) : 0;
      for (let i = 0; i < count; i++) {
        await sleep(start + offset + i * intervalMs - performance.now());
        const text = `${label} p${pair}-m${i}-${randomUUID().slice(0, 8)}`;
        const t0 = performance.now();
        sentAt.set(text, t0);
        try {
          await send(pair, text);
          ack.push(performance.now() - t0);
        } catch (err) {
          errors.push(String(err));
        }
      }
    }),
  );
  await Promise.race([all, sleep(30_000)]);
  return { delivery, ack, seconds: (performance.now() - start) / 1000, lost: expected, errors };
}

await round(2, 'warm-up');
errors.length = 0;
const result = await round(plan.perPair, 'bench');
for (const ws of [...receivers, ...senders]) ws.terminate();
process.stdout.write(`${JSON.stringify(result)}\n`);
