import { english } from '#shared/i18n/messages.ts';
import type { Vars } from '#shared/i18n/translate.ts';

/**
 * The one error type routes and services throw. `code` is a message-catalogue key: the server
 * answers with the English text and the key, so the web app can show the user's language.
 */
export class AppError extends Error {
  /**
   * For a 429 from the token buckets: the limits that refused, recorded for the moderators after
   * the refused action's transaction has rolled back (server/lib/rate-limit.ts).
   */
  refused?: { bucket: string; key: string }[];
  constructor(
    readonly status: number,
    readonly code: string,
    readonly vars?: Vars,
    readonly headers?: Record<string, string>,
  ) {
    super(english(code, vars));
  }
}

export const badRequest = (code: string, vars?: Vars) => new AppError(400, code, vars);
export const unauthorized = (code = 'errors.unauthorized') => new AppError(401, code);
export const forbidden = (code = 'errors.forbidden') => new AppError(403, code);
export const notFound = (code = 'errors.notFound') => new AppError(404, code);
export const conflict = (code: string, vars?: Vars) => new AppError(409, code, vars);

export function tooManyRequests(code: string, retryAfterSeconds: number, vars?: Vars): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(
    429,
    code,
    { seconds, wait: humanWait(seconds), ...vars },
    { 'retry-after': String(seconds) },
  );
}

/** "40 seconds", "12 minutes", "3 hours": a wait a person can read (Retry-After has the exact). */
export function humanWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  if (seconds < 90 * 60) return `${Math.ceil(seconds / 60)} minutes`;
  return `${Math.ceil(seconds / 3600)} hours`;
}
