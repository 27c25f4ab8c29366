/**
 * What the contract fuzzer aims at: every entry of the route table (contract/routes.ts), read
 * automatically, and every route of the AI API (/ai/v1), found in the app's own OpenAPI document
 * because the AI API is declared in server/modules/ai/routes.ts rather than in the table. Each target
 * carries JSON Schemas of its inputs (for the generators) and a judge for its answers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AI_API_PREFIX,
  AiChatResponseSchema,
  AiDocumentRemovedSchema,
  AiErrorSchema,
  AiHistorySchema,
  AiSearchResponseSchema,
  AiSessionCreatedSchema,
  AiHealthSchema,
  AiSearchDocumentsSchema,
  AiSessionDocumentSchema,
  AiSessionDocumentsSchema,
  AiSessionSchema,
  AiUserSessionsSchema,
} from '../../contract/ai';
import type { Role } from '../../contract/auth';
import { ErrorEnvelopeSchema, successEnvelope } from '../../contract/envelope';
import { routes, type Access, type RouteDef } from '../../contract/routes';
import type { JsonSchema } from './fuzz-arbitraries';

/** Refusals any route may give besides its declared ones (docs/api.md §1). */
export const GENERIC_REFUSALS: readonly number[] = [400, 401, 403, 404, 413, 414, 415, 429];

export interface FuzzTarget {
  /** The route table's key, or `ai:METHOD /path` for an AI route. */
  name: string;
  kind: 'v1' | 'ai';
  method: string;
  /** Full URL path with Fastify params (`/v1/case/:id`). */
  path: string;
  access: Access;
  paramNames: string[];
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  multipart: boolean;
  /** Answers with bytes (a file, a calendar, a redirect) rather than JSON on success. */
  raw: boolean;
  successStatus: number;
  /** null: raw route (no JSON to check on success). */
  success: z.ZodType | null;
  error: z.ZodType;
  errorStatuses: ReadonlySet<number>;
}

function jsonSchema(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function paramNamesOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
}

/** Every entry of the route table, as a target. */
export function tableTargets(): FuzzTarget[] {
  return Object.entries(routes as Record<string, RouteDef>).map(([name, def]) => {
    const path = `/v1${def.path}`;
    return {
      name,
      kind: 'v1',
      method: def.method,
      path,
      access: def.access,
      paramNames: paramNamesOf(path),
      params: jsonSchema(def.params),
      query: jsonSchema(def.querystring),
      body: def.multipart ? undefined : jsonSchema(def.body),
      multipart: def.multipart === true,
      raw: def.data === null,
      successStatus: def.status,
      success: def.data === null ? null : successEnvelope(def.data),
      error: ErrorEnvelopeSchema,
      errorStatuses: new Set([...def.errors, ...GENERIC_REFUSALS]),
    } satisfies FuzzTarget;
  });
}

/**
 * Success shapes of the AI API, by `METHOD /path` in OpenAPI form. The AI routes are found in the
 * app's OpenAPI document; one missing here fails the suite (declare its answer here).
 */
export const AI_SUCCESS: Record<string, z.ZodType> = {
  'POST /ai/v1/search': AiSearchResponseSchema,
  'POST /ai/v1/chat': AiChatResponseSchema,
  'POST /ai/v1/sessions': AiSessionCreatedSchema,
  'GET /ai/v1/sessions/{id}': AiSessionSchema,
  'PATCH /ai/v1/sessions/{id}': AiSessionSchema,
  'DELETE /ai/v1/sessions/{id}': AiSessionCreatedSchema,
  'GET /ai/v1/sessions/{id}/history': AiHistorySchema,
  'POST /ai/v1/sessions/{id}/documents': AiSessionDocumentSchema,
  'POST /ai/v1/sessions/{id}/upload-document': AiSessionDocumentSchema,
  'POST /ai/v1/sessions/{id}/search-documents': AiSearchDocumentsSchema,
  'GET /ai/v1/health': AiHealthSchema,
  'GET /ai/v1/sessions/{id}/documents': AiSessionDocumentsSchema,
  'DELETE /ai/v1/sessions/{id}/documents/{documentId}': AiDocumentRemovedSchema,
  'GET /ai/v1/users/{userId}/sessions': AiUserSessionsSchema,
};

/** AI routes are for clients and approved lawyers (the service decides; the token is the same). */
const AI_ACCESS: Access = { roles: ['USER', 'LAWYER'] as Role[] };
/** The AI scope's declared error statuses (server/modules/ai/routes.ts ERRORS). */
const AI_ERRORS = [400, 401, 403, 404, 422, 500];

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

type OpenApiDocument = { paths?: Record<string, Record<string, OpenApiOperation>> };

/** The operations of the app's OpenAPI document, as `METHOD /path` → operation. */
export function openApiOperations(app: FastifyInstance): Map<string, OpenApiOperation> {
  const document = (app as unknown as { swagger(): OpenApiDocument }).swagger();
  const out = new Map<string, OpenApiOperation>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
        out.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return out;
}

function objectOf(parameters: OpenApiParameter[], where: string): JsonSchema | undefined {
  const chosen = parameters.filter((p) => p.in === where);
  if (chosen.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(chosen.map((p) => [p.name, p.schema ?? {}])),
    required: chosen.filter((p) => p.required).map((p) => p.name),
  };
}

/** Every AI route the app serves (from its OpenAPI document), with any that lacks a declared answer. */
export function aiTargets(app: FastifyInstance): { targets: FuzzTarget[]; undeclared: string[] } {
  const targets: FuzzTarget[] = [];
  const undeclared: string[] = [];
  for (const [key, operation] of openApiOperations(app)) {
    const [method = '', openApiPath = ''] = key.split(' ');
    if (!openApiPath.startsWith(`${AI_API_PREFIX}/`)) continue;
    const success = AI_SUCCESS[key];
    if (!success) {
      undeclared.push(key);
      continue;
    }
    const path = openApiPath.replace(/\{([^}]+)\}/g, ':$1');
    const content = operation.requestBody?.content ?? {};
    const multipart = 'multipart/form-data' in content || (method === 'POST' && /\/documents$/.test(path));
    const parameters = operation.parameters ?? [];
    targets.push({
      name: `ai:${key}`,
      kind: 'ai',
      method,
      path,
      // GET /ai/v1/health answers without sign-in (issue 25, docs/compatibility.md).
      access: key === 'GET /ai/v1/health' ? 'public' : AI_ACCESS,
      paramNames: paramNamesOf(path),
      params: objectOf(parameters, 'path'),
      query: objectOf(parameters, 'query'),
      body: multipart ? undefined : content['application/json']?.schema,
      multipart,
      raw: false,
      successStatus: 200,
      success,
      error: AiErrorSchema,
      errorStatuses: new Set([...AI_ERRORS, ...GENERIC_REFUSALS]),
    });
  }
  return { targets, undeclared };
}

/** /v1 operations the app serves that the route table does not declare (each should be in the table). */
export function undeclaredV1(app: FastifyInstance, table: readonly FuzzTarget[]): string[] {
  const declared = new Set(table.map((t) => `${t.method} ${t.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`));
  return [...openApiOperations(app).keys()].filter(
    (key) => key.split(' ')[1]?.startsWith('/v1/') && !declared.has(key) && !key.includes('/v1/docs'),
  );
}
