import { describe, expect, it } from 'vitest';
import { english } from '#shared/i18n/messages.ts';
import type { CandidateView as Candidate } from '#shared/schemas/matching.ts';
import { distanceText } from './candidate-format.ts';

const candidate = (distanceKm: number | null, remote = false) =>
  ({ distanceKm, reasons: remote ? [{ code: 'remote' }] : [] }) as unknown as Candidate;

describe('distanceText', () => {
  it('says "In your city" under half a kilometre, never "0 km away"', () => {
    expect(distanceText(english, candidate(0))).toBe('In your city');
    expect(distanceText(english, candidate(0.4))).toBe('In your city');
    expect(distanceText(english, candidate(0.6))).toBe('1 km away');
    expect(distanceText(english, candidate(12.3))).toBe('12 km away');
  });

  it("says Remote, or the spec's '20 KM+' when the distance cannot be known", () => {
    expect(distanceText(english, candidate(null, true))).toBe('Remote');
    expect(distanceText(english, candidate(null))).toBe('20 KM+');
  });
});
