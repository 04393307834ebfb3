import type { MessageKey } from '#shared/i18n/keys.ts';
import { textIn } from '#shared/i18n/texts.ts';
import type { Vars } from '#shared/i18n/translate.ts';
import { socketSendFrame, type SocketSendReply } from '#shared/schemas/chat.ts';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { recordRefusals } from '../../lib/rate-limit.ts';
import { hasControlCharacter, withoutInvisible } from '../../lib/text-input.ts';
import { languageOrDefault, withMessages } from '../../lib/language.ts';
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

/** A refusal, as an HTTP error answer would say it: in the sender's language, key and vars. */
function refusal(
  ref: string,
  user: SessionUser,
  status: number,
  code: MessageKey,
  key: MessageKey = code,
  vars?: Vars,
): SocketSendReply {
  const message = textIn(languageOrDefault(user.language), key, vars);
  const withVars = vars && Object.keys(vars).length ? { vars } : {};
  return { type: 'message.nack', ref, error: { status, code, key, message, ...withVars } };
}

const nack = (ref: string, user: SessionUser, err: AppError): SocketSendReply =>
  refusal(ref, user, err.status, err.code, err.said?.key ?? err.code, err.said?.vars ?? err.vars);

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
  // zod makes an issue's message when it is read: read inside, where msg() records its key.
  const [{ parsed, first }, madeBy] = withMessages(() => {
    const result = socketSendFrame.safeParse(withoutInvisible(json));
    return { parsed: result, first: result.error?.issues[0]?.message };
  });
  if (!parsed.success) {
    const made = first ? madeBy(first) : undefined;
    return refusal(ref, sender.user, 400, 'errors.badRequest', made?.key, made?.vars as Vars);
  }
  // As the HTTP send's hook refuses them (plugins/errors.ts): PostgreSQL refuses NUL outright.
  if (hasControlCharacter(parsed.data))
    return refusal(ref, sender.user, 400, 'errors.controlCharacter');
  if (sender.inFlight >= MAX_IN_FLIGHT)
    return nack(ref, sender.user, new AppError(429, 'errors.tooManyRequests'));
  sender.inFlight += 1;
  try {
    if (Date.now() - sender.checkedAt > RECHECK_SESSION_MS) {
      const fresh = await findSessionByHash(ctx.db, sender.user.sessionHash);
      // The caller closes the socket after this answer (close code 4401).
      if (!fresh) return nack(ref, sender.user, new AppError(401, 'session.expired'));
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
      return nack(ref, sender.user, err);
    }
    ctx.log.error({ err }, 'socket send failed');
    return nack(ref, sender.user, new AppError(500, 'errors.internal'));
  } finally {
    sender.inFlight -= 1;
  }
}
