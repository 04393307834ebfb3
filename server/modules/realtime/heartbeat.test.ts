import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME } from '#shared/limits.ts';
import { listeningTestApp, type TestApp } from '../../test/app.ts';
import { chatPair } from '../../test/chat.ts';
import { connectWs } from '../../test/ws.ts';

// The server's heartbeat with the real sweep, shortened: silent for over 400 ms (instead of
// 60 s) ends a socket, the sweep running every 100 ms (instead of 15 s).
const IDLE_MS = 400;
let t: TestApp;
let base: string;
beforeAll(async () => {
  ({ t, base } = await listeningTestApp(
    {},
    { heartbeat: { idleTimeoutMs: IDLE_MS, sweepEveryMs: 100 } },
  ));
});
afterAll(async () => {
  await t.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('realtime heartbeat', () => {
  it('the defaults: 60 s of silence ends a socket, and the web app pings well inside that', () => {
    expect(REALTIME.idleTimeoutMs).toBe(60_000);
    expect(REALTIME.sweepEveryMs).toBeLessThan(REALTIME.idleTimeoutMs);
    expect(REALTIME.clientPingEveryMs * 2).toBeLessThan(REALTIME.idleTimeoutMs);
  });

  it('ends a silent socket, and its partner sees the user go offline', async () => {
    const { r, s } = await pair();
    const partner = await connectWs(base, r.cookie);
    await partner.next((e) => e.type === 'hello');
    // A phone that lost its network: it sends nothing and does not answer the server's pings.
    const silent = await connectWs(base, s.cookie, undefined, { autoPong: false });
    await silent.next((e) => e.type === 'hello');
    expect(await partner.next((e) => e.type === 'presence' && e.online)).toMatchObject({
      userId: s.id,
    });

    const started = Date.now();
    // Terminated, not closed: a dead peer would never finish a close handshake.
    expect(await silent.closed).toBe(1006);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 150);
    expect(
      await partner.next((e) => e.type === 'presence' && e.userId === s.id && !e.online),
    ).toMatchObject({ online: false });
    // What chat lists and job cards read.
    expect(await t.ctx.bus.online([s.id, r.id])).toEqual(new Set([r.id]));
    partner.close();
  });

  it("keeps a socket that pings, and one that answers the server's protocol pings", async () => {
    const { r, s } = await pair();
    // The web app's way: a 'ping' text frame now and then (here every 100 ms), no protocol pongs.
    const pinging = await connectWs(base, s.cookie, undefined, { autoPong: false });
    await pinging.next((e) => e.type === 'hello');
    const pings = setInterval(() => pinging.socket.send('ping'), 100);
    // A browser tab whose timers are throttled still answers protocol pings by itself.
    const answering = await connectWs(base, r.cookie);
    await answering.next((e) => e.type === 'hello');

    await sleep(IDLE_MS * 3);
    clearInterval(pings);
    expect(pinging.socket.readyState).toBe(pinging.socket.OPEN);
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    expect(
      answering.events.some((e) => e.type === 'presence' && e.userId === s.id && !e.online),
    ).toBe(false);
    pinging.close();
    answering.close();
  });
});

const pair = () => chatPair(t, base, 'Heartbeat Seeker');
