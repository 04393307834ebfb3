import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScreenPath, SCREEN_PATHS } from './screen-paths.ts';

describe('the screens the server knows', () => {
  it("are the router's, every one (web/app/routes.tsx)", () => {
    const routes = readFileSync(path.join(import.meta.dirname, '../web/app/routes.tsx'), 'utf8');
    const routed = [...routes.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!);
    expect(routed.length).toBeGreaterThan(30);
    expect(new Set(routed.filter((p) => p !== '*'))).toEqual(new Set(SCREEN_PATHS));
  });

  it('match as the router matches: any case, a trailing slash, one segment a parameter', () => {
    for (const p of [
      '/',
      '/login',
      '/login/',
      '/Recruiter-Dashboard/home',
      '/job-detail/8c1e7f0a-0000-4000-8000-000000000000',
      '/jobs/software-development',
      '/jobs/view/area-sales-manager-pune-1234',
      '/onboarding/job-seeker/3',
    ])
      expect(isScreenPath(p), p).toBe(true);
    for (const p of [
      '/no/such/page',
      '/job-detail',
      '/job-detail/',
      '/job-detail//x',
      '/job-detail/a/b',
      '/loginx',
      '/recruiter-dashboard/Home/more',
      '/api',
    ])
      expect(isScreenPath(p), p).toBe(false);
  });
});
