import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ConfigError,
  ENV_VARIABLES,
  generateVapidKeys,
  loadConfig,
  testConfig,
  type Config,
} from './config.ts';
import { createTestApp } from './test/app.ts';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nearhire-config-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

// Random-looking: a repeated run such as 'config-test-secret-config-test-secret' is refused.
const SECRET = 'k7Qz2mVp9xLr4TbN8cWs1HdJ6fGy3EaU0oRi';

/** A development environment that needs nothing written to disk. */
const dev = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  APP_ENV: 'development',
  SECRET_KEY: SECRET,
  DATA_DIR: path.join(tmp, 'dev'),
  ...extra,
});

const httpSms = {
  SMS_DRIVER: 'http',
  SMS_HTTP_URL: 'https://control.msg91.com/api/v5/flow',
  SMS_HTTP_AUTH_KEY: 'auth-key',
  SMS_SENDER_ID: 'NRHIRE',
  SMS_TEMPLATE_ID: 'template-1',
  SMS_NOTIFY_TEMPLATE_ID: 'template-2',
};

// A VAPID pair made for this file (what `npx web-push generate-vapid-keys` prints).
const vapid = generateVapidKeys();

/**
 * A complete production environment, without APP_ENV: production is what an unset APP_ENV means.
 * Tests take one thing away at a time.
 */
const production = (): NodeJS.ProcessEnv => ({
  DATABASE_URL: 'postgres://app@db.internal:5432/nearhire',
  SECRET_KEY: SECRET,
  DATA_DIR: path.join(tmp, 'prod'),
  LOG_LEVEL: 'silent',
  ...httpSms,
  MAIL_DRIVER: 'smtp',
  SMTP_URL: 'smtp://mailer:secret@smtp.internal:587',
  PUBLIC_ORIGIN: 'https://nearhire.in',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:ops@nearhire.in',
});

function without(env: NodeJS.ProcessEnv, name: string): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy[name];
  return copy;
}

function rejection(env: NodeJS.ProcessEnv): Error {
  try {
    loadConfig(env);
  } catch (err) {
    return err as Error;
  }
  throw new Error('loadConfig accepted the configuration');
}

