import type { MessageKey } from '#shared/i18n/keys.ts';
import { textIn, waitIn } from '#shared/i18n/texts.ts';
import type { Vars } from '#shared/i18n/translate.ts';

/**
 * The one error type routes and services throw. `code` is a message-catalogue key: the server
 * answers with the key, its variables and the text in the user's language (plugins/errors.ts),
 * so the web app can say it in the language chosen there, numbers and all (decision 026).
 */
export class AppError extends Error {
  /**
   * For a 429 from the token buckets: the limits that refused, recorded for the moderators after
   * the refused action's transaction has rolled back (server/lib/rate-limit.ts).
   */
  refused?: { bucket: string; key: string }[];
  /**
   * The message's own key and variables when they are not `code`'s: a validation failure keeps
   * `code` 'errors.badRequest' and says the schema's message (lib/validate.ts).
   */
  said?: { key: MessageKey; vars?: Vars };
  constructor(
    readonly status: number,
    readonly code: MessageKey,
    readonly vars?: Vars,
    readonly headers?: Record<string, string>,
  ) {
    super(textIn('en', code, vars));
  }
}

export const badRequest = (code: MessageKey, vars?: Vars) => new AppError(400, code, vars);
export const unauthorized = (code: MessageKey = 'errors.unauthorized') => new AppError(401, code);
export const forbidden = (code: MessageKey = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code: MessageKey = 'errors.notFound') => new AppError(404, code);
export const conflict = (code: MessageKey, vars?: Vars) => new AppError(409, code, vars);

/**
 * A 429 with Retry-After. Its variables carry the `seconds`; the message's `{{wait}}` ("3 hours",
 * "3 घंटे") is spelt out from them in the reader's language (shared/i18n/wait.ts).
 */
export function tooManyRequests(
  code: MessageKey,
  retryAfterSeconds: number,
  vars?: Vars,
): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(429, code, { seconds, ...vars }, { 'retry-after': String(seconds) });
}

/** "40 seconds", "12 minutes", "3 hours": the English of a wait (logs and tests). */
export const humanWait = (seconds: number): string => waitIn('en', seconds);
