import type { Ctx } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { demoUsers } from './users.ts';
import { demoCompanies } from './companies.ts';
import { demoSeekers } from './seekers.ts';
import { demoChats } from './chats.ts';

/**
 * Demo data for a first look: loaded once, on the first start with an empty database, never in
 * production. Each feature adds a step to `steps`; they run in one transaction so a half-loaded
 * demo never happens (files written by a failed load are only orphans in the dev data folder).
 */
export type DemoStep = (q: Queryable, ctx: Ctx) => Promise<void>;

const steps: DemoStep[] = [
  demoUsers,
  (q, ctx) => demoCompanies(q, ctx.storage),
  demoSeekers,
  demoChats,
];

export async function seedDemoData(ctx: Ctx): Promise<boolean> {
  if (ctx.config.isProduction) return false;
  const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((row?.n ?? 0) > 0) return false;
  await ctx.db.tx(async (q) => {
    for (const step of steps) await step(q, ctx);
  });
  // Recommended candidates come from precomputed scores: fill them now, so the first look at the
  // recruiter's Home reads them instead of waiting for the worker.
  await ctx.matching.drain();
  ctx.log.info('Demo data loaded (see README: demo logins)');
  return true;
}
