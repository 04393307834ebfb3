import { NOTIFICATIONS } from '#shared/limits.ts';

// India has one time zone and no daylight saving: IST is always UTC+05:30.
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 24 * 3600_000;

/** The hour of the day (0-23) in IST. */
export function istHour(at: Date): number {
  return new Date(at.getTime() + IST_OFFSET_MS).getUTCHours();
}

/**
 * The first moment at or after `at` when an SMS may go: `at` itself between 09:00 and 21:00 IST,
 * otherwise the next 09:00 IST (NOTIFICATIONS.quietStartHourIst / quietEndHourIst).
 */
export function smsAllowedFrom(at: Date): Date {
  const hour = istHour(at);
  const { quietStartHourIst: start, quietEndHourIst: end } = NOTIFICATIONS;
  if (hour >= end && hour < start) return at;
  const local = new Date(at.getTime() + IST_OFFSET_MS);
  const endToday =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), end) - IST_OFFSET_MS;
  return new Date(hour >= start ? endToday + DAY_MS : endToday);
}

/** A moment given as an IST wall-clock time (tests and examples): `ist('2030-01-15 20:45')`. */
export function ist(wallClock: string): Date {
  return new Date(`${wallClock.replace(' ', 'T')}:00+05:30`);
}
