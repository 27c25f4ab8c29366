/**
 * Server configuration: every environment variable of docs/api.md §10, parsed once at start.
 * A bad value stops the process with one line per variable that names it, so an operator fixes
 * all of them in one go instead of discovering them one crash at a time.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { passwordProblem } from '../contract/auth';
import { parseClockOffset } from './clock';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, validPushHostList } from './modules/notifications/push-endpoint';

export interface ConfigVariable {
  name: string;
  default: string;
  description: string;
}

/** The documented variables, in the order the README lists them. */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  { name: 'PORT', default: '8080', description: 'TCP port the server listens on' },
  { name: 'HOST', default: '0.0.0.0', description: 'Interface to bind' },
  { name: 'DATA_DIR', default: './data', description: 'Embedded database, files, mail folder and generated secrets' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:PORT',
    description: 'Public base URL used in links (mail, calendar feeds)',
  },
  {
    name: 'DATABASE_URL',
    default: '(embedded PGlite)',
    description: 'PostgreSQL URL (postgres://…); absent → PGlite in DATA_DIR/pglite',
  },
  {
    name: 'DATABASE_POOL_SIZE',
    default: 'twice the cores, 2 to 10',
    description:
      'Connections each instance keeps to PostgreSQL (statements in flight at once); more than the database has cores to run them makes every statement slower (decision 0024)',
  },
  {
    name: 'REDIS_URL',
    default: '(in-memory)',
    description: 'Redis URL for rate-limit counters and realtime fan-out across instances',
  },
  {
    name: 'SMTP_URL',
    default: '(.eml files)',
    description: 'SMTP URL (smtp:// or smtps://); absent → mail written to DATA_DIR/mail and logged',
  },
  { name: 'MAIL_FROM', default: 'LegalConnect <no-reply@legalconnect.local>', description: 'Sender of outgoing mail' },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    description: 'HS256 signing secret, ≥32 characters; absent → generated once into DATA_DIR/secrets.json',
  },
  {
    name: 'VAPID_PUBLIC_KEY',
    default: '(generated)',
    description:
      'Web-push VAPID public key (base64url P-256 point); set with the private key; absent → generated once into DATA_DIR/secrets.json',
  },
  { name: 'VAPID_PRIVATE_KEY', default: '(generated)', description: 'Web-push VAPID private key (base64url)' },
  {
    name: 'VAPID_SUBJECT',
    default: 'mailto:MAIL_FROM address',
    description: 'Web-push contact (mailto: or https: URL)',
  },
  {
    name: 'ADMIN_EMAIL',
    default: '—',
    description: 'Email of an ADMIN account created (verified) at start; set with ADMIN_PASSWORD',
  },
  { name: 'ADMIN_PASSWORD', default: '—', description: 'Password of that admin (must satisfy the password policy)' },
  {
    name: 'DEMO_DATA',
    default: 'on for an empty embedded database',
    description: 'true/false: load demo users (admin, clients, lawyers)',
  },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(sandbox payments)',
    description: 'Stripe secret key; absent → built-in sandbox provider',
  },
  {
    name: 'BKASH_APP_KEY',
    default: '(sandbox bKash wallet)',
    description:
      'bKash Tokenized Checkout app key; with BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD and BKASH_BASE_URL, bKash payments go to bKash (Authorization & Capture); callback URL to register: PUBLIC_URL/v1/payments/bkash/callback',
  },
  { name: 'BKASH_APP_SECRET', default: '—', description: 'bKash app secret' },
  { name: 'BKASH_USERNAME', default: '—', description: 'bKash merchant API username' },
  { name: 'BKASH_PASSWORD', default: '—', description: 'bKash merchant API password' },
  {
    name: 'BKASH_BASE_URL',
    default: '—',
    description:
      'bKash API base URL with version, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta (sandbox) or https://tokenized.pay.bka.sh/v1.2.0-beta (live)',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: '—',
    description:
      'Google Calendar OAuth client id; set with GOOGLE_CLIENT_SECRET; authorized redirect URI: PUBLIC_URL/v1/schedule/oauth/callback',
  },
  { name: 'GOOGLE_CLIENT_SECRET', default: '—', description: 'Google Calendar OAuth client secret' },
  {
    name: 'JITSI_DOMAIN',
    default: '—',
    description: 'Jitsi server domain (meetings use WebRTC unless JITSI_APP_ID is set)',
  },
  { name: 'JITSI_APP_ID', default: '—', description: 'Jitsi JWT app id; set with JITSI_APP_SECRET to use Jitsi' },
  { name: 'JITSI_APP_SECRET', default: '—', description: 'Jitsi JWT app secret' },
  { name: 'TURN_URLS', default: '—', description: 'Comma-separated turn:/turns:/stun: URLs handed to WebRTC calls' },
  { name: 'TURN_USERNAME', default: '—', description: 'TURN username' },
  { name: 'TURN_CREDENTIAL', default: '—', description: 'TURN credential' },
  {
    name: 'S3_ENDPOINT',
    default: '(local disk)',
    description: 'S3-compatible endpoint URL; absent → files under DATA_DIR/files',
  },
  { name: 'S3_REGION', default: 'us-east-1', description: 'S3 region' },
  { name: 'S3_BUCKET', default: '—', description: 'S3 bucket (required when any S3_* is set)' },
  { name: 'S3_ACCESS_KEY_ID', default: '—', description: 'S3 access key id' },
  { name: 'S3_SECRET_ACCESS_KEY', default: '—', description: 'S3 secret access key' },
  {
    name: 'LLM_BASE_URL',
    default: '(extractive answers)',
    description: 'OpenAI-compatible API base URL for the legal assistant',
  },
  { name: 'LLM_API_KEY', default: '—', description: 'API key for LLM_BASE_URL' },
  { name: 'LLM_MODEL', default: '—', description: 'Model name for LLM_BASE_URL' },
  {
    name: 'CHECKOUT_RETURN_ORIGINS',
    default: '(the origin of PUBLIC_URL)',
    description: 'Comma-separated origins a checkout may return to (success and cancel URLs of other clients)',
  },
  {
    name: 'CORS_ORIGINS',
    default: '(same origin only)',
    description: 'Comma-separated origins allowed to call the API cross-origin',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    description: 'true, or comma-separated proxy addresses/CIDRs, to take client IPs from X-Forwarded-For',
  },
  {
    name: 'AUTH_IP_WINDOW_SECONDS',
    default: '900',
    description: 'Window of the per-client-address limits on sign-in, registration, code sends and password resets',
  },
  {
    name: 'AUTH_IP_MAX_FAILED_LOGINS',
    default: '30',
    description: 'Failed sign-ins (any accounts) one client address may make per window before 429',
  },
  {
    name: 'AUTH_IP_MAX_REGISTRATIONS',
    default: '10',
    description: 'Registrations one client address may make per window before 429',
  },
  {
    name: 'AUTH_IP_MAX_CODE_SENDS',
    default: '10',
    description: 'Verification/reset code requests (any addresses) one client address may make per window before 429',
  },
  {
    name: 'AUTH_IP_MAX_RESETS',
    default: '20',
    description: 'Password-reset attempts one client address may make per window before 429',
  },
  {
    name: 'PUSH_ENDPOINT_HOSTS',
    default: 'FCM, Mozilla autopush, Apple and Windows push hosts',
    description:
      'Comma-separated hosts web-push endpoints may use (host, host:port, *.domain; no port means 443); names must resolve to public addresses, an IP address is used only when listed literally',
  },
  {
    name: 'CLIENT_DIR',
    default: './dist/client',
    description: 'Built client served at / (resolved from the working directory)',
  },
  {
    name: 'SESSION_CACHE_MS',
    default: '30000 (PGlite), 10000 (PostgreSQL)',
    description:
      'How long a checked session answers from memory; ended sessions and changed users are dropped at once on every instance (over Redis); 0: read the session on every request',
  },
  {
    name: 'PGLITE_THREAD',
    default: 'on',
    description:
      'on: the embedded database runs on its own worker thread, beside the HTTP thread; off: on the HTTP thread (as before 0018)',
  },
  {
    name: 'PGLITE_PREPARED',
    default: 'on',
    description:
      'on: the embedded database on its thread parses and plans each distinct statement once and reuses it (0019); off: every statement parsed and planned anew, as PGlite does by itself',
  },
  {
    name: 'CLOCK_OFFSET_FILE',
    default: '—',
    description:
      'Tests only, refused unless NODE_ENV=test: a file holding milliseconds the server clock runs ahead (re-read at most every 100 ms, so a test moves time by rewriting it)',
  },
];

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  jwtSecret: string;
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  admin: { email: string; password: string } | null;
  /** `auto`: on when the embedded database is empty at start. */
  demoData: boolean | 'auto';
  stripeSecretKey: string | null;
  /** All five BKASH_* set: bKash holds BKASH payments; otherwise the sandbox wallet does. */
  bkash: { appKey: string; appSecret: string; username: string; password: string; baseUrl: string } | null;
  google: { clientId: string; clientSecret: string } | null;
  jitsi: { domain: string | null; appId: string; appSecret: string } | null;
  turn: { urls: string[]; username: string | null; credential: string | null } | null;
  s3: { endpoint: string | null; region: string; bucket: string; accessKeyId: string; secretAccessKey: string } | null;
  llm: { baseUrl: string; apiKey: string | null; model: string } | null;
  corsOrigins: string[];
  /** Origins a checkout's success and cancel URLs may point to (PUBLIC_URL's by default). */
  checkoutReturnOrigins: string[];
  logLevel: LogLevel;
  /** Absolute. */
  clientDir: string;
  /** Fastify's trustProxy: false, true (any proxy), or the proxies' addresses/CIDRs. */
  trustProxy: boolean | string;
  /** How long a checked session may answer from memory; null: the database's default (app.ts). */
  sessionCacheMs: number | null;
  /** Connections to PostgreSQL per instance; null: the default of server/db/client.ts (decision 0024). */
  databasePoolSize: number | null;
  /** The embedded database on its own worker thread (docs/decisions/0018-pglite-worker-thread.md). */
  pgliteThread: boolean;
  /** Statements kept parsed and planned on the database thread (docs/decisions/0019-pglite-named-statements.md). */
  pglitePrepared: boolean;
  /** Per-client-address limits on the auth routes (TRUST_PROXY decides what the address is). */
  authIpLimits: AuthIpLimits;
  /** Hosts web-push endpoints may use (server/modules/notifications/push-endpoint.ts). */
  pushEndpointHosts: string[];
  /** Absolute; tests only (NODE_ENV=test): the file the clock's offset is read from (server/clock.ts). */
  clockOffsetFile: string | null;
  /** NODE_ENV=test: zod also checks every response the compiled writers produce (server/http/serializer.ts). */
  responseCrossCheck: boolean;
}

