import type { BuiltApp } from '../app.ts';
import { login } from './app.ts';

let counter = 0;

/** A fresh phone number per call so tests never share a user or a rate limit. */
export function freshPhone(prefix = '93'): string {
  counter += 1;
  // The counter's last two digits: the whole counter past 99 was cut to its first two, so calls
  // 120-129 made in one millisecond (users made in parallel) got the same phone.
  return `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}${String(counter % 100).padStart(2, '0')}`;
}

export interface TestUser {
  id: string;
  cookie: string;
  phone: string;
}

/** Logs a new user in through HTTP and gives them a role (not onboarded). */
export async function newUser(t: BuiltApp, role: 'user' | 'recruiter' | null): Promise<TestUser> {
  const phone = freshPhone();
  const cookie = await login(t, phone, `10.77.${counter % 250}.${Math.floor(counter / 250) + 1}`);
  if (role) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      payload: { role },
      headers: { cookie },
    });
    if (res.statusCode !== 200) throw new Error(`role: ${res.body}`);
  }
  const me = await t.app.inject({ url: '/api/me', headers: { cookie } });
  return { id: me.json().user.id, cookie, phone };
}

/** The account's language chosen through HTTP, as the language switch does (decision 026). */
export async function chooseLanguage(t: BuiltApp, cookie: string, language: 'en' | 'hi') {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/language',
    headers: { cookie },
    payload: { language },
  });
  if (res.statusCode !== 200) throw new Error(`language: ${res.body}`);
}

/** Marks a user onboarded directly (for tests about what comes after onboarding). */
export async function markOnboarded(t: BuiltApp, userId: string, step: number): Promise<void> {
  await t.ctx.db.query('UPDATE users SET is_onboarded = true, onboarding_step = $2 WHERE id = $1', [
    userId,
    step,
  ]);
}

/** A seeker with job preferences (the feed's side of matching), onboarded. */
export async function newSeeker(
  t: BuiltApp,
  prefs: { city_id: number | null } & Partial<
    Record<'job_category' | 'job_type' | 'experience_range' | 'salary_range', string>
  >,
): Promise<TestUser> {
  const u = await newUser(t, 'user');
  const p = {
    job_category: 'software_development',
    job_type: 'full_time',
    experience_range: '1_3',
    salary_range: '6_10',
    ...prefs,
  };
  await t.ctx.db.query(
    `INSERT INTO seeker_profiles (user_id, full_name, job_category, job_type, experience_range, salary_range, city_id)
     VALUES ($1, 'Seeker', $2, $3, $4, $5, $6)`,
    [u.id, p.job_category, p.job_type, p.experience_range, p.salary_range, p.city_id],
  );
  await markOnboarded(t, u.id, 6);
  return u;
}

/** A recruiter with a company profile, onboarded. */
export async function newRecruiter(t: BuiltApp, company = 'Acme Tools'): Promise<TestUser> {
  const user = await newUser(t, 'recruiter');
  await t.ctx.db.query(
    `INSERT INTO recruiter_profiles (user_id, full_name, company_name, designation) VALUES ($1, 'Test Recruiter', $2, 'HR')
     ON CONFLICT (user_id) DO UPDATE SET company_name = $2`,
    [user.id, company],
  );
  await markOnboarded(t, user.id, 4);
  return user;
}

export async function cityId(t: BuiltApp, name: string): Promise<number> {
  const [row] = await t.ctx.db.query<{ id: number }>(
    'SELECT id FROM cities WHERE name = $1 ORDER BY population DESC NULLS LAST LIMIT 1',
    [name],
  );
  if (!row) throw new Error(`no city ${name}`);
  return row.id;
}
