import { english } from '#shared/i18n/messages.ts';
import { socketSendFrame, type SocketSendReply } from '#shared/schemas/chat.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordRefusals } from '../../lib/rate-limit.ts';
import { findSessionByHash, type SessionUser } from '../auth/sessions.ts';
import { sendMessage } from './chat.service.ts';

/** A socket's sender as the handshake found it; re-checked against the database now and then. */
export interface SocketSender {
  user: SessionUser;
  /** The client address at the handshake (per-IP limits). */
  ip: string;
  checkedAt: number;
  inFlight: number;
}

// A revoked session's sockets are closed at once on the instance that revoked it; on other
// instances, at the latest when the next send finds the session older than this.
const RECHECK_SESSION_MS = 30_000;
/** Unanswered sends one socket may have: a flood gets 429s instead of a queue. */
export const MAX_IN_FLIGHT = 32;

const nack = (ref: string, err: AppError): SocketSendReply => ({
  type: 'message.nack',
  ref,
  error: { status: err.status, code: err.code, message: err.message },
});

/**
 * Handles one text frame from a tab: a chat message sent over the socket instead of HTTP (no
 * request parsing, no per-message session lookup). Same validation, membership check and
 * idempotency by clientId as `POST /api/rooms/:id/messages`, through the same service. Answers
 * the sender with an ack (the stored message) or a nack (the error a person can act on); the
 * other member gets the message through the bus like any other. Null: nothing to answer. A 401
 * nack means the session is gone: the socket must be closed after it.
 */
export async function handleSocketSend(
  ctx: Ctx,
  sender: SocketSender,
  raw: string,
  connId: string,
): Promise<SocketSendReply | null> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null; // not ours to answer: there is no reference to answer to
  }
  const ref = (json as { ref?: unknown } | null)?.ref;
  if (typeof ref !== 'string' || ref.length === 0 || ref.length > 64) return null;
  const parsed = socketSendFrame.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message;
    const message =
      first && !first.startsWith('Invalid input') ? first : english('errors.badRequest');
    return {
      type: 'message.nack',
      ref,
      error: { status: 400, code: 'errors.badRequest', message },
    };
  }
  if (sender.inFlight >= MAX_IN_FLIGHT)
    return nack(ref, new AppError(429, 'errors.tooManyRequests'));
  sender.inFlight += 1;
  try {
    if (Date.now() - sender.checkedAt > RECHECK_SESSION_MS) {
      const fresh = await findSessionByHash(ctx.db, sender.user.sessionHash);
      // The caller closes the socket after this answer (close code 4401).
      if (!fresh) return nack(ref, new AppError(401, 'session.expired'));
      sender.user = fresh;
      sender.checkedAt = Date.now();
    }
    const { roomId, clientId, message } = parsed.data;
    // This socket gets the message in its ack; the other member and my other tabs get the event.
    const stored = await sendMessage(
      ctx,
      sender.user,
      roomId,
      clientId,
      message,
      sender.ip,
      connId,
    );
    return { type: 'message.ack', ref, message: stored.message };
  } catch (err) {
    if (err instanceof AppError) {
      await recordRefusals(ctx.db, err).catch(() => {});
      return nack(ref, err);
    }
    ctx.log.error({ err }, 'socket send failed');
    return nack(ref, new AppError(500, 'errors.internal'));
  } finally {
    sender.inFlight -= 1;
  }
}
