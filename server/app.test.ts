/**
 * The app as a whole: health, security headers, the envelope on 404s and 5xx, the static client
 * with SPA fallback and cache rules, OpenAPI docs, CORS, admin bootstrap and demo data.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServerMessages } from '../contract/errors';
import { startTestApp, type TestApp } from '../tests/helpers/server-app';
import { authData, call } from '../tests/helpers/server-http';
import { build } from './app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/demo-data';

let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A stand-in for dist/client, laid out the way Vite builds it.
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  clientDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(
    path.join(clientDir, 'index.html'),
    '<!doctype html><title>LegalConnect</title><div id="root"></div>',
  );
  // The pages scripts/prerender.mjs writes for / and /login (docs/decisions/0020-prerendered-entry-pages.md).
  await mkdir(path.join(clientDir, 'prerender'));
  await writeFile(path.join(clientDir, 'prerender', 'home.html'), '<div id="root"><h1>Home, prerendered</h1></div>');
  await writeFile(
    path.join(clientDir, 'prerender', 'login.html'),
    '<div id="root"><h1>Sign in, prerendered</h1></div>',
  );
  await writeFile(path.join(clientDir, 'assets', 'index-a1b2c3d4.js'), 'console.log("app")');
  await writeFile(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  await writeFile(path.join(clientDir, 'manifest.webmanifest'), '{"name":"LegalConnect"}');
  await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *');
  t = await startTestApp({
    env: {
      CLIENT_DIR: clientDir,
      CORS_ORIGINS: 'https://partner.example.org',
      ADMIN_EMAIL: 'Root@Example.test',
      ADMIN_PASSWORD: 'Adm1n!Pass',
    },
  });
});
afterAll(async () => {
  await t.close();
  const { rm } = await import('node:fs/promises');
  await rm(clientDir, { recursive: true, force: true });
});

describe('GET /v1/health', () => {
  it('reports the server and the database up', async () => {
    const res = await call(t.app, 'GET', '/v1/health');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      version: 'v1',
      status: 200,
      path: '/v1/health',
      data: { status: 'UP', database: 'UP' },
    });
    expect(res.json).not.toHaveProperty('message');
    expect(res.json).not.toHaveProperty('error');
    expect(new Date(String(res.json?.timestamp)).toISOString()).toBe(res.json?.timestamp);
  });

  it('asks the database again with deep=1, and refuses other values of deep', async () => {
    const deep = await call(t.app, 'GET', '/v1/health?deep=1');
    expect(deep.status).toBe(200);
    expect(deep.json?.data).toMatchObject({ status: 'UP', database: 'UP' });
    expect((await call(t.app, 'GET', '/v1/health?deep=yes')).status).toBe(400);
  });

  it('accepts a trailing slash and ignores the query in `path`', async () => {
    const res = await call(t.app, 'GET', '/v1/health/?x=1');
    expect(res.status).toBe(200);
    expect(res.json?.path).toBe('/v1/health/');
  });
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff, a referrer policy and no X-Powered-By', async () => {
    for (const url of ['/v1/health', '/', '/v1/nothing-here']) {
      const res = await call(t.app, 'GET', url, { headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self' ws: wss:",
        "worker-src 'self'",
        "manifest-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp, url).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeDefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('not found', () => {
  it('answers unknown /v1 routes with the 404 envelope, for any method and even for HTML requests', async () => {
    for (const [method, accept] of [
      ['GET', 'application/json'],
      ['GET', 'text/html'],
      ['POST', '*/*'],
      ['DELETE', '*/*'],
    ] as const) {
      const res = await call(t.app, method, '/v1/no/such/route', { headers: { accept } });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({
        version: 'v1',
        status: 404,
        path: '/v1/no/such/route',
        error: { code: 404, message: ServerMessages.routeNotFound },
      });
    }
  });

  it('answers unknown /ai/v1 routes in the AI API shape', async () => {
    const res = await call(t.app, 'GET', '/ai/v1/nothing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ detail: 'Not Found' });
  });

  it('rate-limits repeated misses (route scanning) with 429 and Retry-After', async () => {
    let last = await call(t.app, 'GET', '/v1/scan-0');
    for (let i = 1; i <= 70 && last.status === 404; i += 1) {
      last = await t.app.inject({ method: 'GET', url: `/v1/scan-${i}`, remoteAddress: '198.51.100.7' }).then((r) => ({
        status: r.statusCode,
        headers: r.headers,
        json: r.json<Record<string, unknown>>(),
        raw: r.rawPayload,
      }));
    }
    expect(last.status).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
    expect(last.json).toMatchObject({ status: 429, error: { code: 429, message: ServerMessages.rateLimited } });
  });
});

