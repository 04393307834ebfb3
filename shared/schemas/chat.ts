import { z } from 'zod';
import { ROOM_STATUSES } from '../picklists.ts';
import { m } from './common.ts';
import { MESSAGE_MAX } from '../limits.ts';

/** A message as typed: trimmed, never empty, bounded; the client makes its id (idempotent send). */
export const sendMessageBody = z.object({
  clientId: z.uuid(m('errors.badRequest')),
  message: z
    .string(m('chat.messageEmpty'))
    .trim()
    .min(1, m('chat.messageEmpty'))
    .max(MESSAGE_MAX, m('chat.messageTooLong')),
});

/**
 * A message sent over the tab's WebSocket: the HTTP send's body plus the room and a reference
 * the server's answer echoes. Same rules, same idempotency by clientId.
 */
export const socketSendFrame = sendMessageBody.extend({
  type: z.literal('message.send'),
  ref: z.string().min(1).max(64),
  roomId: z.string().max(64),
});
export type SocketSendFrame = z.infer<typeof socketSendFrame>;

export const roomStatusBody = z.object({ status: z.enum(ROOM_STATUSES, m('chat.invalidStatus')) });

/** A seeker starts from a job; a recruiter starts with a seeker (optionally for one of their jobs). */
export const createRoomBody = z.union([
  z.object({ jobId: z.uuid(m('jobs.notFound')) }).strict(),
  z
    .object({
      seekerId: z.uuid(m('chat.candidateProfileMissing')),
      jobId: z.uuid(m('jobs.notFound')).nullish(),
    })
    .strict(),
]);

export const interviewBody = z.object({
  date: z.iso.date(m('chat.interviewInvalid')),
  time: z
    .string(m('chat.interviewInvalid'))
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, m('chat.interviewInvalid')),
  place: z
    .string(m('chat.interviewInvalid'))
    .trim()
    .min(2, m('chat.interviewInvalid'))
    .max(300, m('chat.interviewInvalid')),
});

export const messageView = z.object({
  id: z.number(),
  roomId: z.string(),
  senderId: z.string().nullable(),
  clientId: z.string(),
  kind: z.enum(['text', 'status', 'interview', 'resume_request']),
  message: z.string(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  /** The scam shield's codes for this message (shared/scam-shield); empty when clean. */
  warnings: z.array(z.string()),
  isRead: z.boolean(),
  sentAt: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

/** Chat list row (spec section 3 "Chat list item"). */
export const chatListItem = z.object({
  roomId: z.string(),
  userId: z.string(),
  userName: z.string().nullable(),
  profileImage: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageTime: z.string().nullable(),
  isOnline: z.boolean(),
  unreadCount: z.number(),
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  status: z.enum(ROOM_STATUSES),
});
export type ChatListItem = z.infer<typeof chatListItem>;

/** `GET /api/rooms`: a status (the recruiter's tabs) and the cursor a previous page gave. */
export const chatListQuery = z.object({
  status: z.enum(ROOM_STATUSES, m('chat.invalidStatus')).optional(),
  cursor: z.string().max(300).optional(),
});

/** A page of a chat list, newest activity first; `nextCursor` is null on the last page. */
export const chatListPage = z.object({
  rooms: z.array(chatListItem),
  nextCursor: z.string().nullable(),
});
export type ChatListPage = z.infer<typeof chatListPage>;

/**
 * `GET /api/rooms/unread`: what the unread badges show. Badges count conversations with unread
 * messages (the navigation, the title, the recruiter's tabs); `messages` is the unread messages.
 */
export const unreadCounts = z.object({
  conversations: z.number(),
  messages: z.number(),
  byStatus: z.record(z.enum(ROOM_STATUSES), z.number()),
});
export type UnreadCounts = z.infer<typeof unreadCounts>;

export const roomView = z.object({
  id: z.string(),
  status: z.enum(ROOM_STATUSES),
  jobId: z.string().nullable(),
  jobTitle: z.string().nullable(),
  jobStatus: z.string().nullable(),
  recruiterId: z.string(),
  seekerId: z.string(),
  createdAt: z.string(),
  other: z.object({
    id: z.string(),
    name: z.string().nullable(),
    profileImage: z.string().nullable(),
    subtitle: z.string().nullable(),
    isOnline: z.boolean(),
    isVerified: z.boolean(),
    verifiedDomain: z.string().nullable(),
    /** A moderator suspended this account: the chat says so and takes no messages. */
    suspended: z.boolean(),
    /** I blocked this person (undo in settings). */
    blockedByMe: z.boolean(),
  }),
  /** For the recruiter: the candidate card. */
  candidate: z
    .object({
      jobTitle: z.string().nullable(),
      companyName: z.string().nullable(),
      degree: z.string().nullable(),
      collegeName: z.string().nullable(),
      city: z.string().nullable(),
      workExperience: z.string().nullable(),
      hasResume: z.boolean(),
      /** Whether the seeker shares e-mail, phone and resume with this recruiter (consent rule). */
      contactShared: z.boolean(),
    })
    .nullable(),
  unreadCount: z.number(),
});
export type RoomView = z.infer<typeof roomView>;

/** Everything the server pushes over the one WebSocket. */
export type RealtimeEvent =
  | { type: 'message.created'; roomId: string; message: MessageView }
  | { type: 'room.updated'; roomId: string; status: string; updatedAt: string }
  | { type: 'room.read'; roomId: string; readerId: string; upTo: number }
  | { type: 'presence'; userId: string; online: boolean }
  /** The seeker uploaded their first resume: their chats' rooms are read again. */
  | { type: 'candidate.resume'; seekerId: string }
  | { type: 'hello'; userId: string }
  /**
   * Server-side only, never sent to a client: close the named users' sockets on every instance —
   * one session's (sign out) or all of them (account deleted or suspended).
   */
  | { type: 'session.revoked'; sessionHash?: string };

/** The server's answer to one socket send, to that socket only. */
export type SocketSendReply =
  | { type: 'message.ack'; ref: string; message: MessageView }
  | {
      type: 'message.nack';
      ref: string;
      /** As an HTTP error answer: `key` and `vars` of `message` (decision 026). */
      error: {
        status: number;
        code: string;
        message: string;
        key: string;
        vars?: Record<string, string | number>;
      };
    };

/** Every frame the server writes on the socket (besides 'pong'). */
export type ServerFrame = RealtimeEvent | SocketSendReply;
