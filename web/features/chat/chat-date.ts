/**
 * Dates in chats (spec section 9): today the time (HH:MM), yesterday 'Yesterday', within the
 * last 7 days a short weekday, otherwise the full date. Calendar days in the viewer's time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(d: Date): number {
  // Local calendar day, immune to DST (UTC of the local y/m/d).
  return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
}

/** 0 today, 1 yesterday, ... (negative for a date in the future). */
export function daysAgo(date: Date, now: Date): number {
  return dayNumber(now) - dayNumber(date);
}

export function clockTime(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

export function fullDate(date: Date, language: string): string {
  return new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(date);
}

/** The time shown on a chat list row. */
export function chatTime(
  iso: string | null,
  now: Date,
  language: string,
  yesterday: string,
): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const ago = daysAgo(date, now);
  if (ago <= 0) return clockTime(date, language);
  if (ago === 1) return yesterday;
  if (ago < 7) return new Intl.DateTimeFormat(language, { weekday: 'short' }).format(date);
  return fullDate(date, language);
}

/** The label of a date separator in a conversation (same rule, a day instead of a time). */
export function dayLabel(
  date: Date,
  now: Date,
  language: string,
  words: { today: string; yesterday: string },
): string {
  const ago = daysAgo(date, now);
  if (ago <= 0) return words.today;
  if (ago === 1) return words.yesterday;
  if (ago < 7) return new Intl.DateTimeFormat(language, { weekday: 'long' }).format(date);
  return fullDate(date, language);
}
