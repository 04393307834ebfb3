import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { RealtimeEvent } from '#shared/schemas/chat.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { isAllowedOrigin } from '../../plugins/auth.ts';
import { partnersOf } from './rooms.repo.ts';
import { handleSocketSend, type SocketSender } from './socket-send.ts';

interface Conn {
  id: string;
  userId: string;
  sessionHash: string;
  socket: WebSocket;
  sender: SocketSender;
}

/**
 * One WebSocket per browser tab at /api/ws. The session is checked at the handshake (the auth
 * hook refuses a missing one) and so is the page's Origin. Events published on the bus — by this
 * instance or another through Redis — reach every local socket of the users they name.
 */
export async function realtimeRoutes(app: FastifyInstance, ctx: Ctx): Promise<void> {
  // Room for a 2,000-character message even when every character is JSON-escaped.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  const byUser = new Map<string, Set<Conn>>();

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
      };
      const set = byUser.get(user.id) ?? new Set<Conn>();
      byUser.set(user.id, set);
      set.add(conn);
      socket.send(JSON.stringify({ type: 'hello', userId: user.id } satisfies RealtimeEvent));
      void ctx.bus
        .connect(user.id, conn.id)
        .then((first) => (first ? announce(user.id, true) : undefined))
        .catch((err) => ctx.log.warn({ err }, 'presence connect failed'));

      // Clients ping to keep proxies from closing idle sockets, and send chat messages.
      socket.on('message', (raw, isBinary) => {
        if (isBinary) return;
        const text = String(raw);
        if (text === 'ping') return socket.send('pong');
        void handleSocketSend(ctx, conn.sender, text, conn.id).then((reply) => {
          if (!reply || socket.readyState !== 1) return;
          socket.send(JSON.stringify(reply));
          if (reply.type === 'message.nack' && reply.error.status === 401)
            socket.close(4401, 'signed out');
        });
      });
      socket.on('close', () => {
        set.delete(conn);
        if (set.size === 0) byUser.delete(user.id);
        void ctx.bus
          .disconnect(user.id, conn.id)
          .then((last) => (last ? announce(user.id, false) : undefined))
          .catch(() => {});
      });
    },
  );

  // Upgraded sockets (accepted or refused) are no longer tracked by the HTTP server, so shutdown
  // would wait for them forever: end them before the server closes.
  const upgrading = new Set<Duplex>();
  app.server.on('upgrade', (_req, socket: Duplex) => {
    upgrading.add(socket);
    socket.once('close', () => upgrading.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const conns of byUser.values()) for (const c of conns) c.socket.terminate();
    for (const socket of upgrading) socket.destroy();
  });
}
