import { describe, expect, it } from 'vitest';
import { JOB_TYPES, ROOM_STATUSES, pickLabel, pickOptions, yearOptions } from './picklists.ts';

describe('pick-lists', () => {
  it('one code per value, labels from the catalogue', () => {
    expect(JOB_TYPES).toEqual(['full_time', 'part_time', 'contract', 'internship']);
    expect(pickLabel('jobType', 'full_time')).toBe('Full-time');
    expect(pickLabel('financingStatus', 'seed')).toBe('Seed funded');
  });
  it('room statuses are the six of the hiring dialog', () => {
    expect(ROOM_STATUSES).toEqual([
      'initiated',
      'interested',
      'shortlisted',
      'interviewing',
      'rejected',
      'hired',
    ]);
  });
  it('options pair codes with labels', () => {
    expect(pickOptions('gender')).toEqual([
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
    ]);
  });
  it('year lists start at current year + 5 and run down (year - 1980 + 10) entries', () => {
    const years = yearOptions(new Date('2026-06-01'));
    expect(years[0]).toBe(2031);
    expect(years).toHaveLength(56);
    expect(years.at(-1)).toBe(1976);
  });
});
