import { z } from 'zod';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATIONS } from '#shared/limits.ts';
import { StartError } from './lib/start-error.ts';

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
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SECRET_KEY: z.string().min(32).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  DEMO_DATA: bool.optional(),
  SMS_DRIVER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_AUTH_KEY: z.string().optional(),
  SMS_SENDER_ID: z.string().optional(),
  SMS_TEMPLATE_ID: z.string().optional(),
  MAIL_DRIVER: z.enum(['console', 'smtp']).default('console'),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('NearHire <no-reply@nearhire.in>'),
  STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('ap-south-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // Web Push (VAPID) and the SMS fallback: issue 14, docs/decisions/016.
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  SMS_NOTIFY_TEMPLATE_ID: z.string().optional(),
  SMS_TEMPLATE_ID_HI: z.string().optional(),
  SMS_NOTIFY_TEMPLATE_ID_HI: z.string().optional(),
  NOTIFY_SMS_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(NOTIFICATIONS.smsAfterMinutes),
  NOTIFY_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(NOTIFICATIONS.leaseSeconds),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads: `.env.example` documents each (server/config.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

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
  /** The site's public address (links in SMS); development: http://localhost:PORT. */
  publicOrigin: string;
  sms:
    | { driver: 'console' }
    | {
        driver: 'http';
        url: string;
        authKey: string;
        senderId: string;
        templateId: string;
        /** DLT template of the SMS fallback ("New message from {name} on NearHire: {link}"). */
        notifyTemplateId: string;
        /** The Hindi DLT templates (decision 026); users who chose Hindi get English without. */
        templateIdHi?: string;
        notifyTemplateIdHi?: string;
      };
  /** Web Push (VAPID, URL-safe base64): required in production, generated in development. */
  push: { publicKey: string; privateKey: string; subject: string };
  /** Notification queue and SMS fallback (docs/decisions/016). */
  notify: { smsAfterMinutes: number; leaseSeconds: number };
  /**
   * After SIGTERM, how long the instance goes on serving, its readiness saying 503, before it
   * stops accepting connections: for an orchestrator that takes it out of the load balancer at
   * the same moment as the signal (Kubernetes). 0: stop accepting at once.
   */
  shutdownDelayMs: number;
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

/** A setting missing or refused: the start stops with this one line (server/main.ts). */
export class ConfigError extends StartError {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // A blank line in .env (PORT=) means "not set", not an empty value.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    // One line, as every other refusal: an operator reads it in a crash loop's last line.
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${issues.join('; ')}`);
  }
  const e = parsed.data;
  const isProduction = e.APP_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const require = (name: keyof Env, value: string | undefined, why: string): string => {
    if (!value) throw new ConfigError(`Invalid configuration: ${name} is required with ${why}`);
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
    publicOrigin: e.PUBLIC_ORIGIN
      ? new URL(e.PUBLIC_ORIGIN).origin
      : `http://localhost:${e.PORT === 0 ? 3000 : e.PORT}`,
    sms:
      e.SMS_DRIVER === 'http'
        ? {
            driver: 'http',
            url: require('SMS_HTTP_URL', e.SMS_HTTP_URL, 'SMS_DRIVER=http'),
            authKey: require('SMS_HTTP_AUTH_KEY', e.SMS_HTTP_AUTH_KEY, 'SMS_DRIVER=http'),
            senderId: require('SMS_SENDER_ID', e.SMS_SENDER_ID, 'SMS_DRIVER=http'),
            templateId: require('SMS_TEMPLATE_ID', e.SMS_TEMPLATE_ID, 'SMS_DRIVER=http'),
            notifyTemplateId: require('SMS_NOTIFY_TEMPLATE_ID', e.SMS_NOTIFY_TEMPLATE_ID, 'SMS_DRIVER=http'),
            templateIdHi: e.SMS_TEMPLATE_ID_HI,
            notifyTemplateIdHi: e.SMS_NOTIFY_TEMPLATE_ID_HI,
          }
        : { driver: 'console' },
    mail:
      e.MAIL_DRIVER === 'smtp'
        ? {
            driver: 'smtp',
            url: require('SMTP_URL', e.SMTP_URL, 'MAIL_DRIVER=smtp'),
            from: e.MAIL_FROM,
          }
        : { driver: 'console', from: e.MAIL_FROM },
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: require('S3_BUCKET', e.S3_BUCKET, 'STORAGE_DRIVER=s3'),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          }
        : { driver: 'disk', dir: path.join(dataDir, 'uploads') },
    push: vapidKeys(e, dataDir),
    notify: {
      smsAfterMinutes: e.NOTIFY_SMS_AFTER_MINUTES,
      leaseSeconds: e.NOTIFY_LEASE_SECONDS,
    },
    shutdownDelayMs: e.SHUTDOWN_DELAY_SECONDS * 1000,
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
  else if (weakSecret(e.SECRET_KEY))
    refuse(
      'SECRET_KEY is too weak for production: use 32+ random characters (openssl rand -hex 32)',
    );
  if (e.SMS_DRIVER === 'console')
    refuse('SMS_DRIVER=console is not allowed in production (set SMS_DRIVER=http)');
  if (e.MAIL_DRIVER === 'console')
    refuse('MAIL_DRIVER=console is not allowed in production (set MAIL_DRIVER=smtp)');
  if (e.DEMO_DATA) refuse('DEMO_DATA is not allowed in production');
  // SMS links to a chat need the site's address; push needs the site's own VAPID key pair.
  if (!e.PUBLIC_ORIGIN) refuse('PUBLIC_ORIGIN is required in production (links in SMS)');
  // The session cookie is Secure in production: over http:// a browser drops it and no login
  // ever sticks. This machine's own address stays allowed, to try a production build locally.
  else if (new URL(e.PUBLIC_ORIGIN).protocol !== 'https:' && !isLoopback(e.PUBLIC_ORIGIN))
    refuse(
      'PUBLIC_ORIGIN must be an https:// address in production (the session cookie is Secure)',
    );
  for (const name of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const)
    if (!e[name])
      refuse(`${name} is required in production (Web Push; npx web-push generate-vapid-keys)`);
}

/**
 * A secret anyone could guess: fewer than 10 distinct characters (`aaaa…`, `passwordpassword…`),
 * or a run of 8 characters that comes twice (`changeme-changeme-…`, the test suites'
 * `test-secret-key-test-secret-key-…`). In 64 random hex digits a repeated run of 8 has a chance
 * below one in a million.
 */
export function weakSecret(key: string): boolean {
  if (new Set(key).size < 10) return true;
  const seen = new Set<string>();
  for (let i = 0; i + 8 <= key.length; i++) {
    const run = key.slice(i, i + 8);
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

const isLoopback = (origin: string): boolean =>
  ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);

/**
 * The VAPID key pair: from the environment (checked: URL-safe base64, a P-256 pair that belongs
 * together), or in development one made once and kept in DATA_DIR/vapid.json. Browsers bind a
 * subscription to the key it was made with, so the key must not change between restarts.
 */
function vapidKeys(e: Env, dataDir: string): Config['push'] {
  const subject = e.VAPID_SUBJECT ?? 'mailto:dev@nearhire.invalid';
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
      throw new ConfigError(
        'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      );
    checkVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY);
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as {
      publicKey: string;
      privateKey: string;
    };
    return { ...kept, subject };
  }
  const made = generateVapidKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return { ...made, subject };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function checkVapidPair(publicKey: string, privateKey: string): void {
  const bad = (why: string): never => {
    throw new ConfigError(`Invalid configuration: ${why} (npx web-push generate-vapid-keys)`);
  };
  if (!BASE64URL.test(publicKey) || Buffer.from(publicKey, 'base64url').length !== 65)
    bad('VAPID_PUBLIC_KEY must be 65 bytes of URL-safe base64 without padding');
  if (!BASE64URL.test(privateKey) || Buffer.from(privateKey, 'base64url').length !== 32)
    bad('VAPID_PRIVATE_KEY must be 32 bytes of URL-safe base64 without padding');
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  } catch {
    bad('VAPID_PRIVATE_KEY is not a P-256 private key');
  }
  if (ecdh.getPublicKey('base64url') !== publicKey)
    bad('VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY');
}

/** A new VAPID key pair (P-256), URL-safe base64 as browsers and web-push take it. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // getPrivateKey may drop leading zero bytes: pad to the 32 bytes VAPID expects.
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
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
let testVapid: { publicKey: string; privateKey: string } | null = null;

export function testConfig(overrides: Partial<Config> = {}): Config {
  // One VAPID pair per test process, kept in memory (nothing written under data/test).
  testVapid ??= generateVapidKeys();
  const base = loadConfig({
    VAPID_PUBLIC_KEY: testVapid.publicKey,
    VAPID_PRIVATE_KEY: testVapid.privateKey,
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
