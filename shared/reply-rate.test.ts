import { describe, expect, it } from 'vitest';
import { REPLY_RATE, replyRateOf, replyTime } from './reply-rate.ts';

describe('replyRateOf', () => {
  it('is null under the minimum number of conversations', () => {
    expect(REPLY_RATE.minConversations).toBe(5);
    expect(replyRateOf(0, 0, null)).toBeNull();
    expect(replyRateOf(4, 4, 600)).toBeNull();
  });

  it('rounds the share and turns the median into minutes', () => {
    expect(replyRateOf(6, 4, 4500)).toEqual({ rate: 67, medianMinutes: 75 });
    expect(replyRateOf(5, 5, 20)).toEqual({ rate: 100, medianMinutes: 1 });
    expect(replyRateOf(10, 9, 7200)).toEqual({ rate: 90, medianMinutes: 120 });
  });

  it('has no time when nothing was answered', () => {
    expect(replyRateOf(5, 0, null)).toEqual({ rate: 0, medianMinutes: null });
  });
});

describe('replyTime', () => {
  it.each([
    [0, 'minutes', 1],
    [1, 'minutes', 1],
    [30, 'minutes', 30],
    [59, 'minutes', 59],
    [60, 'hours', 1],
    [61, 'hours', 2],
    [120, 'hours', 2],
    [24 * 60, 'hours', 24],
    [24 * 60 + 1, 'days', 2],
    [3 * 24 * 60, 'days', 3],
  ] as const)('%d minutes read as %s: %d', (minutes, unit, count) => {
    expect(replyTime(minutes)).toEqual({ unit, count });
  });
});
