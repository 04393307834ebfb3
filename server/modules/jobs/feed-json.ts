import { jobCard, type FeedPage, type JobCardView } from '#shared/schemas/jobs.ts';

// A feed page's JSON, written from each card's text made once (decision 020, "A page's JSON").
//
// A card is the same for every seeker but for its recruiter's presence and the seeker's reasons
// (feed-cards.ts). Encoding the whole 15 KB page through zod and JSON.stringify on every answer
// was the largest part of a kept page's own server time (12% of its profile, more than the feed's
// code). So a kept card's JSON is written once, up to the presence (its "head"), checked by the
// card's schema as the route's serializer checks it, and each answer adds only what is its own.
// The route sends the text as it is: Fastify serializes no string it is given as JSON.

/** Heads by card: a kept card's view, and each answer's copy of it (`answerCard`). */
const heads = new WeakMap<object, string>();

/**
 * A card's JSON up to its recruiter's presence: `{...the job,"recruiter":{...,"isOnline":`.
 * Encoded by the card's schema first, so a card the schema refuses throws, as the serializer would.
 */
export function cardHead(card: JobCardView): string {
  // The encoding is a new object: the parts each answer writes itself are taken out of it.
  const { recruiter, ...job }: Partial<JobCardView> = jobCard.encode({ ...card, match: null });
  const who: Partial<JobCardView['recruiter']> = recruiter!;
  delete job.match;
  delete who.isOnline;
  return `${JSON.stringify(job).slice(0, -1)},"recruiter":${JSON.stringify(who).slice(0, -1)},"isOnline":`;
}

/** The head of a kept card's view, written once while the card is kept. */
function keptHead(view: JobCardView): string {
  let head = heads.get(view);
  if (head === undefined) heads.set(view, (head = cardHead(view)));
  return head;
}

/**
 * One answer's copy of a kept card, with this seeker's reasons. The route may set its recruiter's
 * presence (`isOnline`), which the page's JSON reads from the copy; nothing else of it may change.
 */
export function answerCard(view: JobCardView, match: JobCardView['match']): JobCardView {
  const copy = { ...view, recruiter: { ...view.recruiter }, match };
  heads.set(copy, keptHead(view));
  return copy;
}

const finite = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isFinite(n);

/**
 * The seeker's reasons (`scoreJob`'s, whose type is the schema's) as JSON. A number the schema
 * refuses (NaN, Infinity: JSON would write null) is refused here too, for a few comparisons
 * instead of the schema's walk of every card.
 */
function matchJson(match: JobCardView['match']): string {
  if (!match) return 'null';
  if (
    !finite(match.score) ||
    !finite(match.distanceKm) ||
    !match.reasons.every((r) => finite(r.km))
  )
    throw new Error('a job match with a number that is not finite');
  return JSON.stringify(match);
}

const cardJson = (card: JobCardView) =>
  `${heads.get(card) ?? cardHead(card)}${card.recruiter.isOnline ? 'true' : 'false'}},"match":${matchJson(card.match)}}`;

/** The feed's answer as JSON text: the same value the route's schema would write. */
export function feedPageJson(page: FeedPage): string {
  const list = (cards: JobCardView[]) => cards.map(cardJson).join(',');
  return `{"jobs":[${list(page.jobs)}],"wider":[${list(page.wider)}],"fewMatches":${
    page.fewMatches ? 'true' : 'false'
  },"nextCursor":${JSON.stringify(page.nextCursor ?? null)},"types":${JSON.stringify(page.types ?? null)}}`;
}
