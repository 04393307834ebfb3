import { MapPin, Sparkles } from 'lucide-react';
import { useTranslation } from '#web/lib/i18n.ts';
import type { JobView } from '#shared/schemas/jobs.ts';
import { distanceText, reasonText } from '../lib/job-format.ts';

type Match = NonNullable<JobView['match']>;

/** '{{score}}% match': the seeker's match score for a job. */
export function MatchScore({ score }: { score: number }) {
  const { t } = useTranslation();
  const tone =
    score >= 70
      ? 'bg-brand-700 text-white'
      : score >= 40
        ? 'bg-brand-100 text-brand-800'
        : 'bg-slate-100 text-slate-700';
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold ${tone}`}
    >
      <Sparkles size={12} aria-hidden="true" />
      {t('jobs.matchScore', { score })}
    </span>
  );
}

/** The reasons behind a match score as small chips (decisions.md "Explainable matching"). */
export function ReasonChips({ reasons }: { reasons: Match['reasons'] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={t('jobs.matchReasons')} className="flex flex-wrap gap-1.5">
      {reasons.map((reason) => (
        <li
          key={reason.code}
          className="rounded-full border border-brand-100 bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800"
        >
          {reasonText(t, reason)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The reasons on one line ("Same category · Job type fits · Salary fits"), cut with an ellipsis
 * when they do not fit: a job card's short form of `ReasonChips` (issue 15, small screens). The
 * distance is left to the card's location line (`omit`), so it is not said twice.
 */
export function ReasonLine({
  reasons,
  omit = [],
}: {
  reasons: Match['reasons'];
  omit?: Match['reasons'][number]['code'][];
}) {
  const { t } = useTranslation();
  const shown = reasons.filter((r) => !omit.includes(r.code));
  if (shown.length === 0) return null;
  return (
    <ul
      aria-label={t('jobs.matchReasons')}
      data-testid="reason-line"
      className="truncate text-xs font-medium text-brand-800"
    >
      {shown.map((reason) => (
        <li
          key={reason.code}
          className="inline before:mx-1.5 before:text-slate-400 before:content-['·'] first:before:hidden"
        >
          {reasonText(t, reason)}
        </li>
      ))}
    </ul>
  );
}

/** Real distance from the seeker's city, 'Remote', or '20 KM+' when it cannot be known. */
export function DistanceChip({ job }: { job: Pick<JobView, 'cityId' | 'match'> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
      <MapPin size={12} aria-hidden="true" />
      {distanceText(t, job)}
    </span>
  );
}
