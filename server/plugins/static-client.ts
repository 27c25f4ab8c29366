/**
 * Serves the built client from / and answers everything no route claims: HTML navigations outside
 * the APIs get index.html (the SPA routes them), /v1/* gets the 404 envelope and /ai/v1/* the AI
 * API's `{detail}` shape. Unmatched API calls are rate-limited, so scanning for routes is slow.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServerMessages } from '../../contract/errors';
import type { Clock } from '../clock';
import { errorBody, requestPath } from '../http/envelope';

/** Files the service worker and the browser must re-check on every load. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/**
 * The pages prerendered at build time (scripts/prerender.mjs, docs/decisions/0020-prerendered-entry-pages.md):
 * exactly these paths get their page's markup; every other app route keeps index.html.
 */
export const PRERENDERED: Readonly<Record<string, string>> = {
  '/': 'prerender/home.html',
  '/login': 'prerender/login.html',
};

export async function registerStaticClient(app: FastifyInstance, clientDir: string, clock: Clock): Promise<void> {
  const hasClient = existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // `/` is answered below (its prerendered page); /index.html itself stays a file.
      index: false,
      // scripts/compress.mjs writes .br/.gz beside each asset: send the smallest the browser accepts.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', cacheControlFor(clientDir, filePath));
      },
    });
  } else {
    app.log.warn({ clientDir }, 'built client not found; serving the API only (run `npm run build:client`)');
  }

  if (hasClient) {
    for (const [urlPath, file] of Object.entries(PRERENDERED)) {
      const page = existsSync(path.join(clientDir, file)) ? file : 'index.html';
      app.route({
        method: ['GET', 'HEAD'],
        url: urlPath,
        handler: async (request, reply) => {
          // `/` has always been the app for any client; /login only for page navigations.
          if (urlPath !== '/' && !isSpaNavigation(request)) return reply.callNotFound();
          return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
        },
      });
    }
  }

  app.setNotFoundHandler(
    {
      preHandler: app.rateLimit({
        max: 60,
        timeWindow: '1 minute',
        // Page navigations are the SPA at work, not route scanning.
        allowList: (request) => hasClient && isSpaNavigation(request),
      }),
    },
    async (request, reply) => {
      if (hasClient && isSpaNavigation(request)) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
      }
      if (/^\/ai\/v1(\/|$)/.test(requestPath(request))) return reply.code(404).send({ detail: 'Not Found' });
      return reply
        .code(404)
        .send(errorBody(request, 404, { code: 404, message: ServerMessages.routeNotFound }, clock.now()));
    },
  );
}

function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = requestPath(request);
  if (/^\/(v1|ai\/v1)(\/|$)/.test(urlPath)) return false;
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

/** Vite puts content-hashed files under assets/: they never change, so they are cached for a year. */
function cacheControlFor(root: string, filePath: string): string {
  const relative = path
    .relative(root, filePath)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (NO_CACHE.has(relative) || Object.values(PRERENDERED).includes(relative)) return 'no-cache';
  if (relative.startsWith('assets/') || /^workbox-[0-9a-f]{8}\.js$/.test(relative)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'public, max-age=3600, must-revalidate';
}
