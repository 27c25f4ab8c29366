/**
 * Response headers, one snapshot per response class (issue 11): API 2xx, 4xx (validation 400, 401,
 * an object's 404 and an unknown /v1 path), 5xx, an unknown path outside the API, a hashed static
 * asset and an unhashed one, index.html (and the SPA fallback), sw.js, the web manifest, a case
 * document download, the data export, and SockJS's /v1/ws/info. Each snapshot is the security-relevant
 * headers, normalised (no dates or etags; the index.html script hashes checked against the built
 * file, then folded), written out below, so any changed, added or dropped header fails here.
 *
 * The app is the production build() serving the BUILT client from dist/client (`npm test` builds
 * first; run `npm run build` before running this file alone). Requests go through inject(), except
 * SockJS: it sits on the HTTP server in front of Fastify, so /v1/ws/info is fetched from a real port.
 * The 5xx answers come from a second app whose database has been closed under it, which is what an
 * outage looks like from a request: /v1/health says 503, a route that needs the database says 500.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_STYLE_HASH, inlineSourceHashes } from '../../server/plugins/security';
import { startTestApp, type TestApp } from '../helpers/server-app';
import { openTestCase } from '../helpers/server-cases';
import { textPdf } from '../helpers/server-documents';
import { multipart, verifiedUser } from '../helpers/server-http';
import { lawyerSession, type Session } from '../helpers/server-lawyers';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_DIR = path.join(REPO_ROOT, 'dist', 'client');

/** The headers a snapshot keeps: what a browser's security decisions depend on. */
const SECURITY_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
  'permissions-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'cross-origin-embedder-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'x-powered-by',
  'server',
] as const;

type Snapshot = Record<string, string>;

/**
 * The inline script and style hashes of the built index.html and of the pages prerendered from it
 * (scripts/prerender.mjs: the same scripts, plus an inline stylesheet each), as the CSP must list them.
 */
const indexHashes = ['index.html', 'prerender/home.html', 'prerender/login.html']
  .map((file) => path.join(CLIENT_DIR, file))
  .filter((file) => existsSync(file))
  .map((file) => inlineSourceHashes(readFileSync(file, 'utf8')))
  .reduce(
    (all, page) => ({
      scripts: [...new Set([...all.scripts, ...page.scripts])],
      styles: [...new Set([...all.styles, ...page.styles])],
    }),
    { scripts: [] as string[], styles: [] as string[] },
  );

/**
 * Only the listed headers, values trimmed; in a CSP the index.html hashes (which change with every
 * build) become `'sha256-<index.html>'` once the exact set is checked.
 */
function snapshot(headers: Record<string, string | string[] | number | undefined>): Snapshot {
  const out: Snapshot = {};
  for (const name of SECURITY_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : String(value).trim();
  }
  const csp = out['content-security-policy'];
  if (csp) out['content-security-policy'] = foldHashes(csp);
  return out;
}

/**
 * `script-src` and `style-src` carry exactly the built index.html's inline hashes (checked here, an
 * empty set included; style-src also the empty-text hash) and read `'sha256-<index.html>'` after; no other directive may list a hash.
 */
function foldHashes(csp: string): string {
  return csp
    .split(';')
    .map((directive) => {
      const [name = '', ...sources] = directive.trim().split(/\s+/);
      const hashes = sources.filter((s) => s.startsWith("'sha256-"));
      const rest = sources.filter((s) => !s.startsWith("'sha256-"));
      // style-src also allows the empty <style> elements Emotion fills through CSSOM (decision 0013).
      const styles = [...new Set([EMPTY_STYLE_HASH, ...indexHashes.styles])];
      const expected = name === 'script-src' ? indexHashes.scripts : name === 'style-src' ? styles : null;
      expect([...hashes].sort(), `${name}: the built index.html's inline hashes, nothing else`).toEqual(
        [...(expected ?? [])].sort(),
      );
      return [name, ...rest, ...(expected ? ["'sha256-<index.html>'"] : [])].join(' ');
    })
    .join('; ');
}

