import { describe, expect, it } from 'vitest';
import { ist, istHour, smsAllowedFrom } from './quiet-hours.ts';

describe('SMS quiet hours (21:00-09:00 IST)', () => {
  it.each([
    ['2030-01-15 09:00', '2030-01-15 09:00'],
    ['2030-01-15 14:10', '2030-01-15 14:10'],
    ['2030-01-15 20:59', '2030-01-15 20:59'],
    ['2030-01-15 21:00', '2030-01-16 09:00'],
    ['2030-01-15 23:59', '2030-01-16 09:00'],
    ['2030-01-16 00:00', '2030-01-16 09:00'],
    ['2030-01-16 05:29', '2030-01-16 09:00'],
    ['2030-01-16 08:59', '2030-01-16 09:00'],
    // Month and year ends.
    ['2030-01-31 22:00', '2030-02-01 09:00'],
    ['2030-12-31 21:30', '2031-01-01 09:00'],
  ])('at %s IST an SMS may go at %s', (at, allowed) => {
    expect(smsAllowedFrom(ist(at))).toEqual(ist(allowed));
  });

  it('a second before 09:00 waits the second; IST is UTC+05:30 all year', () => {
    const justBefore = new Date(ist('2030-06-01 09:00').getTime() - 1000);
    expect(smsAllowedFrom(justBefore)).toEqual(ist('2030-06-01 09:00'));
    expect(ist('2030-06-01 09:00').toISOString()).toBe('2030-06-01T03:30:00.000Z');
    expect(istHour(new Date('2030-06-01T15:29:59Z'))).toBe(20);
    expect(istHour(new Date('2030-06-01T15:30:00Z'))).toBe(21);
  });
});
