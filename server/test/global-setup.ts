import type { TestProject } from 'vitest/node';
import {
  buildDemoPgliteTemplate,
  buildPgliteTemplate,
  buildPostgresTemplate,
  DEMO_PGLITE_TEMPLATE_ENV,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from './template-db.ts';

/**
 * Vitest's global setup for the server and browser-journey projects: migrates this run's template
 * database once (server/test/template-db.ts), with the demo data for the journeys, before any test
 * process starts, and removes it after the run. The test processes inherit its location through
 * the environment.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  // The browser journeys' server is always on PGlite (e2e/harness.ts).
  if (project.name === 'server' && databaseUrl && databaseUrl !== 'memory') {
    const template = await buildPostgresTemplate(databaseUrl);
    process.env[POSTGRES_TEMPLATE_ENV] = template.url;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await template.remove();
    };
  }
  // The browser journeys' servers all start with the demo data (e2e/harness.ts): loaded once here.
  if (project.name === 'e2e') {
    const template = await buildDemoPgliteTemplate();
    process.env[DEMO_PGLITE_TEMPLATE_ENV] = template.dir;
    return async () => {
      delete process.env[DEMO_PGLITE_TEMPLATE_ENV];
      template.remove();
    };
  }
  const template = await buildPgliteTemplate();
  process.env[PGLITE_TEMPLATE_ENV] = template.dir;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    template.remove();
  };
}
