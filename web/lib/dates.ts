/**
 * Every date the app shows, in Indian conventions (issue 15 point 4): "22 Nov 2026", 24-hour
 * clock times, "2 days ago". The app's language (`i18n.language`: 'en' or 'hi') picks the
 * Indian variant of that language ('en' → 'en-IN', 'hi' → 'hi-IN': decision 026).
 */

import { dateTimeFormat, relativeTimeFormat } from './intl-cache.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

// The time zone dates are shown in: this device's own (undefined), or, while the server renders a
// screen for someone (decision 024), the zone their browser reported (web/lib/time-zone.ts), so
// the HTML shows the times and days their phone will.
let zone: string | undefined;

export function setTimeZone(timeZone: string | undefined): void {
  zone = timeZone;
}

const inZone = <T extends Intl.DateTimeFormatOptions>(options: T): T =>
  zone ? { ...options, timeZone: zone } : options;

/** The Intl locale for the app's language: its Indian variant unless a region is given. */
export function appLocale(language: string): string {
  const lang = language.trim() || 'en';
  return lang.includes('-') ? lang : `${lang}-IN`;
}

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "22 Nov 2026"; '' for a missing or broken date. */
export function formatDate(value: string | Date | null | undefined, language: string): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  return dateTimeFormat(
    appLocale(language),
    inZone({ day: 'numeric', month: 'short', year: 'numeric' }),
  ).format(date);
}

/** "22 Nov 2026, 09:05": a moment (moderation queue, history). */
export function formatDateTime(value: string | Date | null | undefined, language: string): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  return `${formatDate(date, language)}, ${formatTime(date, language)}`;
}

/** "09:05" (24-hour, as chats show it: spec section 9 "HH:MM"). */
export function formatTime(date: Date, language: string): string {
  return dateTimeFormat(
    appLocale(language),
    inZone({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(date);
}

/** A weekday name ("Mon" short, "Monday" long). */
export function formatWeekday(date: Date, language: string, width: 'short' | 'long'): string {
  return dateTimeFormat(appLocale(language), inZone({ weekday: width })).format(date);
}

function dayNumber(d: Date): number {
  // The calendar day where the viewer is, immune to DST (UTC of the local y/m/d).
  if (!zone) return Math.round(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS);
  const [y, m, day] = dateTimeFormat(
    'en-CA',
    inZone({ year: 'numeric', month: '2-digit', day: '2-digit' }),
  )
    .format(d)
    .split('-')
    .map(Number);
  return Math.round(Date.UTC(y!, m! - 1, day!) / DAY_MS);
}

/** Calendar days between a date and now in the viewer's time zone: 0 today, 1 yesterday... */
export function daysAgo(date: Date, now: Date): number {
  return dayNumber(now) - dayNumber(date);
}

/**
 * How long ago, in calendar days: "today", "yesterday", "2 days ago"; from 30 days on in months
 * ("1 month ago"). A date in the future (a clock ahead of the server's) reads as today; '' for a
 * missing or broken date.
 */
export function relativeDay(
  value: string | Date | null | undefined,
  now: Date,
  language: string,
): string {
  const date = value ? toDate(value) : null;
  if (!date) return '';
  const days = Math.max(0, daysAgo(date, now));
  const locale = appLocale(language);
  if (days < 30) return relativeTimeFormat(locale, { numeric: 'auto' }).format(-days, 'day');
  const months = Math.floor(days / 30);
  return relativeTimeFormat(locale, { numeric: 'always' }).format(-months, 'month');
}
