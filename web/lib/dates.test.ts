import { describe, expect, it } from 'vitest';
import {
  appLocale,
  daysAgo,
  formatDate,
  formatDateTime,
  formatTime,
  formatWeekday,
  relativeDay,
  setTimeZone,
} from './dates.ts';

// Local times: the rules are about the viewer's calendar days.
const now = new Date(2026, 10, 24, 15, 30); // Tuesday 24 Nov 2026, 15:30

describe('dates in Indian English (issue 15)', () => {
  it("the app's language picks its Indian variant", () => {
    expect(appLocale('en')).toBe('en-IN');
    expect(appLocale('hi')).toBe('hi-IN');
    expect(appLocale('en-GB')).toBe('en-GB');
    expect(appLocale('')).toBe('en-IN');
  });

  it('a date is day, short month, year: "22 Nov 2026"', () => {
    expect(formatDate(new Date(2026, 10, 22, 9, 5), 'en')).toBe('22 Nov 2026');
    expect(formatDate(new Date(2025, 5, 1), 'en')).toBe('1 Jun 2025');
    expect(formatDate(new Date(2026, 10, 22).toISOString(), 'en')).toBe('22 Nov 2026');
  });

  it('nothing for a missing or broken date', () => {
    expect(formatDate(null, 'en')).toBe('');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime(undefined, 'en')).toBe('');
    expect(relativeDay('nope', now, 'en')).toBe('');
  });

  it('times are 24-hour HH:MM; a moment is the date and the time', () => {
    expect(formatTime(new Date(2026, 10, 22, 9, 5), 'en')).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 22, 0, 0), 'en')).toBe('00:00');
    expect(formatDateTime(new Date(2026, 10, 22, 18, 40), 'en')).toBe('22 Nov 2026, 18:40');
  });

  it('weekdays short and long', () => {
    expect(formatWeekday(new Date(2026, 10, 23), 'en', 'short')).toBe('Mon');
    expect(formatWeekday(new Date(2026, 10, 23), 'en', 'long')).toBe('Monday');
  });

  it('relative days: today, yesterday, N days ago, then months', () => {
    expect(relativeDay(new Date(2026, 10, 24, 0, 1), now, 'en')).toBe('today');
    expect(relativeDay(new Date(2026, 10, 23, 23, 59), now, 'en')).toBe('yesterday');
    expect(relativeDay(new Date(2026, 10, 22, 12), now, 'en')).toBe('2 days ago');
    expect(relativeDay(new Date(2026, 9, 26, 12), now, 'en')).toBe('29 days ago');
    expect(relativeDay(new Date(2026, 9, 25, 12), now, 'en')).toBe('1 month ago');
    expect(relativeDay(new Date(2026, 7, 1, 12), now, 'en')).toBe('3 months ago');
    // A clock a little ahead: still today.
    expect(relativeDay(new Date(2026, 10, 25, 1), now, 'en')).toBe('today');
  });

  it('counts calendar days', () => {
    expect(daysAgo(new Date(2026, 10, 24, 0, 0), now)).toBe(0);
    expect(daysAgo(new Date(2026, 10, 23, 23, 59), now)).toBe(1);
  });

  it('Hindi follows the same rules in its own words', () => {
    expect(formatDate(new Date(2026, 10, 22), 'hi')).toMatch(/^22 .+ 2026$/);
    expect(relativeDay(new Date(2026, 10, 22, 12), now, 'hi')).not.toBe('2 days ago');
  });
});

describe("in the viewer's time zone, while the server renders for them (decision 024)", () => {
  // 20:00 UTC on 23 Nov: 01:30 on 24 Nov in India, 12:00 on 23 Nov in Los Angeles.
  const moment = new Date(Date.UTC(2026, 10, 23, 20, 0));
  const later = new Date(Date.UTC(2026, 10, 24, 6, 0)); // 11:30 in India, 22:00 the day before in LA

  it("times and dates are those of the zone set, and the device's own once it is cleared", () => {
    try {
      setTimeZone('Asia/Kolkata');
      expect(formatTime(moment, 'en')).toBe('01:30');
      expect(formatDate(moment, 'en')).toBe('24 Nov 2026');
      expect(daysAgo(moment, later)).toBe(0);
      setTimeZone('America/Los_Angeles');
      expect(formatTime(moment, 'en')).toBe('12:00');
      expect(formatDate(moment, 'en')).toBe('23 Nov 2026');
      expect(daysAgo(moment, later)).toBe(0);
      expect(formatWeekday(moment, 'en', 'long')).toBe('Monday');
      setTimeZone('Asia/Kolkata');
      expect(formatWeekday(moment, 'en', 'long')).toBe('Tuesday');
    } finally {
      setTimeZone(undefined);
    }
    // Cleared: the device's zone, as the rest of this file assumes.
    expect(formatTime(new Date(2026, 10, 24, 9, 5), 'en')).toBe('09:05');
  });
});
