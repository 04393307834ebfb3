// Explainable matching (decisions.md): one score from 0 to 100 for a seeker and a job, with the
// reasons behind it. The weights live here and nowhere else: the server builds its SQL from them
// (server/modules/matching/score-sql.ts) and the unit tests check both agree.

export const WEIGHTS = {
  category: 30,
  experience: 20,
  distance: 20,
  jobType: 15,
  salary: 15,
} as const;

/** Distance bands (km) and the share of the distance weight each earns. */
export const DISTANCE_BANDS: readonly { maxKm: number; share: number }[] = [
  { maxKm: 10, share: 1 },
  { maxKm: 25, share: 0.75 },
  { maxKm: 50, share: 0.5 },
  { maxKm: 100, share: 0.25 },
];
/** A remote job is reachable from anywhere, but is not "nearby". */
export const REMOTE_SHARE = 0.5;

/**
 * The seeker's feed (decision 020): the main feed holds only jobs of the seeker's category or in
 * their area (a city within the last distance band). Once it runs out, a labelled wider section
 * offers related categories, cities up to WIDER_KM away and remote jobs.
 */
export const WIDER_KM = 250;
export const RELATED_CATEGORIES: Record<string, readonly string[]> = {
  software_development: ['customer_support', 'education_training'],
  marketing_advertising: ['sales_bd', 'customer_support'],
  sales_bd: ['marketing_advertising', 'customer_support'],
  finance_accounting: ['operations_admin'],
  customer_support: ['sales_bd', 'operations_admin'],
  education_training: ['customer_support', 'operations_admin'],
  operations_admin: ['finance_accounting', 'customer_support'],
  other: ['operations_admin', 'customer_support', 'sales_bd'],
};

/** Seeker salary buckets in LPA (upper bound null = open). */
export const SALARY_BUCKETS: Record<string, [number, number | null]> = {
  under_3: [0, 3],
  '3_6': [3, 6],
  '6_10': [6, 10],
  '10_plus': [10, null],
};

/** Job level ↔ seeker experience (decisions.md "Data"). */
export const LEVEL_FOR_EXPERIENCE: Record<string, readonly string[]> = {
  fresher: ['entry'],
  '1_3': ['1_3'],
  '3_5': ['3_5'],
  '5_plus': ['5_plus', 'senior'],
  '8_plus': ['5_plus', 'senior'],
};

export type ReasonCode = 'category' | 'jobType' | 'experience' | 'salary' | 'nearby' | 'remote';
export interface Reason {
  code: ReasonCode;
  /** Kilometres, for 'nearby'. */
  km?: number;
}

export interface SeekerSide {
  jobCategory: string | null;
  jobType: string | null;
  experienceRange: string | null;
  salaryRange: string | null;
  lat: number | null;
  lon: number | null;
}

export interface JobSide {
  jobCategory: string;
  type: string;
  level: string;
  minSalary: number | null;
  maxSalary: number | null;
  remote: boolean;
  lat: number | null;
  lon: number | null;
}

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

export function salaryOverlaps(
  bucket: string | null,
  min: number | null,
  max: number | null,
): boolean {
  if (!bucket || (min === null && max === null)) return false;
  const range = SALARY_BUCKETS[bucket];
  if (!range) return false;
  const [lo, hi] = range;
  const jobLo = min ?? 0;
  const jobHi = max ?? min ?? 0;
  return jobHi >= lo && (hi === null || jobLo <= hi);
}

export function distanceShare(km: number): number {
  return DISTANCE_BANDS.find((b) => km <= b.maxKm)?.share ?? 0;
}

