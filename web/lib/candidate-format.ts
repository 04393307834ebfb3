import type { MessageKey, TFunction } from '#web/lib/i18n.ts';
import { pickLabel } from '#shared/picklists.ts';
import type { CandidateView as Candidate, CandidateReason } from '#shared/schemas/matching.ts';

const REASON_KEYS: Record<CandidateReason['code'], MessageKey> = {
  category: 'candidates.reasonCategory',
  jobType: 'candidates.reasonJobType',
  experience: 'candidates.reasonExperience',
  salary: 'candidates.reasonSalary',
  nearby: 'candidates.reasonNearby',
  remote: 'candidates.reasonRemote',
  profile: 'candidates.reasonProfile',
};

/**
 * A match reason as the card shows it ('Same category', 'Nearby'...). The kilometres of 'nearby'
 * are already on the card's distance chip (same job, same distance), so the reason does not
 * repeat them.
 */
export function reasonText(t: TFunction, reason: CandidateReason): string {
  const key = REASON_KEYS[reason.code];
  return key ? t(key, { km: reason.km ?? 0 }) : '';
}

/**
 * The card's second line (spec "Recruiter dashboard"): '{designation} at {company}', else
 * '{degree} at {institute}', else 'No details available'. Half of a pair is still shown.
 */
export function headline(t: TFunction, c: Candidate): string {
  const title = c.jobTitle?.trim();
  const company = c.companyName?.trim();
  if (title && company) return t('candidates.titleAt', { title, place: company });
  if (title || company) return (title || company)!;
  const degree = c.degree ? pickLabel('degree', c.degree) : null;
  const college = c.collegeName?.trim();
  if (degree && college) return t('candidates.titleAt', { title: degree, place: college });
  return degree || college || t('candidates.noDetails');
}

/** '2018 - 2022', '2021 - Present' or null when no start year is known. */
export function yearsText(
  t: TFunction,
  start: number | null,
  end: number | null,
  current = false,
): string | null {
  if (!start) return end ? String(end) : null;
  return t('candidates.years', { start, end: current || !end ? t('candidates.present') : end });
}

/** The education line: 'BTech, IIT Madras · 2018 - 2022', or null when nothing is known. */
export function educationLine(t: TFunction, c: Candidate): string | null {
  const school = [c.degree ? pickLabel('degree', c.degree) : null, c.collegeName?.trim()]
    .filter(Boolean)
    .join(', ');
  const years = yearsText(t, c.collegeStartYear, c.collegeEndYear);
  const line = [school, years].filter(Boolean).join(' · ');
  return line || null;
}

/**
 * The distance chip (decisions.md "Real nearby"): the real distance to the best-fitting job's
 * city; 'Remote' when that job is remote; the spec's '20 KM+' only when it cannot be known.
 */
export function distanceText(t: TFunction, c: Candidate): string {
  // Under half a kilometre is the same city: "In your city", as on job cards, not "0 km away".
  if (c.distanceKm !== null)
    return Math.round(c.distanceKm) === 0
      ? t('candidates.inYourCity')
      : t('candidates.kmAway', { km: Math.round(c.distanceKm) });
  if (c.reasons.some((r) => r.code === 'remote')) return t('candidates.remote');
  return t('candidates.distanceUnknown');
}

/** Employment type, experience and salary chips, labelled from their pick-list codes. */
export function preferenceChips(c: Candidate): string[] {
  const chips: string[] = [];
  if (c.jobType) chips.push(pickLabel('jobType', c.jobType));
  if (c.experienceRange) chips.push(pickLabel('experienceRange', c.experienceRange));
  else if (c.workExperience) chips.push(pickLabel('workExperience', c.workExperience));
  if (c.salaryRange) chips.push(pickLabel('salaryRange', c.salaryRange));
  return chips;
}