describe('static client', () => {
  it('serves index.html at / and for client routes (SPA fallback), never cached', async () => {
    for (const url of ['/', '/dashboard/user', '/lawyers/a@b.test/details?tab=reviews']) {
      const res = await call(t.app, 'GET', url, { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.status, url).toBe(200);
      expect(String(res.headers['content-type'])).toContain('text/html');
      expect(res.raw.toString()).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the prerendered pages at exactly / and /login, index.html everywhere else', async () => {
    const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
    const expected: Record<string, string> = {
      '/': 'Home, prerendered',
      '/?source=home-screen': 'Home, prerendered',
      '/login': 'Sign in, prerendered',
      '/register': '<title>LegalConnect</title>',
      '/login/extra': '<title>LegalConnect</title>',
      '/index.html': '<title>LegalConnect</title>',
    };
    for (const [url, text] of Object.entries(expected)) {
      const res = await call(t.app, 'GET', url, html);
      expect(res.status, url).toBe(200);
      expect(String(res.headers['content-type']), url).toContain('text/html');
      expect(res.raw.toString(), url).toContain(text);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // /login is a page for browsers only, as before: an API client asking for it gets the 404 envelope.
    const api = await call(t.app, 'GET', '/login', { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(api.json?.error?.code).toBe(404);
  });

  it('caches hashed assets for a year and revalidates the service worker and manifest', async () => {
    const asset = await call(t.app, 'GET', '/assets/index-a1b2c3d4.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(t.app, 'GET', '/sw.js')).headers['cache-control']).toBe('no-cache');
    expect((await call(t.app, 'GET', '/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
    expect((await call(t.app, 'GET', '/robots.txt')).status).toBe(200);
  });

  it('does not answer HTML for missing files that are not navigations', async () => {
    const res = await call(t.app, 'GET', '/assets/missing-00000000.js', { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(res.json?.error?.code).toBe(404);
  });
});

describe('OpenAPI docs', () => {
  it('describes the routes of the contract at /v1/docs/json', async () => {
    const res = await call(t.app, 'GET', '/v1/docs/json');
    expect(res.status).toBe(200);
    const doc = res.json as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/register', '/v1/auth/login', '/v1/user/user-info', '/v1/health']),
    );
    expect(doc.paths['/v1/user/user-info']?.get).toMatchObject({ security: [{ bearerAuth: [] }] });
  });

  it('serves the UI with its own CSP that still forbids eval and framing', async () => {
    const res = await call(t.app, 'GET', '/v1/docs/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.raw.toString()).toContain('swagger-ui');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect((await call(t.app, 'GET', '/v1/docs/static/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('CORS', () => {
  it('allows configured origins only', async () => {
    const preflight = await call(t.app, 'OPTIONS', '/v1/auth/login', {
      headers: { origin: 'https://partner.example.org', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe('https://partner.example.org');
    const stranger = await call(t.app, 'GET', '/v1/health', { headers: { origin: 'https://evil.example.com' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('server errors', () => {
  it('answer 500 with a generic body; the details stay in the log', async () => {
    const app = await build(t.config, { database: t.database, clock: t.clock });
    app.get('/v1/test-boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    app.get(
      '/v1/test-bad-output',
      { schema: { response: { 200: (await import('../contract/auth')).UserInfoSchema } } },
      async () => ({
        id: 'not-a-uuid',
        passwordHash: 'x',
      }),
    );
    try {
      for (const url of ['/v1/test-boom', '/v1/test-bad-output']) {
        const res = await call(app, 'GET', url);
        expect(res.status).toBe(500);
        expect(res.json).toMatchObject({ status: 500, error: { code: 500, message: ServerMessages.internal } });
        expect(res.raw.toString()).not.toContain('secret');
        expect(res.raw.toString()).not.toContain('passwordHash');
        expect(res.json?.error).not.toHaveProperty('details');
      }
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('are structured and never carry passwords, tokens or authorization headers', async () => {
    const lines: string[] = [];
    const app = await build(
      { ...t.config, logLevel: 'trace' },
      { database: t.database, clock: t.clock, logStream: { write: (line) => lines.push(line) } },
    );
    try {
      const password = 'Sup3r!Secret';
      const reg = await call(app, 'POST', '/v1/auth/register', {
        body: { firstName: 'Log', lastName: 'Test', email: 'logs@example.test', password, role: 'USER' },
      });
      const { token, refreshToken } = authData(reg);
      await call(app, 'POST', '/v1/auth/login', { body: { email: 'logs@example.test', password: 'Wr0ng!Secret' } });
      await call(app, 'GET', '/v1/user/user-info', { token });
      await call(app, 'POST', '/v1/auth/refresh', { body: { refreshToken } });
      expect(lines.length).toBeGreaterThan(4);
      for (const line of lines) {
        expect(() => JSON.parse(line) as unknown).not.toThrow();
        for (const secret of [password, 'Wr0ng!Secret', token, refreshToken]) expect(line).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});

describe('CLOCK_OFFSET_FILE', () => {
  it('moves the clock the whole app reads: the envelope, access-token expiry, refresh', async () => {
    const file = path.join(t.dataDir, 'clock-offset');
    await writeFile(file, '0');
    const app = await build({ ...t.config, clockOffsetFile: file }, { database: t.database });
    try {
      const login = await call(app, 'POST', '/v1/auth/login', {
        body: { email: 'root@example.test', password: 'Adm1n!Pass' },
      });
      const { token, refreshToken } = authData(login);
      expect((await call(app, 'GET', '/v1/user/user-info', { token })).status).toBe(200);

      // Two hours on: the envelope says so, the one-hour access token has run out, the refresh
      // token (days) still works.
      await writeFile(file, String(2 * 60 * 60 * 1000));
      // The clock reads its file again within 100 ms.
      await vi.waitFor(async () => {
        const health = await call(app, 'GET', '/v1/health');
        expect(Date.parse(String(health.json?.timestamp)) - Date.now()).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
      });
      expect((await call(app, 'GET', '/v1/user/user-info', { token })).status).toBe(401);
      const refreshed = await call(app, 'POST', '/v1/auth/refresh', { body: { refreshToken } });
      expect(refreshed.status).toBe(200);
      expect((await call(app, 'GET', '/v1/user/user-info', { token: authData(refreshed).token })).status).toBe(200);
    } finally {
      await app.close();
      await writeFile(file, '0');
    }
  });
});

describe('accounts at start', () => {
  it('creates the ADMIN from ADMIN_EMAIL/ADMIN_PASSWORD, verified, and keeps it idempotent', async () => {
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: 'root@example.test', password: 'Adm1n!Pass' },
    });
    expect(login.status).toBe(200);
    expect(authData(login)).toMatchObject({ role: 'ADMIN', emailVerified: true });
    const again = await build(t.config, { database: t.database, clock: t.clock });
    await again.close();
    const after = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: 'root@example.test', password: 'Adm1n!Pass' },
    });
    expect(authData(after).id).toBe(authData(login).id);
    expect(t.app.services.demoAccounts).toBeNull();
  });

  it('loads verified demo accounts when DEMO_DATA is on', async () => {
    const app = await build({ ...t.config, demoData: true }, { database: t.database, clock: t.clock });
    try {
      expect(app.services.demoAccounts).toHaveLength(12);
      const roles = DEMO_ACCOUNTS.map((a) => a.role);
      expect(roles.filter((r) => r === 'ADMIN')).toHaveLength(1);
      expect(roles.filter((r) => r === 'USER')).toHaveLength(3);
      expect(roles.filter((r) => r === 'LAWYER')).toHaveLength(8);
      for (const account of [DEMO_ACCOUNTS[0], DEMO_ACCOUNTS[1], DEMO_ACCOUNTS[4]]) {
        const res = await call(app, 'POST', '/v1/auth/login', {
          body: { email: account?.email, password: DEMO_PASSWORD },
        });
        expect(res.status).toBe(200);
        expect(authData(res)).toMatchObject({ role: account?.role, emailVerified: true });
      }
    } finally {
      await app.close();
    }
  });
});
