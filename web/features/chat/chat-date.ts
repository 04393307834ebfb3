/**
 * Dates in chats (spec section 9): today the time (HH:MM), yesterday 'Yesterday', within the
 * last 7 days a short weekday, otherwise the full date. Calendar days in the viewer's time zone.
 */

import { daysAgo, formatDate, formatTime, formatWeekday } from '../../lib/dates.ts';

export { daysAgo };

/** HH:MM (24-hour) in the app's language, Indian conventions (lib/dates.ts). */
export const clockTime = formatTime;

/** "22 Nov 2026" (lib/dates.ts). */
export const fullDate = (date: Date, language: string): string => formatDate(date, language);

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
  if (ago < 7) return formatWeekday(date, language, 'short');
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
  if (ago < 7) return formatWeekday(date, language, 'long');
  return fullDate(date, language);
}
