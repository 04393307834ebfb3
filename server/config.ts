import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The only reader of process.env. Everything the server can be told comes through here, validated.
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
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

export interface Config {
  env: Env['NODE_ENV'];
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
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const require = (name: keyof Env, value: string | undefined): string => {
    if (!value) throw new ConfigError(`Invalid configuration: ${name} is required here`);
    return value;
  };

  if (isProduction) {
    require('DATABASE_URL', e.DATABASE_URL);
    require('SECRET_KEY', e.SECRET_KEY);
    if (e.SMS_DRIVER === 'console')
      throw new ConfigError(
        'Invalid configuration: SMS_DRIVER=console is not allowed in production',
      );
  }

  const origins = e.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (e.PUBLIC_ORIGIN) origins.push(new URL(e.PUBLIC_ORIGIN).origin);
  if (!isProduction) origins.push('http://localhost:5173', 'http://127.0.0.1:5173');

  return {
    env: e.NODE_ENV,
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
    demoData: e.DEMO_DATA ?? (!isProduction && e.NODE_ENV !== 'test'),
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
    webDist: path.resolve('dist/web'),
  };
}

// Outside production a random key is made once and kept in the data folder, so codes and sessions
// survive restarts without anyone having to configure a secret for a first run.
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A configuration for tests: in-memory database, console drivers, no demo data. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: 'test',
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
