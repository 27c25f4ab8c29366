/**
 * Starts the BUILT server (`node dist/server/main.js`, exactly what `npm start` runs) for an
 * end-to-end suite: its own free port, its own fresh data directory with the embedded database, no
 * demo data unless asked, and mail written as .eml files we can read back. One per test file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_AUTH_IP_LIMITS } from './test-limits';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = join(REPO_ROOT, 'dist', 'server', 'main.js');

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

export interface StartServerOptions {
  /** Seed the demo admin, clients and lawyers (docs/api.md §10 `DEMO_DATA`). Off by default. */
  demoData?: boolean;
  /** Extra or overriding environment variables (e.g. ADMIN_EMAIL / ADMIN_PASSWORD). */
  env?: Record<string, string>;
  /**
   * A server clock the suite can move with setClockOffset() (`CLOCK_OFFSET_FILE`, which the server
   * honours only with NODE_ENV=test, so this server runs with NODE_ENV=test instead of production;
   * the server reads NODE_ENV for nothing else but zod's cross-check of every response,
   * Config.responseCrossCheck). Off by default.
   */
  movableClock?: boolean;
}

export interface E2EServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Where the server writes mail when SMTP_URL is unset (DATA_DIR/mail). */
  mailDir: string;
  /** The last lines the server printed, for failure messages. */
  logs(): string;
  /**
   * Runs the server's clock `offsetMs` ahead of real time (0: real time again; started with
   * `movableClock` only) and resolves once the server answers with the moved time.
   */
  setClockOffset(offsetMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Variables that would make the server share state with other suites or send real traffic. */
const ISOLATED = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PORT', 'HOST', 'DATA_DIR', 'DEMO_DATA', 'PUBLIC_URL'];

export async function startServer(options: StartServerOptions = {}): Promise<E2EServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'legalconnect-e2e-'));
  const clockFile = join(dataDir, 'clock-offset');
  if (options.movableClock) writeFileSync(clockFile, '0\n');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...ISOLATED, 'CLOCK_OFFSET_FILE']) delete env[name];
  Object.assign(env, {
    NODE_ENV: options.movableClock ? 'test' : 'production',
    ...(options.movableClock ? { CLOCK_OFFSET_FILE: clockFile } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DEMO_DATA: options.demoData ? 'true' : 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...TEST_AUTH_IP_LIMITS,
    ...options.env,
  });

  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const logs = () => output.join('\n');

  const server: E2EServer = {
    baseURL,
    port,
    dataDir,
    mailDir: join(dataDir, 'mail'),
    logs,
    async setClockOffset(offsetMs) {
      if (!options.movableClock) throw new Error('setClockOffset needs startServer({ movableClock: true }).');
      // Written aside and renamed, so the server never reads half a number.
      writeFileSync(`${clockFile}.next`, `${Math.round(offsetMs)}\n`);
      renameSync(`${clockFile}.next`, clockFile);
      await waitForServerTime(baseURL, offsetMs);
    },
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };

  try {
    await waitForHealth(baseURL, child);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${logs()}`);
  }
  return server;
}

async function waitForHealth(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start-up (code ${child.exitCode}, signal ${child.signalCode}).`);
    }
    try {
      const response = await fetch(`${baseURL}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await delay(POLL_MS);
  }
  throw new Error(`GET ${baseURL}/v1/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s.`);
}

/** Waits until the envelope's `timestamp` (the server's clock) reads real time plus `offsetMs`. */
async function waitForServerTime(baseURL: string, offsetMs: number): Promise<void> {
  const TOLERANCE_MS = 5_000;
  const deadline = Date.now() + 10_000;
  let seen = '';
  while (Date.now() < deadline) {
    const before = Date.now();
    const response = await fetch(`${baseURL}/v1/health`, { signal: AbortSignal.timeout(2_000) });
    seen = ((await response.json()) as { timestamp: string }).timestamp;
    const lag = Date.parse(seen) - (before + offsetMs);
    if (lag > -TOLERANCE_MS && lag < Date.now() - before + TOLERANCE_MS) return;
    await delay(POLL_MS);
  }
  throw new Error(`The server's clock did not move by ${offsetMs} ms (it said ${seen}).`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const graceful = await Promise.race([exited.then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
  if (!graceful) {
    child.kill('SIGKILL');
    await exited;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// Mail written by the server as .eml files.

export interface Mail {
  file: string;
  to: string;
  subject: string;
  /** Decoded text of every text/* part (plain and HTML), for assertions and code extraction. */
  text: string;
  receivedAt: number;
}

/** All mail in the server's mail folder addressed to `to`, oldest first. */
export function mailsTo(server: Pick<E2EServer, 'mailDir'>, to: string): Mail[] {
  if (!existsSync(server.mailDir)) return [];
  return readdirSync(server.mailDir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = join(server.mailDir, name);
      return { ...parseEml(readFileSync(file, 'utf8')), file, receivedAt: statSync(file).mtimeMs };
    })
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => a.receivedAt - b.receivedAt || a.file.localeCompare(b.file));
}

/**
 * Waits until at least `count` messages have reached `to` (1 = the first), then returns the latest.
 * Mail is sent after the HTTP answer, so a test must wait for it rather than read it at once.
 */
export async function waitForMail(
  server: Pick<E2EServer, 'mailDir'>,
  to: string,
  { count = 1, timeoutMs = 15_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(server, to);
    const latest = mails.at(-1);
    if (mails.length >= count && latest) return latest;
    if (Date.now() > deadline) {
      throw new Error(
        `Expected ${count} mail(s) to ${to} in ${server.mailDir} within ${timeoutMs} ms; found ${mails.length}.`,
      );
    }
    await delay(POLL_MS);
  }
}

/** The 6-digit verification or reset code in a mail. */
export function codeFrom(mail: Mail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`No 6-digit code in mail "${mail.subject}" (${mail.file}).`);
  return match[1];
}

/** Just enough MIME to read what nodemailer writes: headers, multipart, base64 and quoted-printable. */
export function parseEml(raw: string): Pick<Mail, 'to' | 'subject' | 'text'> {
  const { headers, body } = splitHeaders(raw);
  return {
    to: headers.get('to') ?? '',
    subject: decodeWords(headers.get('subject') ?? ''),
    text: textParts(headers, body).join('\n'),
  };
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textParts(headers: Map<string, string>, body: string): string[] {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => {
        const inner = splitHeaders(part.replace(/^\n/, ''));
        return textParts(inner.headers, inner.body);
      });
  }
  if (!/^text\//i.test(type)) return [];
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  return [body];
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * RFC 2047 encoded words in headers (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). Adjacent words are joined
 * byte-wise, because an encoder may split one multi-byte character across two of them.
 */
function decodeWords(text: string): string {
  const joined = text.replace(/(\?=)\s+(=\?)/g, '$1$2');
  return joined.replace(/(?:=\?[^?]+\?[BQ]\?[^?]*\?=)+/gi, (run) => {
    const bytes = [...run.matchAll(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi)].map(([, kind, data = '']) =>
      kind?.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

// ---------------------------------------------------------------------------------------------
// The API, called as another client of the server would (to set a scene the screens then show).

/** A JSON call to the server's API; answers the status and the envelope's `data`. */
export async function apiCall<T>(
  server: Pick<E2EServer, 'baseURL'>,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; data: T }> {
  const response = await fetch(new URL(path, server.baseURL).href, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}
