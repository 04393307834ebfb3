import type { Queryable } from '../../db/client.ts';
import type { z } from 'zod';
import type { seekerStepSchemas } from '#shared/schemas/onboarding.ts';

type Step<N extends keyof typeof seekerStepSchemas> = z.output<(typeof seekerStepSchemas)[N]>;

/** Makes sure the seeker has a profile row to update. */
export async function ensureSeekerProfile(q: Queryable, userId: string): Promise<void> {
  await q.query(
    'INSERT INTO seeker_profiles (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING',
    [userId],
  );
}

const set = async (q: Queryable, userId: string, assignments: string, values: unknown[]) => {
  await ensureSeekerProfile(q, userId);
  await q.query(
    `UPDATE seeker_profiles SET ${assignments}, updated_at = now() WHERE user_id = $1`,
    [userId, ...values],
  );
};

/** One writer per step; each writes only its own columns. */
export const saveSeekerStep = {
  1: (q: Queryable, id: string, v: Step<1>) =>
    set(
      q,
      id,
      'profile_image = $2, full_name = $3, education_level = $4, email = $5, work_experience = $6, notice_period = $7',
      [v.profileImage, v.fullName, v.educationLevel, v.email, v.workExperience, v.noticePeriod],
    ),
  2: async (q: Queryable, id: string, v: Step<2>) => {
    await set(
      q,
      id,
      'job_title = $2, company_name = $3, job_industry = $4, job_start_year = $5, job_end_year = $6, is_current = $7',
      [
        v.jobTitle,
        v.companyName,
        v.industry,
        v.startYear,
        v.isCurrent ? null : v.endYear,
        v.isCurrent,
      ],
    );
    // Onboarding collects one (current or most recent) job; it is also the first work_experiences row.
    await q.query('DELETE FROM work_experiences WHERE candidate_id = $1', [id]);
    await q.query(
      `INSERT INTO work_experiences (candidate_id, company_name, designation, industry, start_year, end_year, is_current)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        v.companyName,
        v.jobTitle,
        v.industry,
        v.startYear,
        v.isCurrent ? null : v.endYear,
        v.isCurrent,
      ],
    );
  },
  3: (q: Queryable, id: string, v: Step<3>) =>
    set(
      q,
      id,
      'college_name = $2, degree = $3, field_of_study = $4, college_start_year = $5, college_end_year = $6, cgpa = $7',
      [v.collegeName, v.degree, v.fieldOfStudy, v.collegeStartYear, v.collegeEndYear, v.cgpa],
    ),
  4: (q: Queryable, id: string, v: Step<4>) =>
    set(
      q,
      id,
      'school_name = $2, school_marks = $3, school_start_year = $4, school_end_year = $5',
      [v.schoolName, v.schoolMarks, v.schoolStartYear, v.schoolEndYear],
    ),
  5: (q: Queryable, id: string, v: Step<5>) =>
    set(
      q,
      id,
      'job_type = $2, industry = $3, salary_range = $4, experience_range = $5, city_id = $6, job_category = $7',
      [v.jobType, v.industry, v.salaryRange, v.experienceRange, v.cityId, v.jobCategory],
    ),
  6: (q: Queryable, id: string, v: Step<6>) =>
    set(q, id, 'introduction = $2, languages = $3', [v.introduction, v.languages]),
};