/** Per client address, within `windowSeconds`: how many of each auth action are answered before 429. */
export interface AuthIpLimits {
  windowSeconds: number;
  failedLogins: number;
  registrations: number;
  codeSends: number;
  resets: number;
}

/** Thrown by loadConfig; `problems` holds one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const urlWithProtocols = (protocols: string[], label: string) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${label} URL (${protocols.map((p) => `${p}//`).join(' or ')}…)`,
  );

const httpUrl = urlWithProtocols(['http:', 'https:'], 'http(s)');
const base64url = (bytes: number, label: string) =>
  z.string().refine((value) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
    return Buffer.from(value, 'base64url').length === bytes;
  }, `must be a base64url ${label} (${bytes} bytes)`);

const positiveInteger = z.coerce
  .number({ error: 'must be a positive integer' })
  .int('must be a positive integer')
  .min(1, 'must be a positive integer')
  .max(1_000_000_000, 'must be a positive integer');

/** Each variable's own rule; cross-variable rules (pairs) are checked afterwards. */
const variableSchemas = {
  PORT: z.coerce
    .number({ error: 'must be an integer between 1 and 65535' })
    .int('must be an integer between 1 and 65535')
    .min(1, 'must be an integer between 1 and 65535')
    .max(65535, 'must be an integer between 1 and 65535'),
  HOST: z.string().regex(/^[A-Za-z0-9.:[\]-]+$/, 'must be a host name or IP address'),
  DATA_DIR: z.string().min(1),
  PUBLIC_URL: httpUrl,
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL'),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'Redis'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'SMTP'),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters'),
  VAPID_PUBLIC_KEY: base64url(65, 'uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: base64url(32, 'P-256 private key'),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://'),
  ADMIN_EMAIL: z.email('must be an email address'),
  ADMIN_PASSWORD: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `does not satisfy the password policy (${problem})` });
  }),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'on', 'off', 'yes', 'no'], {
    error: 'must be true or false',
  }),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must look like sk_test_… or sk_live_…'),
  BKASH_APP_KEY: z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be the app key bKash issued (letters and digits)'),
  BKASH_APP_SECRET: z.string().min(8, 'must be the app secret bKash issued'),
  BKASH_USERNAME: z.string().min(1),
  BKASH_PASSWORD: z.string().min(1),
  BKASH_BASE_URL: urlWithProtocols(['https:', 'http:'], 'http(s)').refine(
    (value) => !value.endsWith('/'),
    'must not end with a slash (e.g. https://tokenized.pay.bka.sh/v1.2.0-beta)',
  ),
  GOOGLE_CLIENT_ID: z.string().min(1),
  GOOGLE_CLIENT_SECRET: z.string().min(1),
  JITSI_DOMAIN: z.string().regex(/^[A-Za-z0-9.-]+(:\d+)?$/, 'must be a domain name such as meet.example.org'),
  JITSI_APP_ID: z.string().min(1),
  JITSI_APP_SECRET: z.string().min(16, 'must be at least 16 characters'),
  TURN_URLS: z
    .string()
    .refine(
      (value) => splitList(value).every((u) => /^(turns?|stuns?):[^\s]+$/.test(u)),
      'must be comma-separated turn:, turns: or stun: URLs',
    ),
  TURN_USERNAME: z.string().min(1),
  TURN_CREDENTIAL: z.string().min(1),
  S3_ENDPOINT: httpUrl,
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  LLM_BASE_URL: httpUrl,
  LLM_API_KEY: z.string().min(1),
  LLM_MODEL: z.string().min(1),
  CHECKOUT_RETURN_ORIGINS: z
    .string()
    .refine(
      (value) => splitList(value).every(isOrigin),
      'must be comma-separated origins such as https://app.example.org (scheme, host, optional port)',
    ),
  CORS_ORIGINS: z
    .string()
    .refine(
      (value) => splitList(value).every(isOrigin),
      'must be comma-separated origins such as https://app.example.org (scheme, host, optional port)',
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }),
  CLIENT_DIR: z.string().min(1),
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds between 0 and 300000' })
    .int('must be a whole number of milliseconds between 0 and 300000')
    .min(0, 'must be a whole number of milliseconds between 0 and 300000')
    .max(300_000, 'must be a whole number of milliseconds between 0 and 300000'),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a whole number of connections between 1 and 100' })
    .int('must be a whole number of connections between 1 and 100')
    .min(1, 'must be a whole number of connections between 1 and 100')
    .max(100, 'must be a whole number of connections between 1 and 100'),
  PGLITE_THREAD: z.enum(['on', 'off'], { error: 'must be on or off' }),
  PGLITE_PREPARED: z.enum(['on', 'off'], { error: 'must be on or off' }),
  CLOCK_OFFSET_FILE: z.string().min(1),
  AUTH_IP_WINDOW_SECONDS: positiveInteger,
  AUTH_IP_MAX_FAILED_LOGINS: positiveInteger,
  AUTH_IP_MAX_REGISTRATIONS: positiveInteger,
  AUTH_IP_MAX_CODE_SENDS: positiveInteger,
  AUTH_IP_MAX_RESETS: positiveInteger,
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .refine(
      (value) => validPushHostList(splitList(value)),
      'must be comma-separated hosts such as fcm.googleapis.com, push.example.org:8443 or *.notify.windows.com',
    ),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'must be true, false or proxy addresses/CIDRs')
    .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value)),
} satisfies Record<string, z.ZodType>;

