import { describe, expect, it } from 'vitest';
import { english, type MessageKey } from './messages.ts';

// Message keys are typed from en.ts (keys.ts): these lines are checked by `tsc` (npm run check),
// where a misspelt key is an error. Each `@ts-expect-error` fails the typecheck if the key type
// ever accepts what it must refuse.

describe('typed message keys', () => {
  it('accepts real keys, plural keys by their base, and refuses anything else', () => {
    const keys: MessageKey[] = ['login.title', 'recruiterHome.applications', 'replyRate.days'];
    expect(keys.map((key) => english(key, { count: 2 }))).toEqual([
      'Welcome',
      '2 applications',
      'usually within 2 days',
    ]);
    // @ts-expect-error a misspelt key
    english('login.titel');
    // @ts-expect-error a namespace is not a text
    english('login');
    // @ts-expect-error a plural form is used through its base, with a count
    english('replyRate.days_one');
    const page = 'about' as 'about' | 'companies';
    // A key built from typed parts still checks.
    expect(english(`info.${page}Title`)).toBe('About NearHire');
  });
});
