import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CodePurpose } from '../lib/one-time-codes.ts';

/**
 * Prometheus metrics (prom-client), one registry per app so that several apps in one process (the
 * tests) never share or collide. Labels are bounded sets: a route's pattern
 * (`/api/jobs/:id`, never the raw URL), the method, the status class, a code's purpose — never an
 * id, a phone or a path someone typed. See docs/decisions/015 "Metrics".
 */
export type CodeFailure = 'wrong' | 'dead' | 'limited';
/** What became of one push (per browser) or SMS the notification worker tried to send. */
export type NotificationOutcome = 'sent' | 'gone' | 'failed';

export interface Metrics {
  registry: Registry;
  /** A chat message was stored (a retry of a stored one is not counted again). */
  messageSent(): void;
  /** A login or e-mail code was handed to the SMS or mail provider. */
  codeSent(purpose: CodePurpose): void;
  /** A code check failed: wrong/expired/used, dead (too many tries) or rate-limited. */
  codeFailed(purpose: CodePurpose, reason: CodeFailure): void;
  /** A push (per browser) or an SMS was sent, found gone (404/410) or failed (to be retried). */
  notification(channel: 'push' | 'sms', outcome: NotificationOutcome): void;
  /** Where the open-sockets gauge reads its value (realtime.ts's connection map). */
  countSocketsWith(count: () => number): void;
  /** Where the queue-depth gauge reads its values, at scrape time. */
  measureQueuesWith(depths: () => Promise<Record<string, number>>): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  let countSockets = (): number => 0;
  let measureQueues = async (): Promise<Record<string, number>> => ({});

  new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'WebSockets open on this instance',
    registers: [registry],
    collect() {
      this.set(countSockets());
    },
  });
  const messages = new Counter({
    name: 'chat_messages_sent_total',
    help: 'Chat messages stored',
    registers: [registry],
  });
  const codesSent = new Counter({
    name: 'login_codes_sent_total',
    help: 'One-time codes handed to the SMS or mail provider, by purpose',
    labelNames: ['purpose'] as const,
    registers: [registry],
  });
  const codeFailures = new Counter({
    name: 'login_code_failures_total',
    help: 'Failed one-time code checks, by purpose and reason',
    labelNames: ['purpose', 'reason'] as const,
    registers: [registry],
  });
  const notifications = new Counter({
    name: 'notifications_total',
    help: 'Pushes (per browser) and SMS the notification worker sent, found gone or failed',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Work waiting in the background queues (candidate scores: queued seekers, stale recruiters; notifications: due now, scheduled later)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const [queue, depth] of Object.entries(await measureQueues()))
        this.set({ queue }, depth);
    },
  });

  return {
    registry,
    messageSent: () => messages.inc(),
    codeSent: (purpose) => codesSent.inc({ purpose }),
    codeFailed: (purpose, reason) => codeFailures.inc({ purpose, reason }),
    notification: (channel, outcome) => notifications.inc({ channel, outcome }),
    countSocketsWith(count) {
      countSockets = count;
    },
    measureQueuesWith(depths) {
      measureQueues = depths;
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** A request a proxy passed on is never "from loopback", whatever the proxy's own address. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read /metrics: with METRICS_TOKEN set, only `Authorization: Bearer <token>`; without
 * it, only a request from this machine that no proxy forwarded (a proxy on the same host would
 * otherwise make every visitor look local).
 */
export function mayScrape(request: FastifyRequest, token: string | null): boolean {
  if (token) {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    return timingSafeEqual(digest(given), digest(token));
  }
  if (FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)) return false;
  return LOOPBACK.has(request.ip) && LOOPBACK.has(request.socket.remoteAddress ?? '');
}

/**
 * A request's route label: its pattern, 'unmatched', or 'static' for the web app's files.
 * @fastify/static registers a route per file (wildcard off), each marked with `config.file`: one
 * label each would be hundreds of series per build, renamed by every deploy.
 */
function routeLabel(request: FastifyRequest): string {
  if ((request.routeOptions.config as { file?: unknown } | undefined)?.file !== undefined)
    return 'static';
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Times every request into the histogram and serves GET /metrics. The route is outside /api/, so
 * the auth hook lets it through (it guards /api routes only) and names no policy: `mayScrape` is
 * its guard, and anyone else gets the same 404 as an unknown path.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | null,
): void {
  const duration = metrics.registry.getSingleMetric('http_request_duration_seconds') as Histogram<
    'method' | 'route' | 'status'
  >;
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: routeLabel(request),
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get(
    '/metrics',
    { schema: { hide: true } },
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (!mayScrape(request, token)) return reply.callNotFound();
      void reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store');
      return metrics.registry.metrics();
    },
  );
}
