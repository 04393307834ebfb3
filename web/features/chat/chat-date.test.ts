import { describe, expect, it } from 'vitest';
import { chatTime, dayLabel, daysAgo } from './chat-date.ts';

// Local times: the rules are about the viewer's calendar days.
const now = new Date(2025, 5, 18, 15, 30); // Wednesday 18 June 2025, 15:30
const at = (d: number, h: number, m = 0) => new Date(2025, 5, d, h, m).toISOString();

describe('chat dates (spec section 9)', () => {
  it('today shows HH:MM', () => {
    expect(chatTime(at(18, 9, 5), now, 'en', 'Yesterday')).toBe('09:05');
    expect(chatTime(at(18, 0, 0), now, 'en', 'Yesterday')).toBe('00:00');
  });
  it("yesterday shows 'Yesterday', even a minute before midnight", () => {
    expect(chatTime(at(17, 23, 59), now, 'en', 'Yesterday')).toBe('Yesterday');
    expect(chatTime(at(17, 0, 1), now, 'en', 'Yesterday')).toBe('Yesterday');
  });
  it('within 7 days a short weekday, then the full date', () => {
    expect(chatTime(at(16, 12), now, 'en', 'Yesterday')).toBe('Mon');
    expect(chatTime(at(12, 12), now, 'en', 'Yesterday')).toBe('Thu');
    expect(chatTime(at(11, 12), now, 'en', 'Yesterday')).toBe('11 Jun 2025');
    expect(chatTime(new Date(2024, 11, 31, 8).toISOString(), now, 'en', 'Yesterday')).toBe(
      '31 Dec 2024',
    );
  });
  it('nothing for a missing or broken time', () => {
    expect(chatTime(null, now, 'en', 'Yesterday')).toBe('');
    expect(chatTime('not a date', now, 'en', 'Yesterday')).toBe('');
  });
  it('counts calendar days', () => {
    expect(daysAgo(new Date(2025, 5, 18, 0, 0), now)).toBe(0);
    expect(daysAgo(new Date(2025, 5, 17, 23, 59), now)).toBe(1);
    expect(daysAgo(new Date(2025, 4, 31, 12), now)).toBe(18);
  });
  it('separators say Today, Yesterday, a weekday or the date', () => {
    const words = { today: 'Today', yesterday: 'Yesterday' };
    expect(dayLabel(new Date(2025, 5, 18, 1), now, 'en', words)).toBe('Today');
    expect(dayLabel(new Date(2025, 5, 17, 1), now, 'en', words)).toBe('Yesterday');
    expect(dayLabel(new Date(2025, 5, 15, 1), now, 'en', words)).toBe('Sunday');
    expect(dayLabel(new Date(2025, 5, 1, 1), now, 'en', words)).toBe('1 Jun 2025');
  });
});
