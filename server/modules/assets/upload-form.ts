/**
 * Reads the multipart upload of a document (POST /case-assets/documents): the text parts in any
 * order and one `file` part, buffered up to DOCUMENT_MAX_BYTES and not a byte further. The text
 * parts are validated like a JSON body (400 with `error.fields`); a file over the limit, a second
 * file or too many parts is the contract's 400 with its own message, not the handler's bare 413.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CreateDocumentFieldsSchema,
  DOCUMENT_MAX_BYTES,
  DocumentMessages,
  type CreateDocumentFields,
} from '../../../contract/documents';
import { ServerMessages } from '../../../contract/errors';
import { badRequest, type AppError } from '../../http/app-error';
import type { UploadedFile } from './service';

export interface UploadForm {
  fields: CreateDocumentFields;
  file: UploadedFile;
}

/** The parser's limits, each a 400 of the contract (the error handler would answer a bare 413). */
const LIMIT_MESSAGES: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: DocumentMessages.fileTooLarge,
  FST_FILES_LIMIT: DocumentMessages.oneFileOnly,
  FST_PARTS_LIMIT: ServerMessages.payloadTooLarge,
  FST_FIELDS_LIMIT: ServerMessages.payloadTooLarge,
};

/** A multipart parser's limit error as the contract's 400; any other error as it is. */
export function limitRefusal(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = LIMIT_MESSAGES[code];
  return message ? badRequest(message) : error;
}

export async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const values = new Map<string, string>();
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        // Read every file part to its end (the parser waits for it); only `file` is kept.
        const content = await part.toBuffer();
        if (part.fieldname === 'file') file = { content, fileName: part.filename };
      } else if (typeof part.value === 'string') {
        values.set(part.fieldname, part.value);
      }
    }
  } catch (error) {
    throw limitRefusal(error);
  }
  const parsed = CreateDocumentFieldsSchema.safeParse(Object.fromEntries(values));
  if (!parsed.success) throw fieldErrors(parsed.error);
  if (!file) {
    const message = ServerMessages.fileRequired;
    throw badRequest(message, { fields: [{ field: 'file', message }] });
  }
  return { fields: parsed.data, file };
}

/** The same 400 a JSON body's validation gives: each field's message, joined for `error.message`. */
function fieldErrors(error: z.ZodError): AppError {
  const fields = error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  return badRequest([...new Set(fields.map((f) => f.message))].join(', '), { fields });
}
