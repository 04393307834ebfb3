/**
 * Where the notification worker reads the time: the system clock, or one a test sets and moves
 * (server/test/clock.ts). Every rule of the queue and the SMS fallback (due jobs, leases, backoff,
 * the 30-minute wait, the 12-hour cap, quiet hours) asks this, never Date.now().
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
