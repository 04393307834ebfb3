import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.ts';
import { scoreJob, SALARY_BUCKETS, type JobSide, type SeekerSide } from '#shared/matching.ts';
import { haversineSql, scoreSql } from './score-sql.ts';

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

describe('SQL score agrees with the shared rules', () => {
  it('on a few hundred seeker/job pairs', async () => {
    let checked = 0;
    for (const exp of experiences) {
      for (const bucket of [null, ...Object.keys(SALARY_BUCKETS)]) {
        for (const [min, max] of salaries) {
          const level = levels[checked % levels.length]!;
          const [lat, lon] = places[checked % places.length]!;
          const remote = checked % 7 === 0;
          const seeker: SeekerSide = {
            jobCategory: 'sales_bd',
            jobType: 'full_time',
            experienceRange: exp,
            salaryRange: bucket,
            lat: 12.9719,
            lon: 77.5937,
          };
          const job: JobSide = {
            jobCategory: categories[checked % 2]!,
            type: types[(checked >> 1) % 2]!,
            level,
            minSalary: min,
            maxSalary: max,
            remote,
            lat: remote ? null : lat,
            lon: remote ? null : lon,
          };
          const [row] = await db.query<{ score: number }>(
            `WITH s AS (SELECT $1::text AS job_category, $2::text AS job_type, $3::text AS experience_range, $4::text AS salary_range, $5::float8 AS lat, $6::float8 AS lon),
                  j AS (SELECT $7::text AS job_category, $8::text AS type, $9::text AS level, $10::float8 AS min_salary, $11::float8 AS max_salary,
                               CASE WHEN $12::bool THEN NULL ELSE 1 END AS city_id, $13::float8 AS lat, $14::float8 AS lon)
             SELECT ${scoreSql('s', 'j', 'd.km')}::int AS score FROM s, j CROSS JOIN LATERAL (SELECT ${haversineSql('s.lat', 's.lon', 'j.lat', 'j.lon')} AS km) d`,
            [
              seeker.jobCategory,
              seeker.jobType,
              seeker.experienceRange,
              seeker.salaryRange,
              seeker.lat,
              seeker.lon,
              job.jobCategory,
              job.type,
              job.level,
              job.minSalary,
              job.maxSalary,
              job.remote,
              job.lat,
              job.lon,
            ],
          );
          expect(row!.score, JSON.stringify({ seeker, job })).toBe(scoreJob(seeker, job).score);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
  });
});
