/**
 * The one error handler: every failure, from validation to a bug, leaves as the envelope of
 * docs/api.md §1. Client mistakes get precise 4xx answers (never a 500 for bad input); a 5xx says
 * nothing beyond "unexpected error" and its details go to the log only.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_VERSION, type ApiError, type FieldError } from '../../contract/envelope';
import { reasonFor, type ErrorReason } from '../../contract/error-reasons';
import { ServerMessages } from '../../contract/errors';
import type { Clock } from '../clock';
import { badRequest, isAppError } from '../http/app-error';
import { errorBody, requestPath } from '../http/envelope';

interface Classified {
  status: number;
  error: Omit<ApiError, 'reason'> & { reason?: ErrorReason };
  retryAfterSeconds?: number;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: ServerMessages.validationFailed,
  401: ServerMessages.unauthorized,
  403: ServerMessages.accessDenied,
  404: ServerMessages.notFound,
  413: ServerMessages.payloadTooLarge,
  415: ServerMessages.unsupportedMediaType,
  429: ServerMessages.rateLimited,
};

export function registerErrorHandler(app: FastifyInstance, clock: Clock): void {
  // Before validation, for every route (the AI scope too): text the database cannot store is a 400.
  app.addHook('preValidation', async (request) => {
    if (hasUnsafeText(request.params) || hasUnsafeText(request.query) || hasUnsafeText(request.body)) {
      throw badRequest(ServerMessages.invalidText);
    }
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const classified = classify(error, request);
    if (isAppError(error) && error.expected) {
      request.log.info(
        { status: classified.status, reason: error.message },
        'request answered with an expected refusal',
      );
    } else if (classified.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.debug({ err: error, status: classified.status }, 'request refused');
    }
    if (classified.retryAfterSeconds !== undefined) reply.header('retry-after', String(classified.retryAfterSeconds));
    reply.code(classified.status);
    // What reaches this handler under /ai/v1 (the unmatched-path limiter's 429, a hook's refusal)
    // keeps the AI API's own shape.
    if (isAiPath(requestPath(request))) return { detail: classified.error.message };
    return errorBody(request, classified.status, classified.error, clock.now());
  });
}

function classify(error: FastifyError, request: FastifyRequest): Classified {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'body';
    const fields: FieldError[] = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const missingBody = field === '' && context === 'body' && request.body === undefined;
      return {
        field: field || context,
        message: missingBody ? 'Request body is required' : (issue.message ?? 'Invalid value'),
      };
    });
    const message = [...new Set(fields.map((f) => f.message))].join(', ');
    return { status: 400, error: { code: 400, reason: 'VALIDATION_FAILED', message, fields } };
  }

  if (isAppError(error)) {
    return {
      status: error.statusCode,
      error: {
        code: error.statusCode,
        reason: error.reason,
        message: error.message,
        details: error.details,
        fields: error.fields,
      },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }

  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_PROTO_VIOLATION':
      return simple(400, ServerMessages.malformedJson);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      // A JSON route sent another content type: a malformed request (docs/api.md §1), not a server fault.
      return simple(400, ServerMessages.unsupportedMediaType);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return simple(415, ServerMessages.unsupportedMediaType);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return simple(413, ServerMessages.payloadTooLarge);
    default:
      break;
  }

  if (isMalformedMultipart(error)) return simple(400, ServerMessages.malformedMultipart);

  // JSON syntax errors arrive as plain SyntaxErrors tagged with statusCode 400.
  if (error instanceof SyntaxError && error.statusCode === 400) return simple(400, ServerMessages.malformedJson);

  const status = error.statusCode ?? 500;
  // @fastify/rate-limit has already set Retry-After on the reply.
  if (status === 429) return simple(429, ServerMessages.rateLimited);
  if (status >= 400 && status < 500) return simple(status, STATUS_MESSAGES[status] ?? ServerMessages.validationFailed);
  return simple(500, ServerMessages.internal);
}

/** busboy's words for a multipart body that is not one (it throws plain Errors without a status). */
const MULTIPART_BROKEN =
  /^(?:Unexpected end of (?:form|multipart data)|Multipart: Boundary not found|Malformed (?:part header|urlencoded form)|Malformed content type)/;

export function isMalformedMultipart(error: { message?: string; statusCode?: number }): boolean {
  return error.statusCode === undefined && MULTIPART_BROKEN.test(error.message ?? '');
}

/**
 * Errors the router raises before any route or error handler runs (a broken %-encoding, a path
 * parameter over the router's limit): answered in the shape of the API they were meant for — the
 * envelope under /v1, `{detail}` under /ai/v1.
 */
export function frameworkErrorHandler(clock: Clock) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    const status = tooLong ? 414 : 400;
    const message = tooLong ? ServerMessages.urlTooLong : ServerMessages.malformedUrl;
    reply.code(status);
    if ((request.raw.url ?? '').startsWith('/ai/')) {
      void reply.send({ detail: message });
      return;
    }
    void reply.send(errorBody(request, status, { code: status, message }, clock.now()));
  };
}

const isAiPath = (path: string) => /^\/ai\/v1(\/|$)/.test(path);

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line or headers past
 * Node's 16 KB header limit, such as a 1 MB query string; a malformed request) get the contract's
 * envelope, or `{detail}` under /ai/v1, instead of Fastify's own body. The path is read from the
 * request line when the refused bytes still hold it; otherwise it is unknown ("").
 */
export function clientErrorHandler(clock: Clock) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const message = tooLarge ? ServerMessages.headersTooLarge : ServerMessages.malformedRequest;
    const requestLine = /^[A-Z]{3,10} (\/[^ ?\r\n]{0,2048})/.exec(refusedBytes(error).toString('latin1', 0, 2100));
    const path = requestLine?.[1] ?? '';
    const body = JSON.stringify(
      isAiPath(path)
        ? { detail: message }
        : {
            version: API_VERSION,
            status,
            timestamp: clock.now().toISOString(),
            path,
            error: { code: status, reason: reasonFor(status, message), message },
          },
    );
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** The bytes Node's parser refused: a Buffer at run time (Fastify's types describe its JSON form). */
function refusedBytes(error: ConnectionError): Buffer {
  const raw: unknown = error.rawPacket;
  if (Buffer.isBuffer(raw)) return raw;
  const data = (raw as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? Buffer.from(data as number[]) : Buffer.alloc(0);
}

/** True when a string holds a NUL or a lone UTF-16 surrogate (PostgreSQL text and JSON refuse both). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unsafeString(text: string): boolean {
  return text.includes('\0') || LONE_SURROGATE.test(text);
}

/** Whether any string (or key) in a parsed body, query or params is one the database cannot store. */
export function hasUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unsafeString(value);
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((item) => hasUnsafeText(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (unsafeString(key) || hasUnsafeText(item, depth + 1)) return true;
  }
  return false;
}

function simple(status: number, message: string): Classified {
  return { status, error: { code: status, message } };
}
