import type { z } from 'zod';
import type { jobInput } from '#shared/schemas/jobs.ts';
import type { Ctx } from '../../context.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { advance } from '../onboarding/onboarding.service.ts';

export interface CreatedJob {
  id: string;
  title: string;
  company: string;
  location: string;
  status: string;
  createdAt: string;
}

/**
 * Posts a job for a recruiter. The company is the recruiter's own company, never the request's.
 * Posting during onboarding (step 4 reached) also completes the recruiter's onboarding.
 */
export async function createJob(
  ctx: Ctx,
  recruiterId: string,
  v: z.output<typeof jobInput>,
): Promise<CreatedJob> {
  return ctx.db.tx(async (q) => {
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

    let location = 'Remote';
    if (v.cityId !== null) {
      const [city] = await q.query<{ name: string }>('SELECT name FROM cities WHERE id = $1', [
        v.cityId,
      ]);
      if (!city) throw badRequest('jobs.locationRequired');
      location = city.name;
    }
    const [job] = await q.query<CreatedJob>(
      `INSERT INTO jobs (recruiter_id, title, company, location, city_id, type, level, job_category,
                         min_salary, max_salary, description, requirements)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING id, title, company, location, status, created_at::text AS "createdAt"`,
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
    if (!owner.is_onboarded) await advance(q, recruiterId, 4, true);
    return job!;
  });
}
