/**
 * The one place where an HTTP outcome becomes a user-facing error (docs/product.md §8). Every call — RTK Query,
 * the upload XHR, the token refresh — ends here, so a status reads the same on every screen.
 * Messages stay in English (the contract's texts); `useErrorText` translates them for display.
 */
import { StatusMessages } from '../../../contract/errors';
import type { FieldError } from '../../../contract/envelope';
import { recordErrorReason } from '../error-reason-registry';

export interface AppError {
  /** HTTP status, or null when no response arrived (network down, offline, timeout). */
  status: number | null;
  /** The docs/product.md §8 message for this outcome. */
  message: string;
  /** What the server itself said (`error.message`, else `message`), when it said anything. */
  serverMessage?: string;
  /** The envelope's `error.reason` (contract/error-reasons.ts), when the server sent one. */
  reason?: string;
  /** Per-field validation failures, for forms. */
  fields?: FieldError[];
  /** Seconds from `Retry-After` on a 429. */
  retryAfter?: number;
}

export type Outcome =
  | { kind: 'response'; status: number; body: unknown; retryAfter?: string | null }
  | { kind: 'no-response'; online: boolean };

/** `error.message` of the /v1 envelope, else its `message`, else the AI API's `{ detail }` (docs/api.md §9). */
function serverMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, message, detail } = body as { error?: { message?: unknown }; message?: unknown; detail?: unknown };
  if (typeof error?.message === 'string' && error.message) return error.message;
  if (typeof message === 'string' && message) return message;
  return typeof detail === 'string' && detail ? detail : undefined;
}

function reasonOf(body: unknown): string | undefined {
  const reason = (body as { error?: { reason?: unknown } } | null)?.error?.reason;
  return typeof reason === 'string' && reason ? reason : undefined;
}

function fieldsOf(body: unknown): FieldError[] | undefined {
  const fields = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (!Array.isArray(fields)) return undefined;
  const valid = fields.filter((f): f is FieldError => typeof f?.field === 'string' && typeof f?.message === 'string');
  return valid.length > 0 ? valid : undefined;
}

function statusMessage(status: number, serverMessage: string | undefined): string {
  switch (status) {
    case 400:
      return serverMessage ?? StatusMessages.badRequest;
    case 401:
      return StatusMessages.unauthorized;
    case 403:
      return StatusMessages.forbidden;
    case 404:
      return StatusMessages.notFound;
    case 429:
      return StatusMessages.tooMany;
    case 500:
    case 502:
    case 503:
    case 504:
      return StatusMessages.server;
    default:
      return StatusMessages.other.replace('{n}', String(status));
  }
}

export function toAppError(outcome: Outcome): AppError {
  if (outcome.kind === 'no-response') {
    return { status: null, message: outcome.online ? StatusMessages.network : StatusMessages.offline };
  }
  const serverMessage = serverMessageOf(outcome.body);
  const error: AppError = { status: outcome.status, message: statusMessage(outcome.status, serverMessage) };
  if (serverMessage) error.serverMessage = serverMessage;
  const reason = reasonOf(outcome.body);
  if (reason) error.reason = reason;
  const fields = fieldsOf(outcome.body);
  if (fields) error.fields = fields;
  const retryAfter = Number(outcome.retryAfter);
  if (outcome.retryAfter && Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = retryAfter;
  return error;
}

export function isAppError(value: unknown): value is AppError {
  return (
    typeof value === 'object' && value !== null && 'status' in value && typeof (value as AppError).message === 'string'
  );
}

/**
 * The text a form shows for a failed submit, in English: the display layer (`useContractText` and
 * the features' translators) turns it into the interface language.
 * - No response, a 2xx we refused (the token checks behind contract/errors.ts ClientAuthMessages) or a 5xx: our own status message.
 * - A 4xx with `error.reason` (issue 20): the server's message, with its reason recorded, so the
 *   display layer says it in Bangla from our own catalogue entry for the reason (or for the
 *   status's generic reason, when this client does not know the reason): never server English.
 * - A 4xx without a reason (the AI API's `{detail}`): the server's message, else the fallback.
 */
export function formErrorText(error: unknown, fallback: string): string {
  if (!isAppError(error)) return error instanceof Error && error.message ? error.message : fallback;
  if (error.status === null || error.status < 400 || error.status >= 500) return error.message;
  if (error.reason === undefined) return error.serverMessage ?? fallback;
  if (!error.serverMessage) return fallback;
  recordErrorReason(error.serverMessage, error.reason, error.status);
  return error.serverMessage;
}

/** The server's message for one form field, if it named that field. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isAppError(error) ? error.fields?.find((f) => f.field === field)?.message : undefined;
}
