/**
 * The one error handler: every failure, from validation to a bug, leaves as the envelope of
 * CONTRACT §1. Client mistakes get precise 4xx answers (never a 500 for bad input); a 5xx says
 * nothing beyond "unexpected error" and its details go to the log only.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, FieldError } from '../../contract/envelope';
import { ServerMessages } from '../../contract/errors';
import type { Clock } from '../clock';
import { isAppError } from '../http/app-error';
import { errorBody } from '../http/envelope';

interface Classified {
  status: number;
  error: ApiError;
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
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const classified = classify(error, request);
    if (classified.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.debug({ err: error, status: classified.status }, 'request refused');
    }
    if (classified.retryAfterSeconds !== undefined) reply.header('retry-after', String(classified.retryAfterSeconds));
    reply.code(classified.status);
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
    return { status: 400, error: { code: 400, message, fields } };
  }

  if (isAppError(error)) {
    return {
      status: error.statusCode,
      error: { code: error.statusCode, message: error.message, details: error.details, fields: error.fields },
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
      // A JSON route sent another content type: a malformed request (CONTRACT §1), not a server fault.
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

  // JSON syntax errors arrive as plain SyntaxErrors tagged with statusCode 400.
  if (error instanceof SyntaxError && error.statusCode === 400) return simple(400, ServerMessages.malformedJson);

  const status = error.statusCode ?? 500;
  // @fastify/rate-limit has already set Retry-After on the reply.
  if (status === 429) return simple(429, ServerMessages.rateLimited);
  if (status >= 400 && status < 500) return simple(status, STATUS_MESSAGES[status] ?? ServerMessages.validationFailed);
  return simple(500, ServerMessages.internal);
}

function simple(status: number, message: string): Classified {
  return { status, error: { code: status, message } };
}
