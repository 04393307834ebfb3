import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { StartError } from './lib/start-error.ts';
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
  const config = loadConfig();
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why =
      code === 'EADDRINUSE'
        ? 'another process is using it'
        : code === 'EACCES'
          ? 'not allowed (a port below 1024 needs privileges)'
          : code === 'EADDRNOTAVAIL'
            ? 'this machine has no such address'
            : null;
    if (why)
      throw new StartError(`Cannot listen on ${config.host}:${config.port} (HOST, PORT): ${why}`);
    throw err;
  }
  if (config.isProduction) {
    // Allowed for a single instance; with several behind a load balancer both are required.
    if (!config.redisUrl)
      app.log.warn('REDIS_URL is not set: realtime and presence reach this instance only');
    if (config.storage.driver === 'disk')
      app.log.warn(`STORAGE_DRIVER=disk: files stay on this machine (${config.storage.dir})`);
  }
  // The address people open (development: http://localhost:PORT), and where this process listens.
  app.log.info(
    `NearHire is running on ${config.publicOrigin} (listening on ${config.host}:${config.port}; ${config.env}, ${ctx.db.kind})`,
  );
}

// A setting, an unreachable database or a port in use: one line an operator can act on, no stack
// (a crash loop's log shows it as its last line). Anything else is a bug and keeps its stack.
main().catch((err) => {
  console.error(err instanceof StartError ? err.message : err);
  process.exit(1);
});
