import { describe, expect, it } from 'vitest';
import {
  CANDIDATE_WEIGHTS,
  profileFits,
  scoreCandidate,
  titleWords,
  distanceKm,
  scoreJob,
  salaryOverlaps,
  WEIGHTS,
  type JobSide,
  type SeekerSide,
} from './matching.ts';

const BLR = { lat: 12.9719, lon: 77.5937 };
const MYSURU = { lat: 12.2958, lon: 76.6394 };
const seeker: SeekerSide = {
  jobCategory: 'sales_bd',
  jobType: 'full_time',
  experienceRange: '1_3',
  salaryRange: '3_6',
  ...BLR,
};
const none: JobSide = {
  jobCategory: 'other',
  type: 'contract',
  level: 'senior',
  minSalary: null,
  maxSalary: null,
  remote: false,
  lat: null,
  lon: null,
};

describe('distance', () => {
  it('is zero for the same point and right for Bengaluru to Mysuru (~128 km)', () => {
    expect(distanceKm(BLR.lat, BLR.lon, BLR.lat, BLR.lon)).toBe(0);
    const km = distanceKm(BLR.lat, BLR.lon, MYSURU.lat, MYSURU.lon);
    expect(km).toBeGreaterThan(125);
    expect(km).toBeLessThan(131);
  });
  it('Delhi to Mumbai is about 1,150 km', () => {
    expect(Math.round(distanceKm(28.6519, 77.2315, 19.0728, 72.8826) / 50) * 50).toBe(1150);
  });
});

describe('match score', () => {
  it('no overlap at all scores 0 with no reasons', () => {
    expect(scoreJob(seeker, none)).toEqual({ score: 0, reasons: [], distanceKm: null });
  });
  it.each([
    ['category', { jobCategory: 'sales_bd' }, WEIGHTS.category],
    ['jobType', { type: 'full_time' }, WEIGHTS.jobType],
    ['experience', { level: '1_3' }, WEIGHTS.experience],
    ['salary', { minSalary: 4, maxSalary: 8 }, WEIGHTS.salary],
    ['remote', { remote: true }, WEIGHTS.distance / 2],
  ] as const)('%s alone', (code, over, points) => {
    const result = scoreJob(seeker, { ...none, ...over });
    expect(result.score).toBe(points);
    expect(result.reasons).toEqual([{ code }]);
  });
  it('distance alone, by band', () => {
    const same = scoreJob(seeker, { ...none, ...BLR });
    expect(same).toEqual({
      score: WEIGHTS.distance,
      reasons: [{ code: 'nearby', km: 0 }],
      distanceKm: 0,
    });
    const mysuru = scoreJob(seeker, { ...none, ...MYSURU });
    expect(mysuru.score).toBe(0); // beyond 100 km
    expect(mysuru.distanceKm).toBeGreaterThan(125);
    const close = scoreJob(seeker, { ...none, lat: BLR.lat + 0.15, lon: BLR.lon }); // ~17 km
    expect(close.score).toBe(WEIGHTS.distance * 0.75);
    expect(close.reasons).toEqual([{ code: 'nearby', km: 17 }]);
  });
  it('all together make 100', () => {
    const all = scoreJob(seeker, {
      jobCategory: 'sales_bd',
      type: 'full_time',
      level: '1_3',
      minSalary: 5,
      maxSalary: 7,
      remote: false,
      ...BLR,
    });
    expect(all.score).toBe(100);
    expect(all.reasons.map((r) => r.code)).toEqual([
      'category',
      'jobType',
      'experience',
      'salary',
      'nearby',
    ]);
  });
  it('5+ and 8+ years match 5+ years and Senior; a Fresher matches Entry Level', () => {
    expect(
      scoreJob({ ...seeker, experienceRange: '5_plus' }, { ...none, level: 'senior' }).score,
    ).toBe(WEIGHTS.experience);
    expect(
      scoreJob({ ...seeker, experienceRange: '8_plus' }, { ...none, level: '5_plus' }).score,
    ).toBe(WEIGHTS.experience);
    expect(
      scoreJob({ ...seeker, experienceRange: 'fresher' }, { ...none, level: 'entry' }).score,
    ).toBe(WEIGHTS.experience);
  });
});

describe('salary overlap', () => {
  it.each([
    ['3_6', 2, 3, true],
    ['3_6', 6, 9, true],
    ['3_6', 6.5, 9, false],
    ['under_3', 3.5, null, false],
    ['10_plus', 12, null, true],
    ['10_plus', null, 9, false],
    ['6_10', null, null, false],
    [null, 5, 6, false],
  ] as const)('%s vs %s-%s → %s', (bucket, min, max, expected) => {
    expect(salaryOverlaps(bucket, min, max)).toBe(expected);
  });
});

describe('candidate score', () => {
  const seekerC = { ...seeker, profileText: 'Sales executive with field sales experience' };
  const jobC = { ...none, title: 'Regional Sales Head' };
  it('no overlap at all scores 0', () => {
    expect(
      scoreCandidate({ ...seekerC, profileText: 'Chef' }, { ...jobC, title: 'Accountant' }),
    ).toEqual({ score: 0, reasons: [], distanceKm: null });
  });
  it('the profile fitting the job title alone', () => {
    const r = scoreCandidate(seekerC, jobC);
    expect(r.score).toBe(CANDIDATE_WEIGHTS.profile);
    expect(r.reasons).toEqual([{ code: 'profile' }]);
  });
  it('all together make 100', () => {
    const all = scoreCandidate(seekerC, {
      ...jobC,
      jobCategory: 'sales_bd',
      type: 'full_time',
      level: '1_3',
      minSalary: 4,
      maxSalary: 5,
      ...BLR,
    });
    expect(all.score).toBe(100);
    expect(all.reasons.map((x) => x.code)).toEqual([
      'category',
      'jobType',
      'experience',
      'salary',
      'profile',
      'nearby',
    ]);
  });
  it('title words skip filler', () => {
    expect(titleWords('Senior Sales Executive - Retail & FMCG')).toEqual([
      'sales',
      'retail',
      'fmcg',
    ]);
    expect(profileFits('I love retail', 'Retail Associate')).toBe(true);
    expect(profileFits('I love cooking', 'Retail Associate')).toBe(false);
  });
});
