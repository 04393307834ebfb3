import type { Clock } from '../modules/notifications/clock.ts';

export interface TestClock extends Clock {
  /** From now on the clock reads `at`, and runs on from there. */
  set(at: Date): void;
  /** Jumps forward. */
  advance(ms: number): void;
}

/**
 * The notification worker's clock in tests: real time shifted by an offset the test sets, so a
 * test jumps 30 minutes or to 20:45 IST at once instead of sleeping. It never reads earlier than
 * the real time unless told to: what the database stamps with now() (a message's sent_at, a new
 * job's run_at) is then never in the clock's future.
 */
export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    set(at) {
      offset = at.getTime() - Date.now();
    },
    advance(ms) {
      offset += ms;
    },
  };
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
