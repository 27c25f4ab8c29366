/**
 * Response headers and cross-origin rules (docs/api.md §1): a strict CSP without unsafe-eval or inline
 * script, nosniff, Referrer-Policy, frame-ancestors 'none', and CORS only for configured origins.
 * The built index.html carries a few inline scripts and styles of its own (the theme script and the
 * app shell, scripts/vite-app-shell.ts): those exact texts are allowed by their SHA-256, nothing else.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cors from '@fastify/cors';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { PRERENDERED } from './static-client';

/** CSP source for an inline <style> element whose text is empty: sha256 of "". */
export const EMPTY_STYLE_HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='";

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Material UI's styles arrive through Emotion's CSSOM insertRule into empty <style> elements: the
  // hash of the empty text allows those elements and nothing else, so no 'unsafe-inline'
  // (docs/decisions/0013-material-ui-emotion.md).
  styleSrc: ["'self'", EMPTY_STYLE_HASH],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  // The pdf.js worker is a file of our own build (src/components/file-viewer/pdf-document.ts).
  workerSrc: ["'self'"],
  // PDFs are drawn by pdf.js on a canvas, no longer in an iframe: no blob: frames
  // (docs/decisions/0013-material-ui-emotion.md).
  frameSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** Powerful browser features: camera and microphone for this origin's video calls, the rest for nobody. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** For answers that set no Cache-Control of their own (see registerSecurity). */
export const DEFAULT_CACHE_CONTROL = 'private, no-cache';

/** CSP source expressions for the inline `<script>` (without src) and `<style>` elements of a page. */
export function inlineSourceHashes(html: string): { scripts: string[]; styles: string[] } {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  const bodies = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => hash(match[1] ?? ''));
  return {
    scripts: [...new Set(bodies(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi))],
    styles: [...new Set(bodies(/<style[^>]*>([\s\S]*?)<\/style>/gi))],
  };
}

/**
 * The CSP for this deployment: the fixed directives plus the inline hashes of the built index.html
 * and of the pages prerendered from it (their inline stylesheets and script loader;
 * docs/decisions/0020-prerendered-entry-pages.md).
 */
export function cspDirectives(clientDir?: string): typeof CSP_DIRECTIVES {
  if (!clientDir || !existsSync(path.join(clientDir, 'index.html'))) return CSP_DIRECTIVES;
  const pages = [...new Set(['index.html', ...Object.values(PRERENDERED)])]
    .map((file) => path.join(clientDir, file))
    .filter((file) => existsSync(file))
    .map((file) => inlineSourceHashes(readFileSync(file, 'utf8')));
  const scripts = [...new Set(pages.flatMap((page) => page.scripts))];
  const styles = [...new Set(pages.flatMap((page) => page.styles))];
  return {
    ...CSP_DIRECTIVES,
    scriptSrc: [...CSP_DIRECTIVES.scriptSrc, ...scripts],
    styleSrc: [...CSP_DIRECTIVES.styleSrc, ...styles],
  };
}

/**
 * Every answer's security headers, worked out once: helmet's middleware run against a recorder
 * (its headers depend on nothing in the request here: no per-request nonces), plus the
 * Permissions-Policy. @fastify/helmet rebuilt helmet, and re-parsed the CSP, on every request
 * (a few per cent of a simple read's CPU: docs/benchmarks.md, issue 22).
 */
export function securityHeaders(clientDir?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    // No upgrade-insecure-requests: the app is also reached over plain http on a LAN address,
    // where upgrading sub-resources would break it.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(clientDir) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}

export async function registerSecurity(
  app: FastifyInstance,
  corsOrigins: readonly string[],
  clientDir?: string,
): Promise<void> {
  const headers = securityHeaders(clientDir);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Answers without a Cache-Control of their own (the API's JSON, its errors) may not sit in a shared
  // cache and are revalidated before reuse; `no-store` is left to the routes that mean it, because
  // the service worker keeps 2xx API reads for offline use unless told no-store (sw/api-cache.ts).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', DEFAULT_CACHE_CONTROL);
    }
    return payload;
  });

  const allowed = new Set(corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept', 'Accept-Language'],
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed', 'Content-Disposition'],
    maxAge: 600,
  });
}
