/**
 * Who may do what to a case document (docs/api.md §4 Case assets). Reads are already limited in SQL
 * to the parties, and a PRIVATE document to its uploader (anyone else gets 404); between the two
 * parties, only the uploader changes or deletes a document (403 for the other party). The case
 * rules (the other party, the case's link) are the cases module's.
 */
import { forbidden } from '../../http/app-error';
import type { Actor } from '../auth/policy';

export function assertUploader(actor: Actor, document: { uploadedById: string }): void {
  if (document.uploadedById !== actor.userId) throw forbidden();
}
