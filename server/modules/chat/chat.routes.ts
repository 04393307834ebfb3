import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/language.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { m } from '#shared/schemas/common.ts';
import { CHAT_LIST_PAGE, MESSAGES_PAGE } from '#shared/limits.ts';
import {
  chatListPage,
  chatListQuery,
  createRoomBody,
  interviewBody,
  messageView,
  roomStatusBody,
  roomView,
  sendMessageBody,
  unreadCounts as unreadCountsAnswer,
} from '#shared/schemas/chat.ts';
import type { Ctx } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import { chatList, roomDetails, unreadCounts } from './list.repo.ts';
import { blockedBetween, latestRoomWith, roomNotFound } from './rooms.repo.ts';
import { listMessages } from './messages.repo.ts';
import {
  readRoom,
  requestResume,
  requireMember,
  scheduleInterview,
  sendMessage,
  setRoomStatus,
  startRoom,
} from './chat.service.ts';

const roomParams = z.object({ id: z.string().max(64) });
const roomAnswer = z.object({ room: roomView });
const messageAnswer = z.object({ message: messageView });

export async function chatRoutes(fastify: FastifyInstance, ctx: Ctx): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const viewRoom = async (roomId: string, userId: string) => {
    const details = await roomDetails(ctx.db, roomId, userId);
    if (!details) throw await roomNotFound(ctx.db, roomId, userId);
    const { blocked, ...room } = details;
    // Presence does not cross a block, either way.
    const online = blocked ? false : (await ctx.bus.online([room.other.id])).has(room.other.id);
    return { room: { ...room, other: { ...room.other, isOnline: online } } };
  };

  app.post(
    '/api/rooms',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['chat'],
        body: createRoomBody,
        response: {
          200: roomAnswer.extend({ created: z.boolean() }),
          201: roomAnswer.extend({ created: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      const { room, created } = await startRoom(ctx, me, request.body, request.ip);
      return reply.code(created ? 201 : 200).send({ ...(await viewRoom(room.id, me.id)), created });
    },
  );

  app.get(
    '/api/rooms',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['chat'],
        querystring: chatListQuery,
        response: { 200: chatListPage },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { rooms, nextCursor } = await chatList(ctx.db, me.id, {
        asRecruiter: me.role === 'recruiter',
        status: request.query.status,
        cursor: request.query.cursor,
        limit: CHAT_LIST_PAGE,
        language: requestLanguage(request),
      });
      const online = await ctx.bus.online([...new Set(rooms.map((r) => r.userId))]);
      return { rooms: rooms.map((r) => ({ ...r, isOnline: online.has(r.userId) })), nextCursor };
    },
  );

  // The badges of both roles (navigation, title, the recruiter's tabs): people with chats only.
  app.get(
    '/api/rooms/unread',
    {
      config: { policy: 'member' },
      schema: { tags: ['chat'], response: { 200: unreadCountsAnswer } },
    },
    async (request) => unreadCounts(ctx.db, requireUser(request).id),
  );

  app.get(
    '/api/rooms/with/:userId',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['chat'],
        params: z.object({ userId: z.string().max(64) }),
        querystring: z.object({ job: z.string().max(64).optional() }),
        response: { 200: roomAnswer },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const room = await latestRoomWith(ctx.db, me.id, request.params.userId, request.query.job);
      if (!room) throw notFound('chat.findOrCreateFailedShort');
      return viewRoom(room.id, me.id);
    },
  );

  app.get(
    '/api/rooms/:id',
    {
      config: { policy: 'room.member' },
      schema: { tags: ['chat'], params: roomParams, response: { 200: roomAnswer } },
    },
    async (request) => viewRoom(request.params.id, requireUser(request).id),
  );

  app.get(
    '/api/rooms/:id/messages',
    {
      config: { policy: 'room.member' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        querystring: z
          .object({
            after: z.coerce.number().int().min(0).optional(),
            before: z.coerce.number().int().min(1).optional(),
            limit: z.coerce.number().int().min(1).max(500).default(MESSAGES_PAGE),
          })
          .refine((q) => q.after === undefined || q.before === undefined, m('chat.afterOrBefore')),
        response: { 200: z.object({ messages: z.array(messageView) }) },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const room = await requireMember(ctx, request.params.id, me);
      const messages = await listMessages(ctx.db, request.params.id, request.query);
      // Read receipts do not cross a block: the blocked side learns nothing of the other's reading.
      if (await blockedBetween(ctx.db, room.recruiter_id, room.seeker_id))
        return {
          messages: messages.map((m) => (m.senderId === me.id ? { ...m, isRead: false } : m)),
        };
      return { messages };
    },
  );

  app.post(
    '/api/rooms/:id/messages',
    {
      config: { policy: 'room.member' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        body: sendMessageBody,
        response: { 200: messageAnswer, 201: messageAnswer },
      },
    },
    async (request, reply) => {
      const { message, created } = await sendMessage(
        ctx,
        requireUser(request),
        request.params.id,
        request.body.clientId,
        request.body.message,
        request.ip,
      );
      return reply.code(created ? 201 : 200).send({ message });
    },
  );

  app.post(
    '/api/rooms/:id/read',
    {
      config: { policy: 'room.member' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        body: z.object({ upTo: z.number().int().min(0) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await readRoom(ctx, requireUser(request), request.params.id, request.body.upTo);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/rooms/:id/status',
    {
      config: { policy: 'room.manage' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        body: roomStatusBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => ({
      message: await setRoomStatus(
        ctx,
        requireUser(request),
        request.params.id,
        request.body.status,
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/rooms/:id/interview',
    {
      config: { policy: 'room.manage' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        body: interviewBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => ({
      message: await scheduleInterview(
        ctx,
        requireUser(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.post(
    '/api/rooms/:id/resume-request',
    {
      config: { policy: 'room.manage' },
      schema: {
        tags: ['chat'],
        params: roomParams,
        response: { 200: z.object({ hasResume: z.boolean(), message: messageView.nullable() }) },
      },
    },
    async (request) => requestResume(ctx, requireUser(request), request.params.id, request.ip),
  );
}