/** The score and reasons for one seeker and one job; the SQL version must agree with this. */
export function scoreJob(
  seeker: SeekerSide,
  job: JobSide,
): { score: number; reasons: Reason[]; distanceKm: number | null } {
  let score = 0;
  const reasons: Reason[] = [];
  if (seeker.jobCategory && seeker.jobCategory === job.jobCategory) {
    score += WEIGHTS.category;
    reasons.push({ code: 'category' });
  }
  if (seeker.jobType && seeker.jobType === job.type) {
    score += WEIGHTS.jobType;
    reasons.push({ code: 'jobType' });
  }
  if (seeker.experienceRange && LEVEL_FOR_EXPERIENCE[seeker.experienceRange]?.includes(job.level)) {
    score += WEIGHTS.experience;
    reasons.push({ code: 'experience' });
  }
  if (salaryOverlaps(seeker.salaryRange, job.minSalary, job.maxSalary)) {
    score += WEIGHTS.salary;
    reasons.push({ code: 'salary' });
  }
  let km: number | null = null;
  if (job.remote) {
    score += Math.round(WEIGHTS.distance * REMOTE_SHARE);
    reasons.push({ code: 'remote' });
  } else if (seeker.lat !== null && seeker.lon !== null && job.lat !== null && job.lon !== null) {
    km = distanceKm(seeker.lat, seeker.lon, job.lat, job.lon);
    const share = distanceShare(km);
    if (share > 0) {
      score += Math.round(WEIGHTS.distance * share);
      reasons.push({ code: 'nearby', km: Math.round(km) });
    }
  }
  return { score, reasons, distanceKm: km === null ? null : Math.round(km * 10) / 10 };
}

// ---------------------------------------------------------------- recommended candidates
// A recruiter's view: each seeker against each of the recruiter's open jobs; the best job wins.
// The seeker's own words (title, field of study, introduction) fitting the job title count too.

export const CANDIDATE_WEIGHTS = {
  category: 25,
  experience: 20,
  distance: 20,
  profile: 15,
  jobType: 10,
  salary: 10,
} as const;

export type CandidateReasonCode = ReasonCode | 'profile';
export interface CandidateReason {
  code: CandidateReasonCode;
  km?: number;
}

/** The words of a job title worth matching against a profile (lower case, 3+ letters, no filler). */
export function titleWords(title: string): string[] {
  const stop = new Set([
    'and',
    'the',
    'for',
    'with',
    'senior',
    'junior',
    'executive',
    'associate',
    'intern',
    'head',
    'lead',
  ]);
  return [...new Set((title.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((w) => !stop.has(w)))];
}

/** True when any title word appears as a word of the profile text (what the SQL full-text match approximates). */
export function profileFits(profileText: string, title: string): boolean {
  const words = new Set(profileText.toLowerCase().match(/[a-z]{3,}/g) ?? []);
  return titleWords(title).some(
    (w) => words.has(w) || words.has(`${w}s`) || (w.endsWith('s') && words.has(w.slice(0, -1))),
  );
}

export function scoreCandidate(
  seeker: SeekerSide & { profileText: string },
  job: JobSide & { title: string },
): { score: number; reasons: CandidateReason[]; distanceKm: number | null } {
  const W = CANDIDATE_WEIGHTS;
  let score = 0;
  const reasons: CandidateReason[] = [];
  if (seeker.jobCategory && seeker.jobCategory === job.jobCategory) {
    score += W.category;
    reasons.push({ code: 'category' });
  }
  if (seeker.jobType && seeker.jobType === job.type) {
    score += W.jobType;
    reasons.push({ code: 'jobType' });
  }
  if (seeker.experienceRange && LEVEL_FOR_EXPERIENCE[seeker.experienceRange]?.includes(job.level)) {
    score += W.experience;
    reasons.push({ code: 'experience' });
  }
  if (salaryOverlaps(seeker.salaryRange, job.minSalary, job.maxSalary)) {
    score += W.salary;
    reasons.push({ code: 'salary' });
  }
  if (profileFits(seeker.profileText, job.title)) {
    score += W.profile;
    reasons.push({ code: 'profile' });
  }
  let km: number | null = null;
  if (job.remote) {
    score += Math.round(W.distance * REMOTE_SHARE);
    reasons.push({ code: 'remote' });
  } else if (seeker.lat !== null && seeker.lon !== null && job.lat !== null && job.lon !== null) {
    km = distanceKm(seeker.lat, seeker.lon, job.lat, job.lon);
    const share = distanceShare(km);
    if (share > 0) {
      score += Math.round(W.distance * share);
      reasons.push({ code: 'nearby', km: Math.round(km) });
    }
  }
  return { score, reasons, distanceKm: km === null ? null : Math.round(km * 10) / 10 };
}
