import {
  DISTANCE_BANDS,
  LEVEL_FOR_EXPERIENCE,
  REMOTE_SHARE,
  SALARY_BUCKETS,
  WEIGHTS,
} from '#shared/matching.ts';

// SQL twins of shared/matching.ts, built from the same constants so the ranking in the database
// and the reasons shown on cards cannot drift apart (a unit test compares them on many pairs).
// `s` is the seeker side (job_category, job_type, experience_range, salary_range, lat, lon),
// `j` the job, `jc` the job's city, `km` the distance column.

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Great-circle distance in km between two lat/lon pairs; NULL when either is unknown. */
export function haversineSql(lat1: string, lon1: string, lat2: string, lon2: string): string {
  return `(2 * 6371 * asin(least(1, sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
            + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lon2} - ${lon1}) / 2), 2)))))`;
}

const experienceSql = (s: string, j: string) =>
  `(${Object.entries(LEVEL_FOR_EXPERIENCE)
    .map(
      ([exp, levels]) =>
        `(${s}.experience_range = ${quote(exp)} AND ${j}.level IN (${levels.map(quote).join(', ')}))`,
    )
    .join(' OR ')})`;

const bucketBound = (s: string, index: 0 | 1) =>
  `CASE ${s}.salary_range ${Object.entries(SALARY_BUCKETS)
    .map(
      ([code, range]) =>
        `WHEN ${quote(code)} THEN ${range[index] === null ? 'NULL' : range[index]}`,
    )
    .join(' ')} END`;

const salarySql = (s: string, j: string) =>
  `(${s}.salary_range IS NOT NULL AND (${j}.min_salary IS NOT NULL OR ${j}.max_salary IS NOT NULL)
    AND COALESCE(${j}.max_salary, ${j}.min_salary) >= (${bucketBound(s, 0)})
    AND ((${bucketBound(s, 1)}) IS NULL OR COALESCE(${j}.min_salary, 0) <= (${bucketBound(s, 1)})))`;

const distanceSql = (j: string, km: string) =>
  `CASE WHEN ${j}.city_id IS NULL THEN ${Math.round(WEIGHTS.distance * REMOTE_SHARE)} ${DISTANCE_BANDS.map(
    (b) => `WHEN ${km} <= ${b.maxKm} THEN ${Math.round(WEIGHTS.distance * b.share)}`,
  ).join(' ')} ELSE 0 END`;

/** The match score (0-100) of seeker `s` for job `j`, given the distance column `km`. */
export function scoreSql(s: string, j: string, km: string): string {
  return `(CASE WHEN ${s}.job_category = ${j}.job_category THEN ${WEIGHTS.category} ELSE 0 END
    + CASE WHEN ${s}.job_type = ${j}.type THEN ${WEIGHTS.jobType} ELSE 0 END
    + CASE WHEN ${experienceSql(s, j)} THEN ${WEIGHTS.experience} ELSE 0 END
    + CASE WHEN ${salarySql(s, j)} THEN ${WEIGHTS.salary} ELSE 0 END
    + ${distanceSql(j, km)})`;
}
