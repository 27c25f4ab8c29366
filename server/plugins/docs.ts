/**
 * OpenAPI document and Swagger UI at /v1/docs, generated from the contract's zod schemas. The UI
 * gets its own CSP: it needs inline styles that the app itself does not. No `servers` entry: the
 * UI then calls the origin it was loaded from, which is always the right one.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION } from '../version';

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'";

export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'LegalConnect API',
        description: 'Core API. Every response travels in the envelope of docs/api.md §1.',
        version: APP_VERSION,
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: false },
  });
}
