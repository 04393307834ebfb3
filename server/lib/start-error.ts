/**
 * A reason the server (or the admin CLI) cannot start that the operator fixes outside the code: a
 * setting, the database's address, a port in use. `server/main.ts` prints its message, one line
 * without a stack, and exits 1; anything else is a bug and keeps its stack.
 */
export class StartError extends Error {}

/** Why a connection failed, in words, from a Node.js network error's code or the peer's message. */
export function connectionFailure(err: unknown): string {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || /timeout/i.test(String(message))) return 'no answer (timed out)';
  return String(message ?? err);
}
