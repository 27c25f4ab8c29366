/** HTTP entry points of /v1/case-assets/documents (docs/api.md §4 Case assets, §8 Files). */
import { DocumentMessages } from '../../../contract/documents';
import { routes } from '../../../contract/routes';
import { contentDisposition } from '../../http/content-disposition';
import type { AddRoute } from '../../http/route';
import { responseContentType } from './file-check';
import type { DocumentsService } from './service';
import { readUploadForm } from './upload-form';

export function registerAssetRoutes(route: AddRoute, documents: DocumentsService): void {
  route(routes.documentUpload, async ({ actor, request }) => {
    const form = await readUploadForm(request);
    return { data: await documents.upload(actor, form.fields, form.file), message: DocumentMessages.documentUploaded };
  });
  route(routes.documentGet, async ({ actor, params }) => ({ data: await documents.get(actor, params.id) }));
  route(routes.documentUpdate, async ({ actor, params, body }) => ({
    data: await documents.update(actor, params.id, body),
    message: DocumentMessages.documentUpdated,
  }));
  route(routes.documentDelete, async ({ actor, params }) => ({
    data: await documents.delete(actor, params.id),
    message: DocumentMessages.documentDeleted,
  }));
  route(routes.documentView, async ({ actor, params, query, reply }) => {
    const file = await documents.file(actor, params.id);
    // Bytes a party uploaded: never run as our origin's content, whatever they are.
    return reply
      .header('content-type', responseContentType(file.contentType))
      .header('content-disposition', contentDisposition(query.inline ? 'inline' : 'attachment', file.fileName))
      .header('content-security-policy', 'sandbox')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.content);
  });
  route(routes.caseDocuments, async ({ actor, params, query }) => documents.list(actor, params.caseId, query));
}
