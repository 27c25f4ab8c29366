/**
 * The one error type services throw. It carries the HTTP status and the contract's message; the
 * error handler turns it into the envelope. Anything else thrown is a bug and answers a generic 500.
 */
import type { FieldError } from '../../contract/envelope';
import { reasonFor, type ErrorReason } from '../../contract/error-reasons';
import { ServerMessages } from '../../contract/errors';

export interface AppErrorOptions {
  /** The envelope's `error.reason`; by default looked up from the status and message (contract/error-reasons.ts). */
  reason?: ErrorReason;
  details?: string;
  fields?: FieldError[];
  /** Seconds, sent as Retry-After on 429. */
  retryAfterSeconds?: number;
  /**
   * A 5xx that the configuration makes expected (a feature not configured here), not a fault: it
   * is logged at info, without a stack, instead of as an error.
   */
  expected?: boolean;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly reason: ErrorReason;
  readonly details: string | undefined;
  readonly fields: FieldError[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly expected: boolean;

  constructor(statusCode: number, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusCode;
    this.details = options.details;
    this.fields = options.fields;
    this.reason = options.reason ?? reasonFor(statusCode, message, (options.fields?.length ?? 0) > 0);
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.expected = options.expected ?? false;
  }
}

export const badRequest = (message: string, options?: AppErrorOptions) => new AppError(400, message, options);
export const unauthorized = (message: string = ServerMessages.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = ServerMessages.accessDenied) => new AppError(403, message);
export const notFound = (message: string = ServerMessages.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** 503 for a feature this deployment has not configured (see AppErrorOptions.expected). */
export const notConfigured = (message: string) => new AppError(503, message, { expected: true });
export const tooManyRequests = (retryAfterSeconds: number, message: string = ServerMessages.rateLimited) =>
  new AppError(429, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
