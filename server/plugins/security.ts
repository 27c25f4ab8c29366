/**
 * Response headers and cross-origin rules (CONTRACT §1): a strict CSP without unsafe-eval or inline
 * script, nosniff, Referrer-Policy, frame-ancestors 'none', and CORS only for configured origins.
 */
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'"],
  // The admin's certificate viewer and the case document viewer show PDFs fetched with the bearer
  // token (never a token in a URL) as blob: URLs in an iframe.
  frameSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

export async function registerSecurity(app: FastifyInstance, corsOrigins: readonly string[]): Promise<void> {
  await app.register(helmet, {
    global: true,
    // No upgrade-insecure-requests: the app is also reached over plain http on a LAN address,
    // where upgrading sub-resources would break it.
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
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