describe('without APP_ENV: production rules, never development', () => {
  it('refuses to start with nothing set', () => {
    const err = rejection({});
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/DATABASE_URL is required in production/);
    // The message says how to get development on purpose.
    expect(err.message).toMatch(/APP_ENV/);
  });

  it('NODE_ENV does not turn development on (it is left to libraries)', () => {
    for (const NODE_ENV of ['development', 'test', 'staging']) {
      expect(rejection({ NODE_ENV, SECRET_KEY: SECRET }).message).toMatch(
        /DATABASE_URL is required in production/,
      );
    }
    const config = loadConfig({ ...production(), NODE_ENV: 'development' });
    expect(config.isProduction).toBe(true);
  });

  it('accepts a complete production environment: no outbox drivers, no demo data', () => {
    const config = loadConfig(production());
    expect(config.env).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(config.databaseUrl).toBe('postgres://app@db.internal:5432/nearhire');
    expect(config.secretKey).toBe(SECRET);
    expect(config.demoData).toBe(false);
    expect(config.sms.driver).toBe('http');
    expect(config.mail.driver).toBe('smtp');
    expect(config.allowedOrigins).not.toContain('http://localhost:5173');
    expect(existsSync(path.join(tmp, 'prod', 'secret.key'))).toBe(false);
  });

  it('says the same with APP_ENV=production', () => {
    const config = loadConfig({ ...production(), APP_ENV: 'production' });
    expect(config.isProduction).toBe(true);
    expect(config.demoData).toBe(false);
  });

  it.each(['DATABASE_URL', 'SECRET_KEY'])('requires %s (no embedded default)', (name) => {
    const err = rejection(without(production(), name));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`${name} is required in production`));
  });

  it.each(['memory', '/var/lib/nearhire'])('refuses DATABASE_URL=%s (PGlite)', (url) => {
    const err = rejection({ ...production(), DATABASE_URL: url });
    expect(err.message).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it.each([
    'a'.repeat(40),
    'passwordpasswordpasswordpassword',
    'short',
    // The test suites' own keys and a repeated word: anyone can read them in the repository.
    'test-secret-key-test-secret-key-0123456789',
    'shutdown-secret-key-shutdown-secret-key-0123',
    'changeme-changeme-changeme-changeme',
  ])('refuses a weak SECRET_KEY (%s)', (key) => {
    const err = rejection({ ...production(), SECRET_KEY: key });
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/SECRET_KEY/);
  });

  it('refuses SMS_DRIVER=console, also when it is only the default', () => {
    const explicit = rejection({ ...production(), SMS_DRIVER: 'console' });
    expect(explicit).toBeInstanceOf(ConfigError);
    expect(explicit.message).toMatch(/SMS_DRIVER=console is not allowed in production/);
    const defaulted = rejection(without(production(), 'SMS_DRIVER'));
    expect(defaulted.message).toMatch(/SMS_DRIVER=console/);
  });

  it('refuses MAIL_DRIVER=console, also when it is only the default', () => {
    const explicit = rejection({ ...production(), MAIL_DRIVER: 'console' });
    expect(explicit.message).toMatch(/MAIL_DRIVER=console is not allowed in production/);
    const defaulted = rejection(without(production(), 'MAIL_DRIVER'));
    expect(defaulted.message).toMatch(/MAIL_DRIVER=console/);
  });

  it.each(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'PUBLIC_ORIGIN'])(
    'requires %s (Web Push keys and the address SMS links point to)',
    (name) => {
      const err = rejection(without(production(), name));
      expect(err).toBeInstanceOf(ConfigError);
      expect(err.message).toMatch(new RegExp(`${name} is required in production`));
    },
  );

  it('takes the VAPID keys from the environment and writes no key file', () => {
    const config = loadConfig(production());
    expect(config.push).toEqual({ ...vapid, subject: 'mailto:ops@nearhire.in' });
    expect(config.publicOrigin).toBe('https://nearhire.in');
    expect(existsSync(path.join(tmp, 'prod', 'vapid.json'))).toBe(false);
  });

  it('refuses VAPID keys that are malformed or do not belong together', () => {
    const other = generateVapidKeys();
    expect(rejection({ ...production(), VAPID_PUBLIC_KEY: other.publicKey }).message).toMatch(
      /VAPID_PUBLIC_KEY does not belong to VAPID_PRIVATE_KEY/,
    );
    expect(rejection({ ...production(), VAPID_PUBLIC_KEY: 'abc' }).message).toMatch(
      /VAPID_PUBLIC_KEY must be 65 bytes/,
    );
    expect(
      rejection({ ...production(), VAPID_PRIVATE_KEY: `${vapid.privateKey}=` }).message,
    ).toMatch(/VAPID_PRIVATE_KEY must be 32 bytes/);
    expect(rejection({ ...production(), VAPID_SUBJECT: 'ops@nearhire.in' }).message).toMatch(
      /VAPID_SUBJECT/,
    );
    expect(rejection(without(production(), 'VAPID_PRIVATE_KEY')).message).toMatch(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('takes any SECRET_KEY made as docs/deploy.md says (openssl rand -hex 32)', () => {
    for (let i = 0; i < 500; i++) {
      const key = randomBytes(32).toString('hex');
      expect(loadConfig({ ...production(), SECRET_KEY: key }).secretKey).toBe(key);
    }
  });

  it('refuses an http:// PUBLIC_ORIGIN (the Secure cookie would never stick), but not this machine', () => {
    const err = rejection({ ...production(), PUBLIC_ORIGIN: 'http://nearhire.in' });
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/PUBLIC_ORIGIN must be an https:\/\/ address in production/);
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:8080'])
      expect(loadConfig({ ...production(), PUBLIC_ORIGIN: local }).publicOrigin).toBe(local);
  });

  it.each([
    ['SMTP_URL', 'smtp.internal:587'],
    ['SMTP_URL', 'https://smtp.internal'],
    ['REDIS_URL', 'redis.internal:6379'],
    ['REDIS_URL', 'http://redis.internal'],
  ])('refuses %s=%s at start, on one line', (name, value) => {
    const err = rejection({ ...production(), [name]: value });
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`^Invalid configuration: ${name}: must be an? `));
    expect(err.message).not.toContain('\n');
  });

  it('refuses DEMO_DATA=true; DEMO_DATA=false changes nothing', () => {
    expect(rejection({ ...production(), DEMO_DATA: 'true' }).message).toMatch(
      /DEMO_DATA is not allowed in production/,
    );
    expect(loadConfig({ ...production(), DEMO_DATA: 'false' }).demoData).toBe(false);
  });
});

