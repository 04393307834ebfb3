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
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'errors.network', i18n.t('errors.internal'), null);
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (response.status === 401) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  return body as T;
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
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError(0, 'errors.network', i18n.t('errors.internal'), null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = toApiError(response, body);
    if (response.status === 401) unauthorizedListeners.forEach((l) => l(error));
    throw error;
  }
  return body as T;
}

function toApiError(response: Response, body: unknown): ApiError {
  const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
  const code = e?.code ?? 'errors.internal';
  // Prefer the user's language for known codes; otherwise show what the server said.
  const translated = i18n.exists(code) && i18n.language !== 'en' ? i18n.t(code) : null;
  const message = translated ?? e?.message ?? i18n.t('errors.internal');
  const retry = Number(response.headers.get('retry-after'));
  return new ApiError(
    response.status,
    code,
    message,
    Number.isFinite(retry) && retry > 0 ? retry : null,
  );
}

/** The server's message when there is one, else the screen's own fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status > 0 && error.status < 500
    ? error.message
    : fallback;
}
