import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { MessageKey } from '#shared/i18n/keys.ts';
import { textIn } from '#shared/i18n/texts.ts';
import type { Vars } from '#shared/i18n/translate.ts';
import { OPERATIONS } from '#shared/limits.ts';
import { AppError } from '../lib/errors.ts';
import { madeMessage, registerRequestMessages, requestLanguage } from '../lib/language.ts';
import { hasControlCharacter, withoutInvisible } from '../lib/text-input.ts';

/**
 * An error that says the database could not be reached or dropped the connection, rather than
 * refusing the statement: PostgreSQL's connection exceptions (class 08), a server shutting down or
 * starting (57P01-57P03), too many connections (53300); the socket's own errors; and node-postgres's
 * messages for a connection that ended or a pool that waited too long for one.
 */
export function databaseAway(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (/^(08[0-9A-Z]{3}|57P0[123]|53300)$/.test(code)) return true;
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|EHOSTUNREACH|ENOTFOUND)$/.test(code))
      return true;
  }
  const message = (err as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}

const GENERIC: Record<number, MessageKey> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  413: 'errors.tooLarge',
  429: 'errors.tooManyRequests',
};

/**
 * Fastify's own refusals before routing, when no hook has run: a path with a broken %-escape
 * (`FST_ERR_BAD_URL`), a path parameter over the router's length. Fastify answered them in its
 * own shape, echoing the path; they get ours (in the reader's language) and the request's id.
 */
export function answerFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const [status, code]: [number, MessageKey] =
    err.code === 'FST_ERR_BAD_URL'
      ? [400, 'errors.badRequest']
      : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? [404, 'errors.notFound']
        : [500, 'errors.internal'];
  if (status >= 500) request.log.error({ err }, 'request failed');
  return reply
    .code(status)
    .header('x-request-id', request.id)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send({ error: { code, message: textIn(requestLanguage(request), code), key: code } });
}

/**
 * Every error leaves the server as `{ error: { code, message, key, vars? } }` with a message a
 * person can act on, in the user's language (their chosen one, else Accept-Language; decision
 * 026). `code` is what it always was (the error's catalogue key; 'errors.badRequest' for every
 * validation failure); `key` and `vars` are the catalogue key and variables of `message` itself,
 * so the web app can say it in the language chosen there with its numbers. Validation errors carry
 * the shared schema's own message; 5xx never leak internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  registerRequestMessages(app);

  const send = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: MessageKey,
    key: MessageKey = code,
    vars?: Vars,
  ) => {
    const message = textIn(requestLanguage(request), key, vars);
    return reply.code(status).send({
      error: { code, message, key, ...(vars && Object.keys(vars).length ? { vars } : {}) },
    });
  };

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      const said = err.said ?? { key: err.code, vars: err.vars };
      return send(request, reply, err.status, err.code, said.key, said.vars);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]?.message;
      // A schema's own message was made by msg() during this request: its key and variables.
      const made = first ? madeMessage(first) : undefined;
      return send(request, reply, 400, 'errors.badRequest', made?.key, made?.vars as Vars);
    }
    // A value PostgreSQL refuses as data (class 22: a NUL byte, a malformed uuid, a number out of
    // range), or a reference to a row that does not exist (23503: a city id nobody has), came
    // from the request: the client's mistake, not ours. Nothing was saved (the statement failed).
    const sqlState = (err as { code?: unknown }).code;
    if (typeof sqlState === 'string' && /^(22[0-9A-Z]{3}|23503)$/.test(sqlState)) {
      request.log.warn({ sqlState }, 'input refused by the database');
      return send(request, reply, 400, 'errors.badRequest');
    }
    // The database cannot be reached right now (a failover, a restart, every connection taken):
    // nothing of this request was saved, and trying again in a moment is the right move. A 503
    // with Retry-After says so, and the web app's outbox waits and sends again by itself
    // (web/features/chat/outbox.ts `waitsToSendAgain`) where a 500 waited for a tap.
    if (databaseAway(err)) {
      request.log.error({ err }, 'request failed: database unreachable');
      void reply.header('retry-after', String(OPERATIONS.retryAfterSeconds));
      return send(request, reply, 503, 'errors.unavailable');
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    const code = GENERIC[status] ?? (status >= 500 ? 'errors.internal' : 'errors.badRequest');
    return send(request, reply, status, code);
  });

  // Invisible characters (zero-width spaces, direction overrides) are taken out before the
  // schemas read the texts (lib/text-input.ts).
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object' && !Buffer.isBuffer(request.body))
      request.body = withoutInvisible(request.body);
    request.query = withoutInvisible(request.query);
  });

  // NUL and other C0 control characters (tab and newlines aside) have no place in any text we
  // store or search, and PostgreSQL refuses NUL outright: they are refused before any handler.
  app.addHook('preHandler', async (request) => {
    if (hasControlCharacter(request.query) || hasControlCharacter(request.params)) {
      throw new AppError(400, 'errors.controlCharacter');
    }
    if (hasControlCharacter(request.body)) throw new AppError(400, 'errors.controlCharacter');
  });

  app.setNotFoundHandler((request, reply) => send(request, reply, 404, 'errors.notFound'));
}
