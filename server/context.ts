import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { DevOutbox } from './adapters/outbox.ts';
import type { SmsDriver } from './adapters/sms.ts';
import type { OneTimeCodes } from './lib/one-time-codes.ts';
import type { Storage } from './adapters/storage.ts';
import type { MailDriver } from './adapters/mail.ts';
import type { Bus } from './adapters/bus.ts';
import type { CandidateScores } from './modules/matching/candidate-scores.ts';
import type { Metrics } from './plugins/metrics.ts';
import type { ReplyRates } from './modules/reply-rate/reply-rate.ts';
import type { Notifications } from './modules/notifications/worker.ts';

/** What route modules and services need, built once in app.ts. */
export interface Ctx {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  outbox: DevOutbox;
  sms: SmsDriver;
  mail: MailDriver;
  codes: OneTimeCodes;
  storage: Storage;
  /** Realtime fan-out and presence (in-process, or Redis with REDIS_URL). */
  bus: Bus;
  /** Precomputed recommended candidates: drain() refreshes, nudge() schedules a refresh. */
  matching: CandidateScores;
  /** Reply-rate stats and the 7-day auto-close (decision 011): refresh() runs both now. */
  replyRates: ReplyRates;
  /** Prometheus counters and gauges (server/plugins/metrics.ts), served at GET /metrics. */
  metrics: Metrics;
  /** The notification queue's worker (decision 016): push, and the SMS fallback. */
  notifications: Notifications;
  /** Set once a stop has begun (plugins/operations.ts `announceStop`): readiness says 503. */
  lifecycle: { stopping: boolean };
}
