import type { z } from 'zod';
import type { jobInput, jobPatch } from '#shared/schemas/jobs.ts';
import type { Queryable } from '../../db/client.ts';
import type { Ctx } from '../../context.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { authorize, type Actor } from '../../policies/policies.ts';
import { scanJob, SHIELD_CODES } from '#shared/scam-shield/index.ts';
import { advance } from '../onboarding/onboarding.service.ts';
import { findJob } from './jobs.repo.ts';

async function locationFor(q: Queryable, cityId: number | null): Promise<string> {
  if (cityId === null) return 'Remote';
  const [city] = await q.query<{ name: string }>('SELECT name FROM cities WHERE id = $1', [cityId]);
  if (!city) throw badRequest('jobs.locationRequired');
  return city.name;
}

/**
 * Posts a job for a recruiter. The company is the recruiter's own company, never the request's.
 * Posting during onboarding (step 4 reached) also completes the recruiter's onboarding.
 */
export async function createJob(
  ctx: Ctx,
  recruiterId: string,
  v: z.output<typeof jobInput>,
): Promise<string> {
  const id = await ctx.db.tx(async (q) => {
    const [owner] = await q.query<{
      company_name: string | null;
      onboarding_step: number;
      is_onboarded: boolean;
    }>(
      `SELECT r.company_name, u.onboarding_step, u.is_onboarded
         FROM users u LEFT JOIN recruiter_profiles r ON r.user_id = u.id
        WHERE u.id = $1 AND u.user_role = 'recruiter' AND u.deleted_at IS NULL FOR UPDATE OF u`,
      [recruiterId],
    );
    if (!owner) throw new AppError(403, 'jobs.onlyRecruiters');
    if (!owner.company_name) throw conflict('onboarding.recruiterFullNameCompanyRequired');
    if (!owner.is_onboarded && owner.onboarding_step < 4)
      throw conflict('onboarding.stepBackwards');

    // The same post again within a minute (a double tap, a retry after a lost answer) is the
    // post already made: the owner's row lock above makes two at once take turns here.
    const [same] = await q.query<{ id: string }>(
      `SELECT id FROM jobs
        WHERE recruiter_id = $1 AND created_at > now() - interval '1 minute'
          AND title = $2 AND description = $3 AND city_id IS NOT DISTINCT FROM $4 AND type = $5
          AND level = $6 AND job_category = $7`,
      [recruiterId, v.title, v.description, v.cityId, v.type, v.level, v.jobCategory],
    );
    if (same) return same.id;

    const location = await locationFor(q, v.cityId);
    const [job] = await q.query<{ id: string }>(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category,
                         min_salary, max_salary, description, requirements)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        recruiterId,
        v.title,
        owner.company_name,
        location,
        v.cityId,
        v.type,
        v.level,
        v.jobCategory,
        v.minSalary,
        v.maxSalary,
        v.description,
        v.requirements,
      ],
    );
    await rescanJob(q, job!.id);
    if (!owner.is_onboarded) await advance(q, recruiterId, 4, true);
    return job!.id;
  });
  ctx.matching.nudge(); // recommended candidates: refresh this recruiter's scores
  return id;
}

/**
 * The scam shield on every job post and edit (shared/scam-shield): a job that trips it is held
 * (not in feeds or recommendations) with the codes as reasons, until a moderator publishes it; a
 * clean edit of a job held only by the shield publishes it again. Holds for reports and a
 * moderator's hiding stay.
 */
export async function rescanJob(q: Queryable, jobId: string): Promise<void> {
  const [j] = await q.query<{
    title: string;
    company: string;
    designation: string | null;
    description: string;
    requirements: string | null;
    min_salary: number | null;
    max_salary: number | null;
    level: string;
    job_category: string;
    type: string;
    moderation_state: string;
    moderation_reasons: string[];
  }>(
    `SELECT j.title, j.company, rp.designation, j.description, j.requirements, j.min_salary, j.max_salary, j.level,
            j.job_category, j.type, j.moderation_state, j.moderation_reasons
       FROM jobs j LEFT JOIN recruiter_profiles rp ON rp.user_id = j.recruiter_id
      WHERE j.id = $1`,
    [jobId],
  );
  if (!j) return;
  const codes = scanJob({
    title: j.title,
    company: j.company,
    designation: j.designation,
    description: j.description,
    requirements: j.requirements,
    minSalary: j.min_salary === null ? null : Number(j.min_salary),
    maxSalary: j.max_salary === null ? null : Number(j.max_salary),
    level: j.level,
    jobCategory: j.job_category,
    type: j.type,
  });
  const kept = j.moderation_reasons.filter((r) => !(SHIELD_CODES as readonly string[]).includes(r));
  const reasons = [...kept, ...codes];
  const state =
    j.moderation_state === 'hidden' ? 'hidden' : reasons.length > 0 ? 'held' : 'published';
  await q.query('UPDATE jobs SET moderation_state = $2, moderation_reasons = $3 WHERE id = $1', [
    jobId,
    state,
    reasons,
  ]);
}

/**
 * The shield again on every job of a recruiter: their company name and designation are part of
 * each job's page, so a rename in Profile Settings or onboarding is read as a job edit is.
 */
export async function rescanRecruiterJobs(q: Queryable, recruiterId: string): Promise<void> {
  const jobs = await q.query<{ id: string }>(
    'SELECT id FROM jobs WHERE recruiter_id = $1 ORDER BY created_at',
    [recruiterId],
  );
  for (const job of jobs) await rescanJob(q, job.id);
}

/** Loads a job for a change and checks the caller owns it (server-enforced ownership). */
async function ownJob(q: Queryable, me: Actor, jobId: string) {
  const job = await findJob(q, jobId);
  if (!job) throw notFound('jobs.notFound');
  authorize(me, 'job.manage', { recruiterId: job.recruiter_id as string });
  return job;
}

const PATCH_COLUMNS: Record<string, string> = {
  title: 'title',
  type: 'type',
  level: 'level',
  jobCategory: 'job_category',
  minSalary: 'min_salary',
  maxSalary: 'max_salary',
  description: 'description',
};

export async function updateJob(
  ctx: Ctx,
  me: Actor,
  jobId: string,
  v: z.output<typeof jobPatch>,
): Promise<void> {
  await ctx.db.tx(async (q) => {
    const job = await ownJob(q, me, jobId);
    const min = v.minSalary !== undefined ? v.minSalary : (job.min_salary as number | null);
    const max = v.maxSalary !== undefined ? v.maxSalary : (job.max_salary as number | null);
    if (min !== null && max !== null && min > max) throw badRequest('jobs.salaryOrder');
    const sets: string[] = [];
    const values: unknown[] = [jobId];
    for (const [key, column] of Object.entries(PATCH_COLUMNS)) {
      const value = v[key as keyof typeof v];
      if (value === undefined) continue;
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    }
    if (v.cityId !== undefined) {
      values.push(v.cityId, await locationFor(q, v.cityId));
      sets.push(`city_id = $${values.length - 1}`, `location = $${values.length}`);
    }
    if (sets.length === 0) return;
    await q.query(`UPDATE jobs SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
    await rescanJob(q, jobId);
  });
  ctx.matching.nudge();
}

export async function setJobStatus(
  ctx: Ctx,
  me: Actor,
  jobId: string,
  status: 'open' | 'closed',
): Promise<void> {
  await ctx.db.tx(async (q) => {
    await ownJob(q, me, jobId);
    await q.query('UPDATE jobs SET status = $2, updated_at = now() WHERE id = $1', [jobId, status]);
  });
  ctx.matching.nudge();
}
