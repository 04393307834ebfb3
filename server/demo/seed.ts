import type { Ctx } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { demoUsers } from './users.ts';

/**
 * Demo data for a first look: loaded once, on the first start with an empty database, never in
 * production. Each later feature adds a step to `steps`; they all run in one transaction so a
 * half-loaded demo never happens.
 */
export type DemoStep = (q: Queryable) => Promise<void>;

const steps: DemoStep[] = [demoUsers];

export async function seedDemoData(ctx: Ctx): Promise<boolean> {
  if (ctx.config.isProduction) return false;
  const [row] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if ((row?.n ?? 0) > 0) return false;
  await ctx.db.tx(async (q) => {
    for (const step of steps) await step(q);
  });
  ctx.log.info('Demo data loaded (see README: demo logins)');
  return true;
}
