import type { z } from 'zod';
import type { Vars } from '#shared/i18n/translate.ts';
import { AppError } from './errors.ts';
import { madeMessage } from './language.ts';

/**
 * For bodies whose schema depends on the request (e.g. the onboarding step in the path): parse
 * with the shared schema and answer 400 with its first message, like route-level validation does.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? 'Invalid input';
  const error = new AppError(400, 'errors.badRequest');
  Object.defineProperty(error, 'message', { value: message });
  // The schema's message, by its key: said in the user's language (decision 026).
  const made = madeMessage(message);
  if (made) error.said = { key: made.key, vars: made.vars as Vars };
  throw error;
}
