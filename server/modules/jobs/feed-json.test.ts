import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feedPage, type FeedPage, type JobCardView } from '#shared/schemas/jobs.ts';
import { plausible, toJsonSchema } from '../../test/fuzz/arbitraries.ts';
import { answerCard, cardHead, feedPageJson } from './feed-json.ts';

// The feed's answer is written from each kept card's text (feed-json.ts) instead of by the
// route's schema: it must be the same value the schema would have written, for any page.

/** What the route's serializer writes: the schema's encoding, as JSON. */
const bySchema = (page: FeedPage) => JSON.parse(JSON.stringify(feedPage.encode(page))) as unknown;

/** The page with its cards as the feed makes kept ones: a copy per answer, presence set after. */
const asKept = (page: FeedPage): FeedPage => {
  const keep = (c: JobCardView) => {
    const copy = answerCard(
      { ...c, recruiter: { ...c.recruiter, isOnline: false }, match: null },
      c.match,
    );
    copy.recruiter.isOnline = c.recruiter.isOnline;
    return copy;
  };
  return { ...page, jobs: page.jobs.map(keep), wider: page.wider.map(keep) };
};

const pages = plausible(toJsonSchema(feedPage)!)
  .filter((v) => feedPage.safeParse(v).success)
  .map((v) => feedPage.parse(v));

const card: JobCardView = {
  id: 'c0a8012e-0000-4000-8000-000000000001',
  title: 'गोदाम सहायक "night" \\ shift "isOnline":false, \u2028 tab\t',
  company: 'Acme',
  location: 'Pune',
  cityId: 12,
  type: 'full_time',
  level: 'entry',
  jobCategory: 'other',
  minSalary: 2.5,
  maxSalary: null,
  status: 'open',
  createdAt: '2026-11-27T08:58:34.169000Z',
  recruiter: {
    id: 'r1',
    fullName: null,
    designation: 'Lead',
    profileImage: null,
    companyLogo: '/media/public/u/r1/logo.webp',
    isVerified: true,
    verifiedDomain: 'acme.in',
    gstRegistered: false,
    isOnline: false,
    replyRate: { rate: 80, medianMinutes: null },
  },
  match: null,
};
const page = (jobs: JobCardView[], wider: JobCardView[] = []): FeedPage => ({
  jobs,
  wider,
  fewMatches: wider.length > 0,
  nextCursor: null,
  types: ['full_time'],
});

describe("the feed's JSON", () => {
  it('is the value the schema writes, for any page, its cards kept or not', () => {
    fc.assert(
      fc.property(pages, fc.boolean(), (p, kept) => {
        expect(JSON.parse(feedPageJson(kept ? asKept(p) : p))).toEqual(bySchema(p));
      }),
      { numRuns: 200 },
    );
  });

  it("writes each answer's presence and reasons on one kept card, never the first answer's", () => {
    // One kept view, two answers (two seekers): the head written for the first serves the second.
    const view: JobCardView = { ...card };
    const first = answerCard(view, null);
    first.recruiter.isOnline = true;
    const reasons = { score: 80, reasons: [{ code: 'nearby' as const, km: 3 }], distanceKm: 3 };
    const second = answerCard(view, reasons);
    expect(JSON.parse(feedPageJson(page([first])))).toEqual(bySchema(page([first])));
    expect(JSON.parse(feedPageJson(page([second])))).toEqual(bySchema(page([second])));
    expect(JSON.parse(feedPageJson(page([second]))).jobs[0]).toMatchObject({
      title: card.title,
      recruiter: { isOnline: false },
      match: reasons,
    });
    expect(JSON.parse(feedPageJson(page([first]))).jobs[0]).toMatchObject({
      recruiter: { isOnline: true },
      match: null,
    });
  });

  it('refuses a card or reasons the schema refuses, as the serializer does', () => {
    expect(() => cardHead({ ...card, status: 'draft' as never })).toThrow();
    expect(() => feedPageJson(page([], [{ ...card, cityId: 'x' as never }]))).toThrow();
    for (const bad of [NaN, Infinity]) {
      const match = { score: bad, reasons: [], distanceKm: null };
      expect(() => feedPage.encode(page([{ ...card, match }]))).toThrow();
      expect(() => feedPageJson(page([{ ...card, match }]))).toThrow();
      const km = { score: 50, reasons: [{ code: 'nearby' as const, km: bad }], distanceKm: 2 };
      expect(() => feedPageJson(page([answerCard(card, km)]))).toThrow();
    }
  });
});
