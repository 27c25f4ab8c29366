/**
 * Builders for the response envelope of docs/api.md §1. Fields that would be null are left out, as the
 * contract says, so clients can test for presence.
 */
import type { FastifyRequest } from 'fastify';
import { API_VERSION, type ApiError, type ErrorEnvelope, type PageMetadata } from '../../contract/envelope';
import { reasonFor, type ErrorReason } from '../../contract/error-reasons';

export interface SuccessResult<T> {
  data: T;
  message?: string | null;
  metadata?: PageMetadata | null;
}

export interface SuccessBody<T> {
  version: typeof API_VERSION;
  data: T;
  status: number;
  message?: string;
  timestamp: string;
  path: string;
  metadata?: PageMetadata;
}

/** The request path without the query string (the reference reports the URI path only). */
export function requestPath(request: FastifyRequest): string {
  const url = request.raw.url ?? request.url;
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

export function successBody<T>(
  request: FastifyRequest,
  status: number,
  result: SuccessResult<T>,
  now: Date,
): SuccessBody<T> {
  const body: SuccessBody<T> = {
    version: API_VERSION,
    data: result.data,
    status,
    timestamp: now.toISOString(),
    path: requestPath(request),
  };
  if (result.message != null) body.message = result.message;
  if (result.metadata != null) body.metadata = result.metadata;
  return body;
}

/** `error.reason` may be left out: it is then looked up from the status and message (contract/error-reasons.ts). */
export function errorBody(
  request: FastifyRequest,
  status: number,
  error: Omit<ApiError, 'reason'> & { reason?: ErrorReason },
  now: Date,
): ErrorEnvelope {
  const reason = error.reason ?? reasonFor(error.code, error.message, (error.fields?.length ?? 0) > 0);
  const apiError: ApiError = { code: error.code, reason, message: error.message };
  if (error.details != null) apiError.details = error.details;
  if (error.fields != null && error.fields.length > 0) apiError.fields = error.fields;
  return { version: API_VERSION, error: apiError, status, timestamp: now.toISOString(), path: requestPath(request) };
}