type VariableName = keyof typeof variableSchemas;
type Parsed = { [K in VariableName]?: z.output<(typeof variableSchemas)[K]> };

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0);
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

const TRUTHY = new Set(['true', '1', 'on', 'yes']);

/**
 * Parse the environment into a Config. Empty strings count as unset (compose files often pass
 * `VAR=` for "not configured"). When JWT_SECRET is absent, a secret is generated once and kept in
 * DATA_DIR/secrets.json (mode 0600) so tokens survive restarts.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const values: Parsed = {};
  for (const name of Object.keys(variableSchemas) as VariableName[]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    const result = variableSchemas[name].safeParse(raw);
    if (result.success) {
      (values as Record<string, unknown>)[name] = result.data;
    } else {
      problems.push(`${name}: ${result.error.issues[0]?.message ?? 'invalid value'}`);
    }
  }

  requireTogether(values, ['ADMIN_EMAIL', 'ADMIN_PASSWORD'], problems);
  requireTogether(values, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'], problems);
  requireTogether(
    values,
    ['BKASH_APP_KEY', 'BKASH_APP_SECRET', 'BKASH_USERNAME', 'BKASH_PASSWORD', 'BKASH_BASE_URL'],
    problems,
  );
  requireTogether(values, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'], problems);
  requireTogether(values, ['JITSI_APP_ID', 'JITSI_APP_SECRET'], problems);
  requireTogether(values, ['TURN_USERNAME', 'TURN_CREDENTIAL'], problems);
  if (values.TURN_USERNAME !== undefined && values.TURN_URLS === undefined) {
    problems.push('TURN_URLS: is required when TURN_USERNAME is set');
  }
  const s3Names = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (s3Names.some((n) => values[n] !== undefined)) {
    for (const n of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (values[n] === undefined && !problems.some((p) => p.startsWith(`${n}:`))) {
        problems.push(`${n}: is required when any S3_* variable is set`);
      }
    }
  }
  if (values.LLM_BASE_URL !== undefined && values.LLM_MODEL === undefined) {
    problems.push('LLM_MODEL: is required when LLM_BASE_URL is set');
  }
  if (values.LLM_BASE_URL === undefined && (values.LLM_MODEL !== undefined || values.LLM_API_KEY !== undefined)) {
    problems.push('LLM_BASE_URL: is required when LLM_MODEL or LLM_API_KEY is set');
  }
  const clockOffsetFile = values.CLOCK_OFFSET_FILE === undefined ? null : path.resolve(cwd, values.CLOCK_OFFSET_FILE);
  if (clockOffsetFile !== null) {
    const problem = clockOffsetProblem(clockOffsetFile, env.NODE_ENV);
    if (problem) problems.push(`CLOCK_OFFSET_FILE: ${problem}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const port = values.PORT ?? 8080;
  const dataDir = path.resolve(cwd, values.DATA_DIR ?? './data');
  const mailFrom = values.MAIL_FROM ?? 'LegalConnect <no-reply@legalconnect.local>';
  const jwtSecret = values.JWT_SECRET ?? generatedSecret(dataDir);
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');

  return {
    port,
    host: values.HOST ?? '0.0.0.0',
    dataDir,
    publicUrl,
    databaseUrl: values.DATABASE_URL ?? null,
    redisUrl: values.REDIS_URL ?? null,
    smtpUrl: values.SMTP_URL ?? null,
    mailFrom,
    jwtSecret,
    vapid:
      values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
        ? {
            publicKey: values.VAPID_PUBLIC_KEY,
            privateKey: values.VAPID_PRIVATE_KEY,
            subject: values.VAPID_SUBJECT ?? `mailto:${mailAddress(mailFrom)}`,
          }
        : null,
    admin:
      values.ADMIN_EMAIL && values.ADMIN_PASSWORD
        ? { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD }
        : null,
    demoData: values.DEMO_DATA === undefined ? 'auto' : TRUTHY.has(values.DEMO_DATA),
    stripeSecretKey: values.STRIPE_SECRET_KEY ?? null,
    bkash:
      values.BKASH_APP_KEY &&
      values.BKASH_APP_SECRET &&
      values.BKASH_USERNAME &&
      values.BKASH_PASSWORD &&
      values.BKASH_BASE_URL
        ? {
            appKey: values.BKASH_APP_KEY,
            appSecret: values.BKASH_APP_SECRET,
            username: values.BKASH_USERNAME,
            password: values.BKASH_PASSWORD,
            baseUrl: values.BKASH_BASE_URL,
          }
        : null,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? { clientId: values.GOOGLE_CLIENT_ID, clientSecret: values.GOOGLE_CLIENT_SECRET }
        : null,
    jitsi:
      values.JITSI_APP_ID && values.JITSI_APP_SECRET
        ? { domain: values.JITSI_DOMAIN ?? null, appId: values.JITSI_APP_ID, appSecret: values.JITSI_APP_SECRET }
        : null,
    turn: values.TURN_URLS
      ? {
          urls: splitList(values.TURN_URLS),
          username: values.TURN_USERNAME ?? null,
          credential: values.TURN_CREDENTIAL ?? null,
        }
      : null,
    s3:
      values.S3_BUCKET && values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: values.S3_ENDPOINT ?? null,
            region: values.S3_REGION ?? 'us-east-1',
            bucket: values.S3_BUCKET,
            accessKeyId: values.S3_ACCESS_KEY_ID,
            secretAccessKey: values.S3_SECRET_ACCESS_KEY,
          }
        : null,
    llm:
      values.LLM_BASE_URL && values.LLM_MODEL
        ? {
            baseUrl: values.LLM_BASE_URL.replace(/\/$/, ''),
            apiKey: values.LLM_API_KEY ?? null,
            model: values.LLM_MODEL,
          }
        : null,
    corsOrigins: values.CORS_ORIGINS ? splitList(values.CORS_ORIGINS).map((o) => o.replace(/\/$/, '')) : [],
    checkoutReturnOrigins: values.CHECKOUT_RETURN_ORIGINS
      ? splitList(values.CHECKOUT_RETURN_ORIGINS).map((o) => new URL(o).origin)
      : [new URL(publicUrl).origin],
    logLevel: values.LOG_LEVEL ?? 'info',
    clientDir: path.resolve(cwd, values.CLIENT_DIR ?? 'dist/client'),
    trustProxy: values.TRUST_PROXY ?? false,
    sessionCacheMs: values.SESSION_CACHE_MS ?? null,
    databasePoolSize: values.DATABASE_POOL_SIZE ?? null,
    pgliteThread: (values.PGLITE_THREAD ?? 'on') === 'on',
    pglitePrepared: (values.PGLITE_PREPARED ?? 'on') === 'on',
    authIpLimits: {
      windowSeconds: values.AUTH_IP_WINDOW_SECONDS ?? 900,
      failedLogins: values.AUTH_IP_MAX_FAILED_LOGINS ?? 30,
      registrations: values.AUTH_IP_MAX_REGISTRATIONS ?? 10,
      codeSends: values.AUTH_IP_MAX_CODE_SENDS ?? 10,
      resets: values.AUTH_IP_MAX_RESETS ?? 20,
    },
    pushEndpointHosts: values.PUSH_ENDPOINT_HOSTS
      ? splitList(values.PUSH_ENDPOINT_HOSTS)
      : [...DEFAULT_PUSH_ENDPOINT_HOSTS],
    clockOffsetFile,
    responseCrossCheck: env.NODE_ENV === 'test',
  };
}

/**
 * A moved clock is for tests: it is refused unless NODE_ENV says so explicitly (the server reads
 * NODE_ENV for nothing else but `responseCrossCheck`, and a deployment may leave it unset, so only
 * `test` lets it through),
 * and the file must hold an offset at start so a mistyped path stops the server.
 */
