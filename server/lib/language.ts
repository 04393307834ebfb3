import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageKey } from '#shared/i18n/keys.ts';
import { english, setTranslator } from '#shared/i18n/messages.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  visitorLanguage,
  type Language,
} from '#shared/i18n/languages.ts';
import type { TOptions } from '#shared/i18n/translate.ts';

// Which language a request is answered in (decision 026): the signed-in user's, else this
// device's choice, else what the browser's Accept-Language asks for. Shared rules (the zod schemas) produce their messages
// through `msg()` in English on the server; this records which key and variables made each one
// during a request, so an error answer can carry them and say them in the user's language.

interface Made {
  key: MessageKey;
  vars?: TOptions;
}

const requestMessages = new AsyncLocalStorage<Map<string, Made>>();

setTranslator((key, vars) => {
  const text = english(key, vars);
  const made = requestMessages.getStore();
  if (made && made.size < 100) made.set(text, { key, vars });
  return text;
});

/** Each request runs with its own record of the messages made during it. */
export function registerRequestMessages(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => {
    requestMessages.run(new Map(), done);
  });
}

/**
 * Runs `fn` (a schema's parse outside a request: a socket frame) with its own record of the
 * messages it makes, and gives the key and variables behind one of them.
 */
export function withMessages<T>(fn: () => T): [T, (text: string) => Made | undefined] {
  const made = new Map<string, Made>();
  const result = requestMessages.run(made, fn);
  return [result, (text) => made.get(text)];
}

/** The key and variables of a message made by `msg()` during this request, if it was. */
export function madeMessage(text: string): Made | undefined {
  return requestMessages.getStore()?.get(text);
}

/**
 * The language a request is answered in, pages and API answers alike: the signed-in account's
 * (which the app shows, web/lib/session.ts), else this device's choice (the `lang` cookie), else
 * Accept-Language, as the server-rendered screens pick it (web/prerender.tsx; decision 026). The
 * web app's own API calls send the language it shows as Accept-Language, which the cookie equals
 * once a visitor chose one; a request the app did not make (a form, another site's page, a
 * socket's handshake) still reads the choice from the cookie.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const own = request.user?.language;
  if (isLanguage(own)) return own;
  // No cookies are read for a request Fastify refuses before its hooks run (a path it cannot
  // decode, answered by plugins/errors.ts `frameworkErrors`).
  const cookies = request.cookies as FastifyRequest['cookies'] | undefined;
  return visitorLanguage(cookies?.[LANGUAGE_COOKIE], request.headers['accept-language']);
}

/** A stored language, or English when none was chosen (texts sent outside a request). */
export const languageOrDefault = (value: unknown): Language =>
  isLanguage(value) ? value : DEFAULT_LANGUAGE;