const of = (response: LightMyRequestResponse): Snapshot => snapshot(response.headers);

let t: TestApp;
let client: Session;
let lawyer: Session;
let documentId = '';
let baseUrl = '';
const hashedAsset = (): string => {
  const name = readdirSync(path.join(CLIENT_DIR, 'assets')).find((f) => f.endsWith('.js'));
  if (!name) throw new Error('dist/client/assets has no .js file');
  return `/assets/${name}`;
};

beforeAll(async () => {
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    throw new Error(`${CLIENT_DIR} has no index.html: run \`npm run build\` first (npm test does).`);
  }
  t = await startTestApp({ env: { CLIENT_DIR } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  lawyer = (await lawyerSession(t)).session;
  client = await verifiedUser(t.app, t.mailDir);
  const { caseId } = await openTestCase(t, lawyer, client);
  const form = multipart([
    { name: 'caseId', content: caseId },
    { name: 'title', content: 'Deed of the Savar plot' },
    { name: 'privacy', content: 'SHARED' },
    { name: 'file', filename: 'দলিল.pdf', contentType: 'application/pdf', content: textPdf(['Deed']) },
  ]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/v1/case-assets/documents',
    headers: { ...form.headers, authorization: `Bearer ${lawyer.token}` },
    payload: form.payload,
  });
  expect(uploaded.statusCode).toBe(201);
  documentId = (uploaded.json() as { data: { documentId: string } }).data.documentId;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const html = { accept: 'text/html,application/xhtml+xml' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const signedIn = () => ({ authorization: `Bearer ${client.token}` });

/** Helmet's headers, on every answer Fastify gives (the CSP as the app's pages and JSON get it). */
const BASE: Snapshot = {
  'content-security-policy':
    "default-src 'self'; script-src 'self' 'sha256-<index.html>'; style-src 'self' 'sha256-<index.html>'; " +
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob:; " +
    "worker-src 'self'; frame-src 'self'; manifest-src 'self'; frame-ancestors 'none'; object-src 'none'; " +
    "base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'permissions-policy':
    'camera=(self), microphone=(self), display-capture=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), ' +
    'midi=(), accelerometer=(), gyroscope=(), magnetometer=()',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The API's JSON, success or error: never in a shared cache, revalidated before reuse. */
const API: Snapshot = {
  ...BASE,
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'private, no-cache',
};

/** Bytes a user uploaded (or their data export): a download, sandboxed, never cached anywhere. */
const DOWNLOAD: Snapshot = {
  ...BASE,
  'content-security-policy': 'sandbox',
  'cache-control': 'private, no-store',
};

describe('response headers', () => {
  it('API answers: 2xx, validation 400, 401, 404 for an unknown object and for an unknown /v1 path', async () => {
    const answers = {
      ok: await get('/v1/user/user-info', signedIn()),
      invalid: await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: {} }),
      unauthorised: await get('/v1/user/user-info'),
      noSuchCase: await get(`/v1/case/${randomUUID()}`, signedIn()),
      noSuchRoute: await get('/v1/no-such-route'),
    };
    expect(Object.values(answers).map((r) => r.statusCode)).toEqual([200, 400, 401, 404, 404]);
    for (const [name, response] of Object.entries(answers)) expect(of(response), name).toEqual(API);
  });

  it('an unknown path outside the API: the JSON 404, like the API (no page, nothing to sniff)', async () => {
    const response = await get('/no-such-file.txt');
    expect(response.statusCode).toBe(404);
    expect(of(response)).toEqual(API);
  });

  it('static assets: hashed ones cached for a year, others for an hour with revalidation', async () => {
    const hashed = await get(hashedAsset());
    expect(hashed.statusCode).toBe(200);
    expect(of(hashed)).toEqual({
      ...BASE,
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(of(icon)).toEqual({
      ...BASE,
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=3600, must-revalidate',
    });
  });

  it('index.html, at / and as the SPA fallback: revalidated on every load', async () => {
    const page: Snapshot = { ...BASE, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
    const root = await get('/', html);
    const fallback = await get('/case/7c6e5a52-6d7e-4a8e-9d55-0f1f3a1b2c3d', html);
    expect([root.statusCode, fallback.statusCode]).toEqual([200, 200]);
    expect(of(root)).toEqual(page);
    expect(of(fallback)).toEqual(page);
  });

  it('sw.js and the web manifest: revalidated on every load, so an update is seen at once', async () => {
    const worker = await get('/sw.js');
    const manifest = await get('/manifest.webmanifest');
    expect([worker.statusCode, manifest.statusCode]).toEqual([200, 200]);
    expect(of(worker)).toEqual({
      ...BASE,
      'content-type': 'application/javascript; charset=utf-8',
      'cache-control': 'no-cache',
    });
    expect(of(manifest)).toEqual({ ...BASE, 'content-type': 'application/manifest+json', 'cache-control': 'no-cache' });
  });

  it('a case document: an attachment (or sandboxed inline), nosniff, never stored', async () => {
    const name = 'attachment; filename="____.pdf"; filename*=UTF-8\'\'%E0%A6%A6%E0%A6%B2%E0%A6%BF%E0%A6%B2.pdf';
    const attachment = await get(`/v1/case-assets/documents/${documentId}/view`, signedIn());
    const inline = await get(`/v1/case-assets/documents/${documentId}/view?inline=true`, signedIn());
    expect([attachment.statusCode, inline.statusCode]).toEqual([200, 200]);
    expect(of(attachment)).toEqual({ ...DOWNLOAD, 'content-type': 'application/pdf', 'content-disposition': name });
    expect(of(inline)).toEqual({
      ...DOWNLOAD,
      'content-type': 'application/pdf',
      'content-disposition': name.replace(/^attachment/, 'inline'),
    });
  });

  it('the data export: a JSON attachment, sandboxed, never stored', async () => {
    const response = await get('/v1/user/data-export', signedIn());
    expect(response.statusCode).toBe(200);
    const day = String(response.headers['content-disposition']).match(
      /legalconnect-data-(\d{4}-\d{2}-\d{2})\.json/,
    )?.[1];
    expect(of(response)).toEqual({
      ...DOWNLOAD,
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="legalconnect-data-${day}.json"; filename*=UTF-8''legalconnect-data-${day}.json`,
    });
  });

  it('SockJS /v1/ws/info (outside Fastify): JSON, nosniff, never cached', async () => {
    const response = await fetch(`${baseUrl}/v1/ws/info`);
    expect(response.status).toBe(200);
    expect(snapshot(Object.fromEntries(response.headers.entries()))).toEqual({
      'content-type': 'application/json; charset=UTF-8',
      'cache-control': 'no-store, no-cache, no-transform, must-revalidate, max-age=0',
      'x-content-type-options': 'nosniff',
      // What sockjs says to a request without Origin; a foreign Origin is refused (403) before sockjs.
      'access-control-allow-origin': '*',
    });
    const foreign = await fetch(`${baseUrl}/v1/ws/info`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });
});

describe('response headers of a 5xx', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await startTestApp({ env: { CLIENT_DIR } });
    // The database goes away under a running app: the honest way to a 5xx without touching our code.
    await broken.database.close();
  }, 120_000);
  afterAll(async () => {
    await broken?.close();
  });

  it('503 from the health check and 500 from a route that needs the database: the API headers', async () => {
    const health = await broken.app.inject({ method: 'GET', url: '/v1/health' });
    const login = await broken.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'nusrat@example.test', password: 'Str0ng!Pass' },
    });
    expect([health.statusCode, login.statusCode]).toEqual([503, 500]);
    expect(of(health)).toEqual(API);
    expect(of(login)).toEqual(API);
    expect(login.json()).toMatchObject({ status: 500, error: { code: 500 } });
  });
});
