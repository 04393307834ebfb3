import type { MessageKey } from './keys.ts';
import type { TOptions } from './translate.ts';

// A limit's message says how long to wait ("Try again in {{wait}}"). Answers carry the seconds
// (Retry-After and the error's `vars.seconds`); each side spells the wait out in the reader's
// language: the server in its error answers, the web app when it shows one (decision 026).

type T = (key: MessageKey, vars?: TOptions) => string;

/** "40 seconds", "12 minutes", "3 hours" (or "40 सेकंड"...): a wait a person can read. */
export function waitText(t: T, seconds: number): string {
  if (seconds < 90) return t('limits.waitSeconds', { count: seconds });
  if (seconds < 90 * 60) return t('limits.waitMinutes', { count: Math.ceil(seconds / 60) });
  return t('limits.waitHours', { count: Math.ceil(seconds / 3600) });
}

/** A message's variables with `wait` spelt out through `t` when they carry `seconds`. */
export function withWait(t: T, vars?: TOptions): TOptions | undefined {
  if (!vars || typeof vars.seconds !== 'number' || vars.wait !== undefined) return vars;
  return { ...vars, wait: waitText(t, vars.seconds) };
}
