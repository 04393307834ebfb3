import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoData } from './demo/seed.ts';

// Reads .env when present (development convenience); real deployments set the environment.
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

  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`NearHire is running on http://localhost:${config.port} (${ctx.db.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
