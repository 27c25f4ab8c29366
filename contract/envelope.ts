/**
 * The response envelope every core (/v1) response travels in (docs/api.md §1).
 * One definition serves the server's serializer, the client's parser and the OpenAPI docs.
 */
import { z } from 'zod';

export const API_VERSION = 'v1';

export const FieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ApiErrorSchema = z.object({
  /** The HTTP status. */
  code: z.number().int(),
  /**
   * The stable machine code of this error (contract/error-reasons.ts `ErrorReason`, e.g.
   * `LAWYER_NOT_APPROVED`); clients show their own text for it.
   */
  reason: z.string(),
  /** English, for logs and clients of the reference system; not for display in the Bangla UI. */
  message: z.string(),
  details: z.string().optional(),
  fields: z.array(FieldErrorSchema).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const PageMetadataSchema = z.object({
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrevious: z.boolean(),
  isFirst: z.boolean(),
  isLast: z.boolean(),
  sortDirection: z.enum(['ASC', 'DESC']).optional(),
  sortField: z.string().optional(),
  appliedFilters: z.record(z.string(), z.unknown()).optional(),
});
export type PageMetadata = z.infer<typeof PageMetadataSchema>;

const envelopeBase = {
  version: z.literal(API_VERSION),
  status: z.number().int(),
  message: z.string().optional(),
  timestamp: z.string(),
  path: z.string(),
};

/** Failure: `error` and no `data`. */
export const ErrorEnvelopeSchema = z.object({
  ...envelopeBase,
  error: ApiErrorSchema,
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

/** Success: `data` (and usually `message`), optional paging metadata. */
export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    ...envelopeBase,
    data,
    metadata: PageMetadataSchema.optional(),
  });
}

export type SuccessEnvelope<T> = {
  version: typeof API_VERSION;
  status: number;
  message?: string;
  timestamp: string;
  path: string;
  data: T;
  metadata?: PageMetadata;
};

/** Either shape, as a client sees it before it knows which. */
export const AnyEnvelopeSchema = z.object({
  ...envelopeBase,
  data: z.unknown().optional(),
  error: ApiErrorSchema.optional(),
  metadata: PageMetadataSchema.optional(),
});
export type AnyEnvelope = z.infer<typeof AnyEnvelopeSchema>;

/** Paging query shared by list routes (docs/api.md §1). */
export const SortDirectionSchema = z.enum(['ASC', 'DESC']);
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sortDirection: SortDirectionSchema.default('DESC'),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;
