import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './demo/seed.ts';
import { OPERATIONS } from '#shared/limits.ts';
import { announceStop, shutdown } from './plugins/operations.ts';

// Starts one instance: `npm start` / `npm run dev` under tsx with APP_ENV=development, or the
// compiled dist/server/main.js in production (`npm run start:prod`, docs/deploy.md).
// Reads .env when present (development convenience; the environment wins over it); real
// deployments set the environment.
try {
  process.loadEnvFile();
} catch {
  // no .env file
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app, ctx } = await buildApp(config);
  if (config.demoData && !config.isProduction) await seedDemoData(ctx);

  // Graceful: stop accepting, let requests in flight finish (up to a deadline), tell sockets
  // "restarting", then close the workers, Redis and the database pool (plugins/operations.ts).
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Whatever happens, the process ends: a stuck close must not outlive the orchestrator's wait.
    setTimeout(
      () => {
        app.log.error('shutdown did not finish in time: exiting');
        process.exit(1);
      },
      config.shutdownDelayMs + OPERATIONS.shutdownDeadlineMs + 5_000,
    ).unref();
    try {
      await announceStop(app, ctx.lifecycle, config.shutdownDelayMs);
      await shutdown(app);
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.isProduction) {
    // Allowed for a single instance; with several behind a load balancer both are required.
    if (!config.redisUrl)
      app.log.warn('REDIS_URL is not set: realtime and presence reach this instance only');
    if (config.storage.driver === 'disk')
      app.log.warn(`STORAGE_DRIVER=disk: files stay on this machine (${config.storage.dir})`);
  }
  app.log.info(
    `NearHire is running on http://localhost:${config.port} (${config.env}, ${ctx.db.kind})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
