import { createTestApp, type TestApp } from '../../test/app.ts';
import { cityId, markOnboarded, newUser, type TestUser } from '../../test/users.ts';

// Seekers and jobs written straight to the database for the matching tests (the triggers of
// migration 006 see these writes like any other).

/**
 * A test app whose scores refresh only when a test drains (before it the live query answers,
 * after it the table, deterministically), and the cities the matching tests place people in.
 */
export async function matchingTestApp(): Promise<{
  t: TestApp;
  blr: number;
  mysuru: number;
  delhi: number;
}> {
  const t = await createTestApp();
  t.ctx.matching.setAuto(false);
  const [blr, mysuru, delhi] = await Promise.all([
    cityId(t, 'Bengaluru'),
    cityId(t, 'Mysuru'),
    cityId(t, 'Delhi'),
  ]);
  return { t, blr, mysuru, delhi };
}

export interface SeekerFields {
  category?: string | null;
  type?: string | null;
  experience?: string | null;
  salary?: string | null;
  city?: number | null;
  title?: string | null;
  intro?: string | null;
}

export async function seeker(
  t: TestApp,
  name: string,
  p: SeekerFields,
  onboarded = true,
): Promise<TestUser> {
  const u = await newUser(t, 'user');
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, experience_range, salary_range, city_id, job_title, introduction)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      u.id,
      name,
      p.category ?? null,
      p.type ?? null,
      p.experience ?? null,
      p.salary ?? null,
      p.city ?? null,
      p.title ?? null,
      p.intro ?? null,
    ],
  );
  if (onboarded) await markOnboarded(t, u.id, 6);
  return u;
}

export async function job(
  t: TestApp,
  r: TestUser,
  over: Record<string, unknown> & { city: number | null },
): Promise<string> {
  const j = {
    title: 'React Developer',
    category: 'software_development',
    type: 'full_time',
    level: '1_3',
    min: 6,
    max: 9,
    status: 'open',
    ...over,
  };
  const [row] = await t.ctx.db.query<{ id: string }>(
    `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category, min_salary, max_salary, description, status)
     VALUES ($1, $2, 'Acme', 'x', $3, $4, $5, $6, $7, $8, 'd', $9) RETURNING id`,
    [r.id, j.title, j.city, j.type, j.level, j.category, j.min, j.max, j.status],
  );
  return row!.id;
}

export async function reject(t: TestApp, r: TestUser, s: TestUser): Promise<void> {
  await t.ctx.db.query(
    `INSERT INTO chat_rooms (recruiter_id, seeker_id, created_by, status) VALUES ($1, $2, $1, 'rejected')`,
    [r.id, s.id],
  );
}
