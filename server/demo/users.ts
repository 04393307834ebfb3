import type { Queryable } from '../db/client.ts';

// Phone numbers are documented in the README; their login codes arrive in the dev outbox.
export const DEMO_RECRUITER_PHONE = '+919000000001';
export const DEMO_SEEKER_PHONE = '+919000000002';

async function cityId(q: Queryable, name: string): Promise<number | null> {
  const [row] = await q.query<{ id: number }>(
    'SELECT id FROM cities WHERE name = $1 ORDER BY population DESC NULLS LAST LIMIT 1',
    [name],
  );
  return row?.id ?? null;
}

export async function demoUsers(q: Queryable): Promise<void> {
  const bengaluru = await cityId(q, 'Bengaluru');
  const [recruiter] = await q.query<{ id: string }>(
    `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ($1, 'recruiter', true, 4) RETURNING id`,
    [DEMO_RECRUITER_PHONE],
  );
  await q.query(
    `INSERT INTO recruiter_profiles (user_id, full_name, gender, email, designation, company_name, employee_size,
        financing_status, annual_revenue, website_url, headquarters_address, headquarters_city_id, is_verified, verified_email, verified_domain, verified_at)
     VALUES ($1, 'Priya Sharma', 'female', 'priya.sharma@zenithsoftworks.in', 'Talent Acquisition Lead', 'Zenith Softworks',
        '201_500', 'series_b', '50_70cr', 'https://zenithsoftworks.in', '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru', $2,
        true, 'priya.sharma@zenithsoftworks.in', 'zenithsoftworks.in', now())`,
    [recruiter!.id, bengaluru],
  );

  const [seeker] = await q.query<{ id: string }>(
    `INSERT INTO users (phone_no, user_role, is_onboarded, onboarding_step) VALUES ($1, 'user', true, 6) RETURNING id`,
    [DEMO_SEEKER_PHONE],
  );
  await q.query(
    `INSERT INTO seeker_profiles (user_id, full_name, email, gender, education_level, work_experience, notice_period,
        school_name, school_marks, school_start_year, school_end_year, college_name, degree, field_of_study,
        college_start_year, college_end_year, cgpa, job_title, company_name, job_industry, job_start_year, is_current,
        languages, skills, introduction, industry, job_type, job_category, salary_range, experience_range, city_id)
     VALUES ($1, 'Rahul Verma', 'rahul.verma@example.in', 'male', 'bachelors', '1_3', '1_month',
        'Kendriya Vidyalaya, Jayanagar', 88.4, 2013, 2017, 'RV College of Engineering', 'be', 'Computer Science',
        2017, 2021, 8.1, 'Frontend Developer', 'Quikr Labs', 'technology', 2021, true,
        ARRAY['English', 'Hindi', 'Kannada'], ARRAY['React', 'TypeScript', 'Node.js'],
        'Frontend developer with three years of React and TypeScript, building fast mobile web apps for Indian users. Looking for a product team in Bengaluru.',
        'technology', 'full_time', 'software_development', '6_10', '1_3', $2)`,
    [seeker!.id, bengaluru],
  );
  await q.query(
    `INSERT INTO work_experiences (candidate_id, company_name, designation, industry, start_year, end_year, is_current)
     VALUES ($1, 'Quikr Labs', 'Frontend Developer', 'technology', 2021, NULL, true)`,
    [seeker!.id],
  );
}
