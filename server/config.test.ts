/** Configuration parsing: defaults, one clear line per bad variable, pairs, and the generated secret. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'legalconnect-config-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...env }, dir);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 's'.repeat(40) }, dir);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: dir,
      publicUrl: 'http://localhost:8080',
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      demoData: 'auto',
      admin: null,
      corsOrigins: [],
      logLevel: 'info',
      trustProxy: false,
      clientDir: path.join(dir, 'dist/client'),
      sessionCacheMs: null,
      pgliteThread: true,
      pglitePrepared: true,
    });
  });

  it('parses every kind of value', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        DATA_DIR: 'relative/data',
        PUBLIC_URL: 'https://legalconnect.example.org/',
        DATABASE_URL: 'postgres://u:p@db:5432/lc',
        REDIS_URL: 'redis://cache:6379',
        SMTP_URL: 'smtps://u:p@mail.example.org:465',
        MAIL_FROM: 'LegalConnect <hello@example.org>',
        JWT_SECRET: 'j'.repeat(48),
        ADMIN_EMAIL: 'Boss@Example.org',
        ADMIN_PASSWORD: 'Adm1n!Pass',
        DEMO_DATA: 'off',
        CORS_ORIGINS: 'https://a.example.org, http://localhost:5173',
        TURN_URLS: 'turn:turn.example.org:3478,stun:stun.example.org',
        TURN_USERNAME: 'u',
        TURN_CREDENTIAL: 'c',
        LLM_BASE_URL: 'http://127.0.0.1:11434/v1/',
        LLM_MODEL: 'qwen',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
        GOOGLE_CLIENT_ID: 'id',
        GOOGLE_CLIENT_SECRET: 'secret',
        STRIPE_SECRET_KEY: 'sk_test_abc123',
        SESSION_CACHE_MS: '0',
        PGLITE_THREAD: 'off',
        PGLITE_PREPARED: 'off',
        DATABASE_POOL_SIZE: '3',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 9000,
      dataDir: path.join(dir, 'relative/data'),
      publicUrl: 'https://legalconnect.example.org',
      admin: { email: 'boss@example.org', password: 'Adm1n!Pass' },
      demoData: false,
      corsOrigins: ['https://a.example.org', 'http://localhost:5173'],
      turn: { urls: ['turn:turn.example.org:3478', 'stun:stun.example.org'], username: 'u', credential: 'c' },
      llm: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'qwen', apiKey: null },
      trustProxy: true,
      google: { clientId: 'id', clientSecret: 'secret' },
      stripeSecretKey: 'sk_test_abc123',
      sessionCacheMs: 0,
      pgliteThread: false,
      pglitePrepared: false,
      databasePoolSize: 3,
    });
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }, dir).databasePoolSize).toBeNull();
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), PORT: '', DATABASE_URL: ' ' }, dir).port).toBe(8080);
  });

  it('names every bad variable on its own line', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://cache',
      LOG_LEVEL: 'loud',
      DEMO_DATA: 'maybe',
      SESSION_CACHE_MS: '-5',
      PGLITE_THREAD: 'yes',
      PGLITE_PREPARED: 'maybe',
      DATABASE_POOL_SIZE: '0',
      CORS_ORIGINS: 'https://ok.example.org,not a url',
      JWT_SECRET: 'short',
      ADMIN_EMAIL: 'admin@example.org',
      ADMIN_PASSWORD: 'password',
      VAPID_PUBLIC_KEY: 'abc',
      VAPID_PRIVATE_KEY: 'abc',
      PUBLIC_URL: 'ftp://x',
    });
    const names = problems.map((p) => p.split(':')[0]);
    expect(names.sort()).toEqual(
      [
        'PORT',
        'DATABASE_URL',
        'REDIS_URL',
        'LOG_LEVEL',
        'DEMO_DATA',
        'SESSION_CACHE_MS',
        'PGLITE_THREAD',
        'PGLITE_PREPARED',
        'DATABASE_POOL_SIZE',
        'CORS_ORIGINS',
        'JWT_SECRET',
        'ADMIN_PASSWORD',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'PUBLIC_URL',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('PORT:'))).toBe('PORT: must be an integer between 1 and 65535');
    expect(problems.find((p) => p.startsWith('ADMIN_PASSWORD:'))).toMatch(/password policy/);
    expect(problems.find((p) => p.startsWith('DATABASE_POOL_SIZE:'))).toBe(
      'DATABASE_POOL_SIZE: must be a whole number of connections between 1 and 100',
    );
  });

  it('requires variables that only make sense together', () => {
    expect(problemsOf({ ADMIN_EMAIL: 'a@example.org' })).toEqual([
      'ADMIN_PASSWORD: is required when ADMIN_EMAIL is set',
    ]);
    expect(problemsOf({ GOOGLE_CLIENT_SECRET: 's' })).toEqual([
      'GOOGLE_CLIENT_ID: is required when GOOGLE_CLIENT_SECRET is set',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
      'S3_BUCKET: is required when any S3_* variable is set',
      'S3_ACCESS_KEY_ID: is required when any S3_* variable is set',
      'S3_SECRET_ACCESS_KEY: is required when any S3_* variable is set',
    ]);
    expect(problemsOf({ LLM_MODEL: 'x' })).toEqual(['LLM_BASE_URL: is required when LLM_MODEL or LLM_API_KEY is set']);
  });

  it('bKash: all five BKASH_* variables together, the base URL without a trailing slash', () => {
    const bkash = {
      BKASH_APP_KEY: '4f6o0cjiki2rfm34kfdadl1eqq',
      BKASH_APP_SECRET: '2is7hdktrekvrbljjh44ll3d9l1dtjo4pasmjvs5vl5qr3fug4b',
      BKASH_USERNAME: 'sandboxTokenizedUser02',
      BKASH_PASSWORD: 'sandboxTokenizedUser02@12345',
      BKASH_BASE_URL: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta',
    };
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), ...bkash }, dir).bkash).toEqual({
      appKey: bkash.BKASH_APP_KEY,
      appSecret: bkash.BKASH_APP_SECRET,
      username: bkash.BKASH_USERNAME,
      password: bkash.BKASH_PASSWORD,
      baseUrl: bkash.BKASH_BASE_URL,
    });
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }, dir).bkash).toBeNull();
    const { BKASH_PASSWORD: _password, BKASH_BASE_URL: _base, ...partial } = bkash;
    expect(problemsOf(partial)).toEqual([
      'BKASH_PASSWORD: is required when BKASH_APP_KEY and BKASH_APP_SECRET and BKASH_USERNAME is set',
      'BKASH_BASE_URL: is required when BKASH_APP_KEY and BKASH_APP_SECRET and BKASH_USERNAME is set',
    ]);
    expect(problemsOf({ ...bkash, BKASH_BASE_URL: 'https://tokenized.pay.bka.sh/v1.2.0-beta/' })).toEqual([
      'BKASH_BASE_URL: must not end with a slash (e.g. https://tokenized.pay.bka.sh/v1.2.0-beta)',
    ]);
    expect(problemsOf({ ...bkash, BKASH_BASE_URL: 'ftp://bkash' })[0]).toMatch(
      /^BKASH_BASE_URL: must be a http\(s\) URL/,
    );
  });

  it('generates JWT_SECRET once into DATA_DIR/secrets.json (0600) and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dir }, dir);
    const second = loadConfig({ DATA_DIR: dir }, dir);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dir, 'secrets.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ jwtSecret: first.jwtSecret });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('checks every response with zod as well only under NODE_ENV=test', () => {
    const crossCheck = (NODE_ENV?: string) =>
      loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), NODE_ENV }, dir).responseCrossCheck;
    expect(crossCheck('test')).toBe(true);
    expect(crossCheck('production')).toBe(false);
    expect(crossCheck(undefined)).toBe(false);
  });

  it('CLOCK_OFFSET_FILE: a moved clock for tests, refused unless NODE_ENV=test', async () => {
    const file = path.join(dir, 'clock-offset');
    await writeFile(file, '7200000\n');
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32) }, dir).clockOffsetFile).toBeNull();
    expect(problemsOf({ CLOCK_OFFSET_FILE: 'clock-offset', NODE_ENV: 'production' })).toEqual([
      "CLOCK_OFFSET_FILE: moves the server's clock for tests and is refused unless NODE_ENV=test (NODE_ENV is production)",
    ]);
    expect(problemsOf({ CLOCK_OFFSET_FILE: 'clock-offset' })).toEqual([
      "CLOCK_OFFSET_FILE: moves the server's clock for tests and is refused unless NODE_ENV=test (NODE_ENV is unset)",
    ]);
    const config = loadConfig(
      { DATA_DIR: dir, JWT_SECRET: 'x'.repeat(32), CLOCK_OFFSET_FILE: 'clock-offset', NODE_ENV: 'test' },
      dir,
    );
    expect(config.clockOffsetFile).toBe(file);

    expect(problemsOf({ CLOCK_OFFSET_FILE: 'missing', NODE_ENV: 'test' })).toEqual([
      `CLOCK_OFFSET_FILE: ${path.join(dir, 'missing')} cannot be read`,
    ]);
    await writeFile(file, 'soon');
    expect(problemsOf({ CLOCK_OFFSET_FILE: file, NODE_ENV: 'test' })).toEqual([
      `CLOCK_OFFSET_FILE: ${file} must hold a whole number of milliseconds (e.g. 0)`,
    ]);
  });

  it('documents every variable it reads', () => {
    const documented = new Set(CONFIG_VARIABLES.map((v) => v.name));
    for (const name of [
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'JWT_SECRET',
      'DEMO_DATA',
      'CORS_ORIGINS',
      'PGLITE_THREAD',
      'PGLITE_PREPARED',
      'DATABASE_POOL_SIZE',
      'CLOCK_OFFSET_FILE',
      'S3_BUCKET',
      'BKASH_APP_KEY',
      'BKASH_APP_SECRET',
      'BKASH_USERNAME',
      'BKASH_PASSWORD',
      'BKASH_BASE_URL',
    ]) {
      expect(documented.has(name)).toBe(true);
    }
    for (const variable of CONFIG_VARIABLES) expect(variable.description.length).toBeGreaterThan(5);
  });
});
