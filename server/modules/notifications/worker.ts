import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { systemClock, type Clock } from './clock.ts';
import { onMessage, onSms, type NotifyDeps, type Outcome } from './notify.ts';
import {
  claim,
  complete,
  fail,
  pruneJobs,
  queueDepth,
  reschedule,
  retry,
  type Job,
} from './queue.ts';
import { NOTIFICATIONS } from '#shared/limits.ts';

export interface NotificationOptions {
  /** Where the worker reads the time (tests move it). */
  clock?: Clock;
  /**
   * Run on its own: poll, and run at once when a message is published on the bus (default). Off,
   * only `drain()` runs jobs: the tests that are not about notifications, and the ones that step
   * through time.
   */
  poll?: boolean;
  /** How often it looks for due jobs without a nudge (SMS checks, retries, a dead worker's jobs). */
  pollMs?: number;
  /** Jobs claimed (and sent in parallel) at a time. */
  batch?: number;
}

export interface Notifications {
  /** This worker's name in `notification_jobs.locked_by`. */
  readonly workerId: string;
  /** Runs every job due now, batch after batch, until none is due; returns how many ran. */
  drain(): Promise<number>;
  /** Looks for due jobs soon (after a message was stored). */
  nudge(): void;
  /** Pending jobs due now and scheduled for later (metrics). */
  depth(): Promise<{ due: number; scheduled: number }>;
  /** Stops the timers and waits for the batch in hand. */
  close(): Promise<void>;
}

const PRUNE_EVERY_MS = 3600_000;

/**
 * The notification worker of this instance (decision 016). Every instance runs one; they share
 * the queue through the database, each claiming different jobs.
 */
export function createNotifications(
  deps: NotifyDeps,
  options: NotificationOptions = {},
): Notifications {
  const clock = options.clock ?? systemClock;
  const batch = options.batch ?? 16;
  const leaseMs = deps.config.notify.leaseSeconds * 1000;
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  let closed = false;
  let running: Promise<number> | null = null;
  let again = false;
  let lastPrune = 0;

  async function runJob(job: Job): Promise<void> {
    const now = clock.now();
    let outcome: Outcome;
    try {
      // Claimed again after more attempts than allowed: its workers keep dying on it.
      if (job.attempts > NOTIFICATIONS.maxAttempts) {
        await fail(deps.db, job, now, 'too many attempts');
        return;
      }
      outcome =
        job.kind === 'message' ? await onMessage(deps, job, now) : await onSms(deps, job, now);
    } catch (err) {
      outcome = { type: 'retry', error: (err as Error).message };
    }
    if (outcome.type === 'done') {
      const { also } = outcome;
      await deps.db.tx(async (q) => {
        if ((await complete(q, job, clock.now())) && also) await also(q);
      });
    } else if (outcome.type === 'later') {
      await reschedule(deps.db, job, outcome.at);
    } else {
      const willRetry = await retry(deps.db, job, clock.now(), outcome.error, outcome);
      deps.log.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, error: outcome.error, willRetry },
        willRetry ? 'notification: will retry' : 'notification: failed for good',
      );
    }
  }

  async function runDue(): Promise<number> {
    let total = 0;
    while (!closed) {
      const jobs = await claim(deps.db, workerId, clock.now(), batch, leaseMs);
      if (jobs.length === 0) break;
      await Promise.all(
        jobs.map((job) =>
          runJob(job).catch((err: unknown) =>
            // The job's claim runs out and another attempt takes it.
            deps.log.error({ err, job: job.id }, 'notification: job not recorded'),
          ),
        ),
      );
      total += jobs.length;
    }
    const now = clock.now().getTime();
    if (now - lastPrune >= PRUNE_EVERY_MS && !closed) {
      lastPrune = now;
      await pruneJobs(deps.db, clock.now());
    }
    return total;
  }

  /** One run at a time in this process; a call during a run asks for one more after it. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    const run: Promise<number> = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runDue();
      } while (again && !closed);
      return total;
    })().finally(() => {
      if (running === run) running = null;
    });
    running = run;
    return run;
  }

  const tick = () => {
    if (closed) return;
    drain().catch((err: unknown) => deps.log.error({ err }, 'notifications: run failed'));
  };
  let timer: NodeJS.Timeout | null = null;
  if (options.poll ?? true) {
    timer = setInterval(tick, options.pollMs ?? 2000);
    timer.unref();
    // A message stored on any instance reaches every instance's bus: the first to claim sends.
    deps.bus.onEvent((_users, event) => {
      if (event.type === 'message.created') tick();
    });
  }

  return {
    workerId,
    drain,
    nudge: tick,
    depth: () => queueDepth(deps.db, clock.now()),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
