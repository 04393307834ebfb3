import {
  DISTANCE_BANDS,
  LEVEL_FOR_EXPERIENCE,
  REMOTE_SHARE,
  SALARY_BUCKETS,
  WEIGHTS,
  type SeekerSide,
} from '#shared/matching.ts';

// SQL twin of shared/matching.ts `scoreJob`, built from the same constants so the ranking in the
// database and the reasons shown on cards cannot drift apart (score-sql.test.ts compares them).
// The seeker's side is known before the query runs, so it is resolved here into parameters
// (levels that fit, salary bounds): per job row only a few comparisons remain, which keeps a
// scan over every open job cheap.

/** Adds a value to the statement's parameters and returns its placeholder. */
export type Arg = (value: unknown, cast: string) => string;

export function paramList(params: unknown[]): Arg {
  return (value, cast) => {
    params.push(value);
    return `$${params.length}::${cast}`;
  };
}

/** Great-circle distance in km between two lat/lon pairs; NULL when either is unknown. */
export function haversineSql(lat1: string, lon1: string, lat2: string, lon2: string): string {
  return `(2 * 6371 * asin(least(1, sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
            + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`;
}

/** Points a distance in km earns (NULL km → 0). */
export function distancePointsSql(km: string): string {
  return `CASE ${DISTANCE_BANDS.map((b) => `WHEN ${km} <= ${b.maxKm} THEN ${Math.round(WEIGHTS.distance * b.share)}`).join(' ')} ELSE 0 END`;
}

/**
 * The distance points of every city for one seeker, as an int[] indexed by city id, computed
 * once per query (an InitPlan): each job row then costs one array subscript, not a join and not
 * any trigonometry.
 */
export function cityPointsSql(seeker: SeekerSide, arg: Arg): string {
  if (seeker.lat === null || seeker.lon === null) return "'{}'::int[]";
  const lat = arg(seeker.lat, 'float8');
  const lon = arg(seeker.lon, 'float8');
  return `(SELECT array_agg(COALESCE(${distancePointsSql(haversineSql(lat, lon, 'c.lat', 'c.lon'))}, 0) ORDER BY g)
             FROM generate_series(1, (SELECT max(id) FROM cities)) g LEFT JOIN cities c ON c.id = g)`;
}

/** The match score (0-100) of this seeker for job alias `j`, given the city points column `pts`. */
export function scoreSql(seeker: SeekerSide, j: string, pts: string, arg: Arg): string {
  const parts: string[] = [];
  if (seeker.jobCategory)
    parts.push(
      `CASE WHEN ${j}.job_category = ${arg(seeker.jobCategory, 'text')} THEN ${WEIGHTS.category} ELSE 0 END`,
    );
  if (seeker.jobType)
    parts.push(
      `CASE WHEN ${j}.type = ${arg(seeker.jobType, 'text')} THEN ${WEIGHTS.jobType} ELSE 0 END`,
    );
  const levels = seeker.experienceRange ? LEVEL_FOR_EXPERIENCE[seeker.experienceRange] : undefined;
  if (levels)
    parts.push(
      `CASE WHEN ${j}.level = ANY(${arg(levels, 'text[]')}) THEN ${WEIGHTS.experience} ELSE 0 END`,
    );
  const bucket = seeker.salaryRange ? SALARY_BUCKETS[seeker.salaryRange] : undefined;
  if (bucket) {
    const [lo, hi] = bucket;
    const upper = hi === null ? '' : ` AND COALESCE(${j}.min_salary, 0) <= ${arg(hi, 'float8')}`;
    parts.push(
      `CASE WHEN (${j}.min_salary IS NOT NULL OR ${j}.max_salary IS NOT NULL)
             AND COALESCE(${j}.max_salary, ${j}.min_salary) >= ${arg(lo, 'float8')}${upper} THEN ${WEIGHTS.salary} ELSE 0 END`,
    );
  }
  parts.push(
    `CASE WHEN ${j}.city_id IS NULL THEN ${Math.round(WEIGHTS.distance * REMOTE_SHARE)} ELSE COALESCE(${pts}, 0) END`,
  );
  return `(${parts.join('\n    + ')})`;
}
