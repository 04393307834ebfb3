import { describe, expect, it } from 'vitest';
import { textIn } from '#shared/i18n/texts.ts';
import type { TFunction } from './i18n.ts';
import { jobPlace } from './job-format.ts';

const hindi: TFunction = (key, vars) => textIn('hi', key, vars);

describe('jobPlace', () => {
  it("says a remote job's place in the reader's language, a city's name as it is", () => {
    expect(jobPlace(hindi, { location: 'Remote', cityId: null })).toBe('रिमोट');
    expect(jobPlace(hindi, { location: 'Remote', city: null })).toBe('रिमोट');
    expect(jobPlace(hindi, { location: 'Pune', cityId: 7 })).toBe('Pune');
    expect(jobPlace(hindi, { location: 'Pune', city: { slug: 'pune' } })).toBe('Pune');
  });
});
