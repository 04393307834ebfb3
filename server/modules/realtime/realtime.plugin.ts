import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { RealtimeEvent } from '#shared/schemas/chat.ts';
import { OPERATIONS, REALTIME } from '#shared/limits.ts';
import type { Ctx } from '../../context.ts';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.ts';
import { isAllowedOrigin } from '../../plugins/auth.ts';
import { partnersOf } from '../chat/rooms.repo.ts';
import { handleSocketSend, type SocketSender } from '../chat/socket-send.ts';

interface Conn {
  id: string;
  userId: string;
  sessionHash: string;
  socket: WebSocket;
  sender: SocketSender;
  /** When the client last sent anything (a frame, a ping, a pong to our ping). */
  lastSeen: number;
}

export interface HeartbeatOptions {
  /** A socket silent for longer than this is ended. */
  idleTimeoutMs: number;
  /** How often the sweep runs (and pings every socket). */
  sweepEveryMs: number;
}

/**
 * One WebSocket per browser tab at /api/ws. The session is checked at the handshake (the auth
 * hook refuses a missing one) and so is the page's Origin. Events published on the bus — by this
 * instance or another through Redis — reach every local socket of the users they name.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  ctx: Ctx,
  heartbeat: HeartbeatOptions = REALTIME,
): Promise<void> {
  const byUser = new Map<string, Set<Conn>>();
  // The open-sockets gauge of GET /metrics, read at scrape time.
  ctx.metrics.countSocketsWith(() => openSockets(byUser));
  let closing = false;
  // Work a socket started (presence, sends) that must end before the database and the bus close.
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    pending.add(work);
    void work.finally(() => pending.delete(work));
  };
  // Upgraded sockets (accepted or refused) are no longer tracked by the HTTP server, so shutdown
  // would wait for them forever: they are ended before the server closes.
  const upgrading = new Set<Duplex>();

  // Shutdown (before the server stops listening; this replaces the plugin's own preClose, which
  // closes sockets without a code): every socket is told "restarting" and the web app reconnects
  // at once — to another instance, or to this one restarted. Sockets that do not finish the close
  // handshake in time are cut; then the work they started (presence, sends) finishes while the
  // database and the bus are still open (they close in onClose, after this).
  async function closeForRestart(): Promise<void> {
    closing = true;
    clearInterval(sweep);
    const open = [...byUser.values()].flatMap((conns) => [...conns]);
    const closed = open.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.socket.readyState === c.socket.CLOSED) return resolve();
          c.socket.once('close', () => resolve());
          c.socket.close(REALTIME.restartCloseCode, 'restarting');
        }),
    );
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise<void>((resolve) => (grace = setTimeout(resolve, OPERATIONS.socketCloseGraceMs))),
    ]);
    clearTimeout(grace);
    for (const c of open) c.socket.terminate();
    for (const socket of upgrading) socket.destroy();
    await Promise.allSettled([...pending]);
  }

  // Room for a 2,000-character message even when every character is JSON-escaped.
  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    preClose: closeForRestart,
    // A client that breaks the protocol (a frame over the limit, bad UTF-8, a bad opcode) is its
    // doing: `ws` has closed it already (1009, 1007, 1002), and the plugin's default logged each
    // one as a server error with a stack, which any client could repeat at will (session 25).
    errorHandler(err, socket, request) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_'))
        request.log.info({ code }, 'websocket: the client broke the protocol; closed');
      else request.log.error({ err }, 'websocket failed');
      socket.terminate();
    },
  });

  ctx.bus.onEvent((userIds, event, skipConn) => {
    // Sign out, account deletion and suspension close the live connections, on every instance.
    if (event.type === 'session.revoked') {
      for (const userId of userIds)
        for (const c of byUser.get(userId) ?? [])
          if (!event.sessionHash || c.sessionHash === event.sessionHash)
            c.socket.close(4401, 'signed out');
      return;
    }
    const data = JSON.stringify(event);
    for (const userId of userIds)
      for (const conn of byUser.get(userId) ?? [])
        if (conn.socket.readyState === 1 && conn.id !== skipConn) conn.socket.send(data);
  });

  const announce = async (userId: string, online: boolean) => {
    const partners = await partnersOf(ctx.db, userId);
    if (partners.length)
      await ctx.bus.publish(partners, { type: 'presence', userId, online } satisfies RealtimeEvent);
  };

  app.get(
    '/api/ws',
    {
      config: { policy: 'signedIn' },
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin && !isAllowedOrigin(origin, request, ctx))
          throw new AppError(403, 'errors.badOrigin');
        // The tab's user (`?as=`, as SESSION.userHeader on its calls): a cookie that has become
        // another person's (signed in in another tab) opens no socket for that tab.
        const as = (request.query as { as?: unknown }).as;
        if (typeof as === 'string' && as !== request.user!.id)
          throw unauthorized('session.switched');
        if ((byUser.get(request.user!.id)?.size ?? 0) >= REALTIME.maxSocketsPerUser)
          throw tooManyRequests('errors.tooManyTabs', 30);
      },
    },
    (socket, request) => {
      const user = request.user!;
      const conn: Conn = {
        id: randomUUID(),
        userId: user.id,
        sessionHash: user.sessionHash,
        socket,
        sender: { user, ip: request.ip, checkedAt: Date.now(), inFlight: 0 },
        lastSeen: Date.now(),
      };
      // Shutting down: this one reconnects to another instance (or to this one, restarted), and
      // is cut if it does not close in time (the server's close would wait for it).
      if (closing) {
        socket.close(REALTIME.restartCloseCode, 'restarting');
        setTimeout(() => socket.terminate(), OPERATIONS.socketCloseGraceMs).unref();
        return;
      }
      const set = byUser.get(user.id) ?? new Set<Conn>();
      byUser.set(user.id, set);
      set.add(conn);
      socket.send(JSON.stringify({ type: 'hello', userId: user.id } satisfies RealtimeEvent));
      track(
        ctx.bus
          .connect(user.id, conn.id)
          .then((first) => (first ? announce(user.id, true) : undefined))
          .catch((err) => ctx.log.warn({ err }, 'presence connect failed')),
      );

      // Anything the client sends proves it is there: the heartbeat sweep spares it.
      const seen = () => (conn.lastSeen = Date.now());
      socket.on('pong', seen);
      socket.on('ping', seen);
      // Clients ping to keep proxies from closing idle sockets, and send chat messages.
      socket.on('message', (raw, isBinary) => {
        seen();
        if (isBinary) return;
        const text = String(raw);
        if (text === 'ping') return socket.send('pong');
        track(
          handleSocketSend(ctx, conn.sender, text, conn.id).then((reply) => {
            if (!reply || socket.readyState !== 1) return;
            socket.send(JSON.stringify(reply));
            if (reply.type === 'message.nack' && reply.error.status === 401)
              socket.close(4401, 'signed out');
          }),
        );
      });
      socket.on('close', () => {
        set.delete(conn);
        if (set.size === 0) byUser.delete(user.id);
        track(
          ctx.bus
            .disconnect(user.id, conn.id)
            .then((last) => (last ? announce(user.id, false) : undefined))
            .catch(() => {}),
        );
      });
    },
  );

  // The heartbeat: a socket that has sent nothing for too long is gone (a phone that lost its
  // network never sends a close); ending it runs the close path above, so presence follows.
  const sweep = setInterval(
    () => sweepIdle(byUser.values(), Date.now(), heartbeat.idleTimeoutMs),
    heartbeat.sweepEveryMs,
  );
  sweep.unref();

  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgrading.add(socket);
    socket.once('close', () => upgrading.delete(socket));
  });
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** How many sockets are open on this instance. */
export function openSockets(byUser: Map<string, Set<unknown>>): number {
  let n = 0;
  for (const conns of byUser.values()) n += conns.size;
  return n;
}

/**
 * One heartbeat pass: ends the sockets silent for longer than `idleTimeoutMs` and pings the
 * others (a browser answers a protocol ping by itself, which counts as a sign of life).
 */
export function sweepIdle(
  connections: Iterable<Iterable<Conn>>,
  now: number,
  idleTimeoutMs: number,
): void {
  for (const conns of connections)
    for (const c of [...conns]) {
      if (now - c.lastSeen > idleTimeoutMs) c.socket.terminate();
      else if (c.socket.readyState === c.socket.OPEN) c.socket.ping();
    }
}
