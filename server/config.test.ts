import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'nearhire-config-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const SECRET = 'config-test-secret-config-test-secret-0123';

/** A development environment that needs nothing written to disk. */
const dev = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  NODE_ENV: 'development',
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
};

/** A complete production environment; tests take one thing away at a time. */
const production = (): NodeJS.ProcessEnv => ({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://app@db.internal:5432/nearhire',
  SECRET_KEY: SECRET,
  DATA_DIR: path.join(tmp, 'prod'),
  ...httpSms,
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

describe('loadConfig defaults', () => {
  it('defaults PORT to 3000 and DATA_DIR to ./data', () => {
    // A SECRET_KEY is given so that nothing is written to ./data.
    const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY: SECRET });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.storage).toEqual({ driver: 'disk', dir: path.resolve('./data', 'uploads') });
    expect(config.databaseUrl).toBeNull();
    expect(config.sms).toEqual({ driver: 'console' });
    expect(config.isProduction).toBe(false);
  });

  it('takes a valid PORT and DATA_DIR', () => {
    const config = loadConfig(dev({ PORT: '8080' }));
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.join(tmp, 'dev'));
  });

  it('outside production makes a secret once and keeps it in DATA_DIR', () => {
    const dataDir = path.join(tmp, 'secret');
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(first.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secretKey);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    expect(second.secretKey).toBe(first.secretKey);
  });
});

describe('loadConfig rejects bad values', () => {
  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s', (port) => {
    const err = rejection(dev({ PORT: port }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/PORT/);
  });

  it('rejects an unknown NODE_ENV', () => {
    const err = rejection(dev({ NODE_ENV: 'staging' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/NODE_ENV/);
  });

  it('rejects a SECRET_KEY shorter than 32 characters', () => {
    const err = rejection(dev({ SECRET_KEY: 'short' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/SECRET_KEY/);
  });
});

describe('loadConfig in production', () => {
  it('accepts a complete production environment', () => {
    const config = loadConfig(production());
    expect(config.isProduction).toBe(true);
    expect(config.databaseUrl).toBe('postgres://app@db.internal:5432/nearhire');
    expect(config.secretKey).toBe(SECRET);
    expect(config.demoData).toBe(false);
    expect(config.allowedOrigins).not.toContain('http://localhost:5173');
  });

  it.each(['DATABASE_URL', 'SECRET_KEY'])('requires %s', (name) => {
    const err = rejection(without(production(), name));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(new RegExp(`${name} is required`));
  });

  it('refuses SMS_DRIVER=console, also when it is only the default', () => {
    const explicit = rejection({ ...production(), SMS_DRIVER: 'console' });
    expect(explicit).toBeInstanceOf(ConfigError);
    expect(explicit.message).toMatch(/SMS_DRIVER=console is not allowed in production/);
    const defaulted = rejection(without(production(), 'SMS_DRIVER'));
    expect(defaulted.message).toMatch(/SMS_DRIVER=console/);
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
    });
  });

  it.each(['SMS_HTTP_URL', 'SMS_HTTP_AUTH_KEY', 'SMS_SENDER_ID', 'SMS_TEMPLATE_ID'])(
    'requires %s',
    (name) => {
      const err = rejection(without(dev(httpSms), name));
      expect(err).toBeInstanceOf(ConfigError);
      expect(err.message).toMatch(new RegExp(`${name} is required`));
    },
  );

  it('rejects an SMS_HTTP_URL that is not a URL', () => {
    const err = rejection(dev({ ...httpSms, SMS_HTTP_URL: 'not a url' }));
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.message).toMatch(/SMS_HTTP_URL/);
  });
});
