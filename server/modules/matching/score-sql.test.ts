import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { scoreJob, SALARY_BUCKETS, type JobSide, type SeekerSide } from '#shared/matching.ts';
import { distancePointsSql, haversineSql, paramList, scoreSql } from './score-sql.ts';

// The SQL score ranks the feed; the TypeScript score explains it on cards. They must agree.
let db: Db;
beforeAll(async () => {
  db = await openDb('memory', '');
});
afterAll(async () => {
  await db.close();
});

const categories = ['sales_bd', 'other'];
const types = ['full_time', 'part_time'];
const levels = ['entry', '1_3', '3_5', '5_plus', 'senior'];
const experiences = [null, 'fresher', '1_3', '3_5', '5_plus', '8_plus'];
const salaries: [number | null, number | null][] = [
  [null, null],
  [2, 3],
  [4, 5],
  [6, 12],
  [12, null],
  [null, 7],
];
const places: [number, number][] = [
  [12.9719, 77.5937],
  [13.05, 77.6],
  [13.2, 77.6],
  [13.35, 77.6],
  [12.2958, 76.6394],
];

async function sqlScore(seeker: SeekerSide, job: JobSide): Promise<number> {
  const params: unknown[] = [];
  const arg = paramList(params);
  const jobSql = `SELECT ${arg(job.jobCategory, 'text')} AS job_category, ${arg(job.type, 'text')} AS type, ${arg(job.level, 'text')} AS level,
                         ${arg(job.minSalary, 'float8')} AS min_salary, ${arg(job.maxSalary, 'float8')} AS max_salary,
                         CASE WHEN ${arg(job.remote, 'bool')} THEN NULL ELSE 1 END AS city_id`;
  const km =
    seeker.lat === null || job.lat === null
      ? 'NULL::float8'
      : haversineSql(
          arg(seeker.lat, 'float8'),
          arg(seeker.lon, 'float8'),
          arg(job.lat, 'float8'),
          arg(job.lon, 'float8'),
        );
  const score = scoreSql(seeker, 'j', `(${distancePointsSql(km)})`, arg);
  const [row] = await db.query<{ score: number }>(
    `SELECT ${score}::int AS score FROM (${jobSql}) j`,
    params,
  );
  return row!.score;
}

describe('SQL score agrees with the shared rules', () => {
  it('on a few hundred seeker/job pairs', async () => {
    let checked = 0;
    for (const exp of experiences) {
      for (const bucket of [null, ...Object.keys(SALARY_BUCKETS)]) {
        for (const [min, max] of salaries) {
          const [lat, lon] = places[checked % places.length]!;
          const remote = checked % 7 === 0;
          const seeker: SeekerSide = {
            jobCategory: checked % 11 === 0 ? null : 'sales_bd',
            jobType: checked % 13 === 0 ? null : 'full_time',
            experienceRange: exp,
            salaryRange: bucket,
            lat: checked % 17 === 0 ? null : 12.9719,
            lon: checked % 17 === 0 ? null : 77.5937,
          };
          const job: JobSide = {
            jobCategory: categories[checked % 2]!,
            type: types[(checked >> 1) % 2]!,
            level: levels[checked % levels.length]!,
            minSalary: min,
            maxSalary: max,
            remote,
            lat: remote ? null : lat,
            lon: remote ? null : lon,
          };
          expect(await sqlScore(seeker, job), JSON.stringify({ seeker, job })).toBe(
            scoreJob(seeker, job).score,
          );
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