describe('APP_ENV=development: the embedded defaults', () => {
  it('embedded database, console drivers, demo data, local dev origins', () => {
    const config = loadConfig({ APP_ENV: 'development', SECRET_KEY: SECRET });
    expect(config.env).toBe('development');
    expect(config.isProduction).toBe(false);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeNull(); // PGlite under DATA_DIR
    expect(config.storage).toEqual({ driver: 'disk', dir: path.resolve('./data', 'uploads') });
    expect(config.sms).toEqual({ driver: 'console' });
    expect(config.mail.driver).toBe('console');
    expect(config.demoData).toBe(true);
    expect(config.allowedOrigins).toContain('http://localhost:5173');
  });

  it('DEMO_DATA=false turns the demo data off', () => {
    expect(loadConfig(dev({ DEMO_DATA: 'false' })).demoData).toBe(false);
  });

  it('takes a valid PORT and DATA_DIR', () => {
    const config = loadConfig(dev({ PORT: '8080' }));
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(tmp, 'dev'));
  });

  it('makes a secret once and keeps it in DATA_DIR', () => {
    const dataDir = path.join(tmp, 'secret');
    const first = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ APP_ENV: 'development', DATA_DIR: dataDir });
    expect(second.secretKey).toBe(first.secretKey);
  });

  it('makes a VAPID key pair once and keeps it in DATA_DIR (subscriptions are bound to it)', () => {
    const dataDir = path.join(tmp, 'vapid');
    const first = loadConfig({ APP_ENV: 'development', SECRET_KEY: SECRET, DATA_DIR: dataDir });
    expect(Buffer.from(first.push.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.push.privateKey, 'base64url')).toHaveLength(32);
    expect(first.push.subject).toMatch(/^mailto:/);
    const file = path.join(dataDir, 'vapid.json');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ APP_ENV: 'development', SECRET_KEY: SECRET, DATA_DIR: dataDir });
    expect(second.push).toEqual(first.push);
    // The public origin of links defaults to this server.
    expect(loadConfig(dev({ PORT: '8080' })).publicOrigin).toBe('http://localhost:8080');
  });

  it('finds dist/web in the package folder, whatever the working directory', () => {
    const config = loadConfig(dev());
    expect(config.webDist).toBe(path.join(import.meta.dirname, '..', 'dist', 'web'));
  });
});

describe('testConfig is explicit too', () => {
  it('development drivers (the tests read codes from the outbox), no demo data', () => {
    const config = testConfig();
    expect(config.env).toBe('development');
    expect(config.isProduction).toBe(false);
    expect(config.sms.driver).toBe('console');
    expect(config.demoData).toBe(false);
  });

  it('a VAPID pair kept in memory: nothing written under the data folder', () => {
    const config = testConfig();
    expect(testConfig().push).toEqual(config.push);
    expect(existsSync(path.join(config.dataDir, 'vapid.json'))).toBe(false);
  });
});

