import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Logs are pino's JSON lines, one per event, each request's lines carrying its id (`reqId`).
 * What they must never hold: session cookies, bearer tokens, the signed token of a resume link
 * (`/api/files/resume?token=…` is a credential for five minutes), login and verification codes.
 * Request bodies (where codes travel) are not logged at all; the console SMS and mail drivers,
 * which print the codes on purpose, exist only with APP_ENV=development (config.ts refuses them
 * in production). See docs/decisions/015.
 */

/** Where log lines go (stdout unless a test captures them). */
export interface LogStream {
  write(line: string): void;
}

export const REQUEST_ID_HEADER = 'x-request-id';

/** An incoming X-Request-Id is kept (a proxy's or a client's trace id) only when it looks like one. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@=+/-]{8,128}$/;

/** The request's id: a safe incoming X-Request-Id, or a new UUID. */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Query parameters whose values are credentials: never written to a log. */
const SECRET_QUERY_PARAMS = new Set(['token', 'code', 'otp', 'sig', 'signature', 'key', 'secret']);

/** The URL with the value of every credential-bearing query parameter replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the raw name
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Paths pino blanks out, should any of these ever be logged (the serializers below omit them). */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'req.body',
  'token',
  '*.token',
  'password',
  '*.password',
  // PostgreSQL's error detail quotes the row: "Key (phone_no)=(+91…) already exists", "Failing
  // row contains (…)"; PGlite's errors also carry the query's parameters. The message, code and
  // constraint stay; the values go (session 25).
  'err.detail',
  'err.params',
];

/** Fastify's logger options: JSON lines at the configured level, secrets kept out. */
export function loggerOptions(
  config: Config,
  stream?: LogStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Fastify's default request serializer, with the query's secrets replaced.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** Every answer names its request id, so a user's report can be matched with the log. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
  });
}

/**
 * Behind a load balancer with TRUST_PROXY_HOPS=0, every client is the balancer's address, and the
 * per-IP limits (30 login codes an hour, docs/security.md) hold for the whole site at once: on a
 * launch day, logins start failing with "too many requests" within the hour. The first request
 * that comes with X-Forwarded-For says so in the log, once (session 25, decision 028).
 */
export function registerProxyHint(app: FastifyInstance, trustProxyHops: number): void {
  if (trustProxyHops > 0) return;
  let told = false;
  app.addHook('onRequest', async (request) => {
    if (told || request.headers['x-forwarded-for'] === undefined) return;
    told = true;
    request.log.warn(
      'a request came with X-Forwarded-For but TRUST_PROXY_HOPS=0: if a proxy or load balancer is in front, every client counts as its address for the per-IP limits (docs/deploy.md, TRUST_PROXY_HOPS)',
    );
  });
}
