import { describe, expect, it } from 'vitest';
import { cutText } from './text-cut.ts';

describe('cutText', () => {
  it('keeps a text that fits, cuts a longer one to the length with its ellipsis', () => {
    expect(cutText('hello', 5, '…')).toBe('hello');
    expect(cutText('hello world', 6, '…')).toBe('hello…');
    expect(cutText('hello world', 5)).toBe('hello');
  });

  it('never splits an emoji or a Hindi conjunct', () => {
    // 'ab' + an emoji (two UTF-16 units): a cut at 3 units would keep half of it.
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    // 'क्ष' is one grapheme of three units: a cut inside it would leave 'क्'.
    expect(cutText('नक्षा', 3)).toBe('न');
    expect(cutText('नक्षा', 4, '…')).toBe('न…');
    for (let max = 1; max < 12; max++) {
      const cut = cutText('ab😀cd नक्षा', max, '…');
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut.isWellFormed()).toBe(true);
    }
  });
});
