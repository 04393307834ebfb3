import WebSocket, { type ClientOptions } from 'ws';
import type { ServerFrame } from '#shared/schemas/chat.ts';

/** A real WebSocket client that records every event it receives. */
export interface WsClient {
  events: ServerFrame[];
  socket: WebSocket;
  /** Resolves with the first event (already received or future) that matches. */
  next(match: (e: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  closed: Promise<number>;
  close(): void;
}

export async function connectWs(
  baseUrl: string,
  cookie: string | null,
  origin?: string,
  /** e.g. `{ autoPong: false }`: a client that does not answer the server's pings. */
  options: ClientOptions = {},
  /** The handshake's query, e.g. `?as=<user id>` (the tab's user, as the web app says it). */
  query = '',
): Promise<WsClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/ws${query}`, {
    ...options,
    headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
  });
  const events: ServerFrame[] = [];
  const waiters: { match: (e: ServerFrame) => boolean; resolve: (e: ServerFrame) => void }[] = [];
  socket.on('message', (raw) => {
    const text = String(raw);
    if (text === 'pong') return;
    const event = JSON.parse(text) as ServerFrame;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return {
    events,
    socket,
    closed,
    close: () => socket.close(),
    next(match, timeoutMs = 5000) {
      const found = events.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('timed out waiting for a realtime event')),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
  };
}