function clockOffsetProblem(file: string, nodeEnv: string | undefined): string | null {
  if (nodeEnv !== 'test') {
    return `moves the server's clock for tests and is refused unless NODE_ENV=test (NODE_ENV is ${nodeEnv ? nodeEnv : 'unset'})`;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return `${file} cannot be read`;
  }
  return parseClockOffset(text) === null ? `${file} must hold a whole number of milliseconds (e.g. 0)` : null;
}

function requireTogether(values: Parsed, names: readonly VariableName[], problems: string[]): void {
  const present = names.filter((n) => values[n] !== undefined);
  if (present.length === 0 || present.length === names.length) return;
  for (const missing of names.filter((n) => values[n] === undefined)) {
    if (problems.some((p) => p.startsWith(`${missing}:`))) continue;
    problems.push(`${missing}: is required when ${present.join(' and ')} is set`);
  }
}

export function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

const SecretsFileSchema = z
  .object({
    jwtSecret: z.string().min(32).optional(),
    vapidPublicKey: z.string().min(1).optional(),
    vapidPrivateKey: z.string().min(1).optional(),
  })
  .loose();
type SecretsFile = z.infer<typeof SecretsFileSchema>;

/** DATA_DIR/secrets.json: the secrets generated because the environment did not set them. */
function readSecrets(dataDir: string, variable: string): SecretsFile {
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) return {};
  let content: unknown;
  try {
    content = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    content = null;
  }
  const parsed = SecretsFileSchema.safeParse(content);
  if (!parsed.success) throw new ConfigError([`${variable}: ${file} is unreadable; delete it or set ${variable}`]);
  return parsed.data;
}

