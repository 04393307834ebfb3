import type { MessageKey, TFunction } from '#web/lib/i18n.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { relativeDay } from './dates.ts';
import { formatLpa } from './numbers.ts';

type Reason = NonNullable<JobView['match']>['reasons'][number];

const REASON_KEYS: Record<Reason['code'], MessageKey> = {
  category: 'jobs.reasonCategory',
  jobType: 'jobs.reasonJobType',
  experience: 'jobs.reasonExperience',
  salary: 'jobs.reasonSalary',
  nearby: 'jobs.reasonNearby',
  remote: 'jobs.reasonRemote',
};

/**
 * 'min-max LPA', one side when only one is known, or 'Negotiable' when the job gives no salary
 * (spec: "salary range to Negotiable"), the same on every card and page that shows a job.
 */
export function salaryText(
  t: TFunction,
  language: string,
  min: number | null,
  max: number | null,
): string {
  if (min !== null && max !== null) {
    return min === max
      ? t('jobs.salaryExact', { amount: formatLpa(min, language) })
      : t('jobs.lpa', { min: formatLpa(min, language), max: formatLpa(max, language) });
  }
  if (min !== null) return t('jobs.salaryFrom', { min: formatLpa(min, language) });
  if (max !== null) return t('jobs.salaryUpTo', { max: formatLpa(max, language) });
  return t('jobs.negotiable');
}

/** 'In your city' for a job in the seeker's own city, else '12 km away' (issue 15). */
function kmText(t: TFunction, km: number): string {
  const rounded = Math.round(km);
  return rounded === 0 ? t('jobs.inYourCity') : t('jobs.kmAway', { km: rounded });
}

/** A match reason as the card shows it ('Same category', 'In your city', '3 km away'...). */
export function reasonText(t: TFunction, reason: Reason): string {
  if (reason.code === 'nearby') return kmText(t, reason.km ?? 0);
  return t(REASON_KEYS[reason.code], { km: reason.km ?? 0 });
}

/**
 * The distance chip (decisions.md "Real nearby"): 'Remote' for a remote job, the real distance
 * from the seeker's city when it is known, and the spec's '20 KM+' only when it cannot be known.
 */
export function distanceText(t: TFunction, job: Pick<JobView, 'cityId' | 'match'>): string {
  if (job.cityId === null) return t('jobs.remote');
  const km = job.match?.distanceKm;
  if (km === null || km === undefined) return t('jobs.distanceUnknown');
  return kmText(t, km);
}

/** 'posted 2 days ago' ('posted today', 'posted yesterday'): how fresh a job is, on its card. */
export function postedAgo(t: TFunction, iso: string, now: Date, language: string): string {
  const when = relativeDay(iso, now, language);
  return when ? t('jobs.postedAgo', { when }) : '';
}

/**
 * Where a job is, as the reader reads it. A remote job (no city) is stored with the English word
 * 'Remote' as its location: said in the reader's language instead; a city's name is a name.
 */
export function jobPlace(
  t: TFunction,
  job: { location: string; cityId?: number | null; city?: object | null },
): string {
  const remote = ('cityId' in job && job.cityId === null) || ('city' in job && job.city === null);
  return remote ? t('city.remote') : job.location;
}
