import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The only reader of process.env. Everything the server can be told comes through here, validated.
//
// APP_ENV decides between the two modes, and a missing variable never means development: unset is
// production, which refuses to start without its settings. Development (the embedded database,
// a generated secret, the console SMS and mail drivers with the dev outbox, demo data) is only
// what `npm start`, `npm run dev` and the tests ask for by name (docs/decisions/014). NODE_ENV is
// left to the libraries that read it; the server itself never looks at it.
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  APP_ENV: z.enum(['development', 'production']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_ORIGINS: z.string().default(''),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(5).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SECRET_KEY: z.string().min(32).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  DEMO_DATA: bool.optional(),
  SMS_DRIVER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_AUTH_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  SMS_TEMPLATE_ID: z.string().optional(),
  MAIL_DRIVER: z.enum(['console', 'smtp']).default('console'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('NearHire <no-reply@nearhire.in>'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type AppEnv = Env['APP_ENV'];

export interface Config {
  env: AppEnv;
  /** Every production rule hangs on this one flag (APP_ENV unset or `production`). */
  isProduction: boolean;
  port: number;
  host: string;
  allowedOrigins: string[];
  trustProxyHops: number;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  /** null = embedded PGlite under dataDir; 'memory' = throwaway in-memory PGlite (tests). */
  databaseUrl: string | null;
  redisUrl: string | null;
  secretKey: string;
  /** Bearer token for GET /metrics; null = only unforwarded requests from loopback. */
  metricsToken: string | null;
  demoData: boolean;
  sms:
    | { driver: 'console' }
    | { driver: 'http'; url: string; authKey: string; senderId: string; templateId: string };
  mail: { driver: 'console'; from: string } | { driver: 'smtp'; url: string; from: string };
  storage:
    | { driver: 'disk'; dir: string }
    | {
        driver: 's3';
        endpoint?: string;
        region: string;
        bucket: string;
        accessKeyId?: string;
        secretAccessKey?: string;
      };
  webDist: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // A blank line in .env (PORT=) means "not set", not an empty value.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const require = (name: keyof Env, value: string | undefined): string => {
    if (!value) throw new ConfigError(`Invalid configuration: ${name} is required here`);
    return value;
  };

  if (isProduction) checkProduction(e);

  const origins = e.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (e.PUBLIC_ORIGIN) origins.push(new URL(e.PUBLIC_ORIGIN).origin);
  if (!isProduction) origins.push('http://localhost:5173', 'http://127.0.0.1:5173');

  return {
    env: e.APP_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    allowedOrigins: origins,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    secretKey: e.SECRET_KEY ?? devSecret(dataDir),
    metricsToken: e.METRICS_TOKEN ?? null,
    demoData: !isProduction && (e.DEMO_DATA ?? true),
    sms:
      e.SMS_DRIVER === 'http'
        ? {
            driver: 'http',
            url: require('SMS_HTTP_URL', e.SMS_HTTP_URL),
            authKey: require('SMS_HTTP_AUTH_KEY', e.SMS_HTTP_AUTH_KEY),
            senderId: require('SMS_SENDER_ID', e.SMS_SENDER_ID),
            templateId: require('SMS_TEMPLATE_ID', e.SMS_TEMPLATE_ID),
          }
        : { driver: 'console' },
    mail:
      e.MAIL_DRIVER === 'smtp'
        ? { driver: 'smtp', url: require('SMTP_URL', e.SMTP_URL), from: e.MAIL_FROM }
        : { driver: 'console', from: e.MAIL_FROM },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: require('S3_BUCKET', e.S3_BUCKET),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { driver: 'disk', dir: path.join(dataDir, 'uploads') },
    webDist: path.join(appRoot(), 'dist', 'web'),
  };
}

const PRODUCTION_HINT = '(APP_ENV is production when unset; `npm start` sets APP_ENV=development)';

// What production needs, checked before anything starts: each failure names the variable.
function checkProduction(e: Env): void {
  const refuse = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message} ${PRODUCTION_HINT}`);
  };
  if (!e.DATABASE_URL) refuse('DATABASE_URL is required in production');
  else if (!/^postgres(ql)?:\/\//.test(e.DATABASE_URL))
    refuse('DATABASE_URL must be a postgres:// URL in production (no embedded database)');
  if (!e.SECRET_KEY) refuse('SECRET_KEY is required in production');
  else if (new Set(e.SECRET_KEY).size < 10)
    refuse(
      'SECRET_KEY is too weak for production: use 32+ random characters (openssl rand -hex 32)',
    );
  if (e.SMS_DRIVER === 'console')
    refuse('SMS_DRIVER=console is not allowed in production (set SMS_DRIVER=http)');
  if (e.MAIL_DRIVER === 'console')
    refuse('MAIL_DRIVER=console is not allowed in production (set MAIL_DRIVER=smtp)');
  if (e.DEMO_DATA) refuse('DEMO_DATA is not allowed in production');
}

// The package folder (where package.json is), found from this file: the source (server/) and the
// compiled server (dist/server/) both sit inside it, so dist/web is found whatever the cwd.
function appRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

// In development a random key is made once and kept in the data folder, so codes and sessions
// survive restarts without anyone having to configure a secret for a first run.
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/**
 * A configuration for tests, asked for explicitly: development mode (console drivers and the dev
 * outbox, which the tests read codes from), an in-memory database, no demo data (the browser
 * journeys load it themselves).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    APP_ENV: 'development',
    DEMO_DATA: 'false',
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(process.cwd(), 'data', 'test'),
  });
  return {
    ...base,
    databaseUrl: process.env.DATABASE_URL ?? 'memory',
    redisUrl: process.env.REDIS_URL ?? null,
    ...overrides,
  };
}
