import type { Vars } from '#shared/i18n/translate.ts';
import { withWait } from '#shared/i18n/wait.ts';
import { SESSION } from '#shared/limits.ts';
import { i18n } from './i18n.ts';

/** An answer from our API that was not a success, with a message a person can read. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
  }
}

/**
 * The user this tab shows (session.ts keeps it), sent with every call: the browser's one cookie
 * may be someone else's since another tab signed them in, and the server then answers 401
 * `session.switched` instead of acting for them here (decision 028, session 23).
 */
let tabUser: string | null = null;
export function setTabUser(userId: string | null): void {
  tabUser = userId;
}

/** The headers every call sends: the app's language (decision 026) and the tab's user. */
function commonHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': i18n.language,
  };
  if (tabUser) headers[SESSION.userHeader] = tabUser;
  return headers;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the auth layer drop the cached user when any call finds the session gone. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The one API client of the web app: JSON in and out, cookies for the session. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? commonHeaders()
          : { ...commonHeaders(), 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'errors.network', i18n.t('errors.internal'), null);
  }
  if (response.status === 204) return undefined as T;
  return answerOf<T>(response);
}

/** Multipart upload of one file through the same client (errors handled alike). */
export async function apiUpload<T>(path: string, file: File, field = 'file'): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      body: form,
      headers: commonHeaders(),
    });
  } catch {
    throw new ApiError(0, 'errors.network', i18n.t('errors.internal'), null);
  }
  return answerOf<T>(response);
}

/** An answer's JSON, or its error thrown (a gone session told to the auth layer first). */
async function answerOf<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (response.status === 401) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  return body as T;
}

function toApiError(response: Response, body: unknown): ApiError {
  const e = (
    body as {
      error?: { code?: string; message?: string; key?: string; vars?: Record<string, unknown> };
    } | null
  )?.error;
  const code = e?.code ?? 'errors.internal';
  const retry = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code,
    errorText(e?.key ?? code, e?.vars, e?.message),
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/**
 * An error answer's message in the app's language: its catalogue key (`key`, else `code`) with
 * its variables, so "Try again in 3 hours" keeps its numbers in Hindi too, a limit's wait spelt
 * out from its seconds (decision 026). Without a known key: what the server said.
 */
export function errorText(
  key: string,
  rawVars: Record<string, unknown> | undefined,
  said?: string,
): string {
  if (i18n.exists(key)) {
    const vars: Vars = {};
    for (const [name, value] of Object.entries(rawVars ?? {}))
      if (typeof value === 'string' || typeof value === 'number') vars[name] = value;
    return i18n.t(key, withWait(i18n.t, vars));
  }
  return said ?? i18n.t('errors.internal');
}

/** The server's message when there is one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : fallback;
}
