import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { english } from '#shared/i18n/translate.ts';
import { AppError } from '../lib/errors.ts';

const GENERIC: Record<number, string> = {
  400: 'errors.badRequest',
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.notFound',
  413: 'errors.tooLarge',
  429: 'errors.tooManyRequests',
};

/**
 * Every error leaves the server as { error: { code, message } } with a message a person can act
 * on. Validation errors carry the shared schema's own message; 5xx never leak internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.status).send({ error: { code: err.code, message: err.message } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message =
        first?.message && !first.message.startsWith('Invalid input')
          ? first.message
          : english('errors.badRequest');
      return reply.code(400).send({ error: { code: 'errors.badRequest', message } });
    }
    const status =
      err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) request.log.error({ err }, 'request failed');
    const code = GENERIC[status] ?? (status >= 500 ? 'errors.internal' : 'errors.badRequest');
    return reply.code(status).send({ error: { code, message: english(code) } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send({ error: { code: 'errors.notFound', message: english('errors.notFound') } });
  });
}