function writeSecrets(dataDir: string, secrets: SecretsFile): void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'secrets.json');
  writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Reads the JWT secret from DATA_DIR/secrets.json (0600), adding a fresh one on first start. */
function generatedSecret(dataDir: string): string {
  const secrets = readSecrets(dataDir, 'JWT_SECRET');
  if (secrets.jwtSecret) return secrets.jwtSecret;
  const jwtSecret = randomBytes(48).toString('base64url');
  writeSecrets(dataDir, { ...secrets, jwtSecret });
  return jwtSecret;
}

/**
 * VAPID keys kept in DATA_DIR/secrets.json when VAPID_* is not set: `generate` runs once (first
 * start) and every later start reads the same pair, so browsers' subscriptions stay valid. Several
 * instances on one PostgreSQL do not share DATA_DIR: they must set VAPID_* (like JWT_SECRET).
 */
export function storedVapidKeys(
  dataDir: string,
  generate: () => { publicKey: string; privateKey: string },
): { publicKey: string; privateKey: string } {
  const secrets = readSecrets(dataDir, 'VAPID_PUBLIC_KEY');
  if (secrets.vapidPublicKey && secrets.vapidPrivateKey) {
    return { publicKey: secrets.vapidPublicKey, privateKey: secrets.vapidPrivateKey };
  }
  const keys = generate();
  writeSecrets(dataDir, { ...secrets, vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey });
  return keys;
}