describe('.env.example', () => {
  // Issue 2: ".env.example documents every variable", and names none the server does not read.
  const documented = [
    ...readFileSync(new URL('../.env.example', import.meta.url), 'utf8').matchAll(
      /^#? ?([A-Z][A-Z0-9_]*)=/gm,
    ),
  ].map((m) => m[1]!);
  it('documents every variable the configuration reads', () => {
    expect(ENV_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });
  it('documents no variable the configuration does not read', () => {
    expect(documented.filter((name) => !(ENV_VARIABLES as string[]).includes(name))).toEqual([]);
  });
});

describe('loadConfig rejects bad values', () => {
  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s', (port) => {
    const err = rejection(dev({ PORT: port }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/PORT/);
  });

  it('rejects an unknown APP_ENV', () => {
    const err = rejection(dev({ APP_ENV: 'staging' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/APP_ENV/);
  });

  it('rejects a SECRET_KEY shorter than 32 characters', () => {
    const err = rejection(dev({ SECRET_KEY: 'short' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/SECRET_KEY/);
  });

  it('says every problem on one line', () => {
    const err = rejection(dev({ SECRET_KEY: 'short', PORT: 'abc' }));
    expect(err.message).toMatch(/^Invalid configuration: PORT: .+; SECRET_KEY: .+/);
    expect(err.message).not.toContain('\n');
  });
});

describe('the dev outbox route follows the configuration', () => {
  /** A server built from a configuration loadConfig made, on the test database. */
  const serverFor = (config: Config) => {
    // The test database (in-memory PGlite, or CI's PostgreSQL) replaces the configured one.
    const rest: Partial<Config> = { ...config };
    delete rest.databaseUrl;
    delete rest.redisUrl;
    return createTestApp(rest);
  };
  const hasOutbox = (routes: { url: string }[]) =>
    routes.some((r) => r.url.startsWith('/api/dev/'));

  it('is not registered with a production configuration', async () => {
    const prod = await serverFor(loadConfig(production()));
    try {
      expect(prod.ctx.config.isProduction).toBe(true);
      expect(prod.routes.some((r) => r.url === '/api/health')).toBe(true);
      expect(hasOutbox(prod.routes)).toBe(false);
      const res = await prod.app.inject({ url: '/api/dev/outbox?to=9876543210' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('messages');
    } finally {
      await prod.close();
    }
  });

  it('is registered with APP_ENV=development', async () => {
    const devApp = await serverFor(loadConfig(dev({ DEMO_DATA: 'false', LOG_LEVEL: 'silent' })));
    try {
      expect(hasOutbox(devApp.routes)).toBe(true);
      const res = await devApp.app.inject({ url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(200);
    } finally {
      await devApp.close();
    }
  });
});

describe('loadConfig with SMS_DRIVER=http', () => {
  it('builds the HTTP SMS settings', () => {
    const config = loadConfig(dev(httpSms));
    expect(config.sms).toEqual({
      driver: 'http',
      url: 'https://control.msg91.com/api/v5/flow',
      authKey: 'auth-key',
      senderId: 'NRHIRE',
      templateId: 'template-1',
      notifyTemplateId: 'template-2',
    });
  });

  it('takes the optional Hindi templates (SMS_TEMPLATE_ID_HI, SMS_NOTIFY_TEMPLATE_ID_HI)', () => {
    const config = loadConfig(
      dev({
        ...httpSms,
        SMS_TEMPLATE_ID_HI: 'template-hi-1',
        SMS_NOTIFY_TEMPLATE_ID_HI: 'template-hi-2',
      }),
    );
    expect(config.sms).toMatchObject({
      templateId: 'template-1',
      notifyTemplateId: 'template-2',
      templateIdHi: 'template-hi-1',
      notifyTemplateIdHi: 'template-hi-2',
    });
  });

  it.each([
    'SMS_HTTP_URL',
    'SMS_HTTP_AUTH_KEY',
    'SMS_SENDER_ID',
    'SMS_TEMPLATE_ID',
    'SMS_NOTIFY_TEMPLATE_ID',
  ])('requires %s', (name) => {
    const err = rejection(without(dev(httpSms), name));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`${name} is required with SMS_DRIVER=http`));
  });

  it('rejects an SMS_HTTP_URL that is not a URL', () => {
    const err = rejection(dev({ ...httpSms, SMS_HTTP_URL: 'not a url' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/SMS_HTTP_URL/);
  });
});
