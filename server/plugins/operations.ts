import type { FastifyInstance } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { getHeapStatistics } from 'node:v8';
import { OPERATIONS } from '#shared/limits.ts';
import { AppError } from '../lib/errors.ts';

/** Routes a load balancer or an orchestrator probes: answered even under pressure. */
const NEVER_SHED = new Set(['/api/health', '/api/ready']);

export interface OverloadOptions {
  /** Mean event-loop delay (ms) over a sample above which requests are shed. */
  maxEventLoopDelayMs: number;
  /** Heap in use (bytes) above which requests are shed. */
  maxHeapUsedBytes: number;
  /** How often (ms) the process is sampled. */
  sampleIntervalMs: number;
}

export const defaultOverload = (): OverloadOptions => ({
  maxEventLoopDelayMs: OPERATIONS.maxEventLoopDelayMs,
  maxHeapUsedBytes: Math.round(getHeapStatistics().heap_size_limit * OPERATIONS.maxHeapShare),
  sampleIntervalMs: 1000,
});

/**
 * Load shedding (@fastify/under-pressure): while the event loop lags or the heap is nearly full,
 * new requests are answered 503 with Retry-After at once instead of queueing without bound (a
 * load balancer retries them elsewhere; the web app's API client reads Retry-After). Health and
 * readiness are always answered.
 */
export async function registerOverload(
  app: FastifyInstance,
  options: Partial<OverloadOptions> = {},
): Promise<void> {
  const o = { ...defaultOverload(), ...options };
  await app.register(underPressure, {
    maxEventLoopDelay: o.maxEventLoopDelayMs,
    maxHeapUsedBytes: o.maxHeapUsedBytes,
    sampleInterval: o.sampleIntervalMs,
    retryAfter: OPERATIONS.retryAfterSeconds,
    // Resolving lets the request through; throwing answers it through the error handler.
    pressureHandler: async (request, _reply, type, value) => {
      if (NEVER_SHED.has(request.routeOptions.url ?? '')) return;
      request.log.warn({ type, value }, 'overloaded: request shed');
      throw new AppError(503, 'errors.unavailable', undefined, {
        'retry-after': String(OPERATIONS.retryAfterSeconds),
      });
    },
  });
}

/**
 * Graceful close, the HTTP side. Once app.close() has begun, every answer says
 * `Connection: close`, so a keep-alive client sends its next request elsewhere, and connections
 * that fall idle are closed as they do (Node's server.close() closes only those idle at that
 * moment, and would then wait for the others' keep-alive timeout). Requests in flight finish.
 */
export function registerDraining(app: FastifyInstance): void {
  let draining = false;
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), 200);
    reaper.unref();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (draining && request.raw.httpVersionMajor === 1) void reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => clearInterval(reaper));
}

/**
 * The first step of a stop with a delay (SHUTDOWN_DELAY_SECONDS): readiness answers 503 at once
 * while the instance goes on accepting and serving for `delayMs`. An orchestrator that sends
 * SIGTERM as it takes the instance out of its load balancer (Kubernetes does both at once) still
 * routes requests here for a few seconds; without the delay those would be refused or reset.
 */
export async function announceStop(
  app: FastifyInstance,
  lifecycle: { stopping: boolean },
  delayMs: number,
): Promise<void> {
  lifecycle.stopping = true;
  if (delayMs <= 0) return;
  app.log.info({ delayMs }, 'stopping: readiness says 503, serving until the delay ends');
  await new Promise((resolve) => setTimeout(resolve, delayMs));
}

/**
 * A graceful stop (SIGTERM, SIGINT; server/main.ts), after `announceStop`, in this order:
 * 1. app.close() begins: answers from now on carry `Connection: close`; every WebSocket is told
 *    "restarting" (1012; the web app reconnects at once) and cut after a short grace;
 * 2. the server stops accepting connections, closes idle keep-alive ones and waits for the
 *    requests in flight — for at most `deadlineMs`, after which their connections are cut;
 * 3. then the onClose hooks: background workers, the bus (Redis) and the database pool last.
 * Until step 3 nothing a request needs is closed: closing the pool under running requests was the
 * old bug ("Cannot use a pool after calling end on the pool"; see docs/decisions/015).
 */
export async function shutdown(
  app: FastifyInstance,
  deadlineMs: number = OPERATIONS.shutdownDeadlineMs,
): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn({ deadlineMs }, 'shutdown: deadline reached, cutting the connections still open');
    app.server.closeAllConnections();
  }, deadlineMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
