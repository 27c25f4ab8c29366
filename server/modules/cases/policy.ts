/**
 * Who may do what to a case and its notes (docs/api.md §4 Cases, Case assets). Reads are already
 * limited to parties in SQL (anyone else gets 404); these are the rules among the two parties: the
 * case's lawyer alone edits it and moves its status, and a note's owner alone changes or deletes it.
 */
import { forbidden } from '../../http/app-error';
import type { Actor } from '../auth/policy';

export function assertCaseLawyer(actor: Actor, row: { lawyerId: string }): void {
  if (row.lawyerId !== actor.userId) throw forbidden();
}

export function assertNoteOwner(actor: Actor, note: { ownerId: string }): void {
  if (note.ownerId !== actor.userId) throw forbidden();
}

/** The party of the case who is not `userId`. */
export function otherParty(row: { lawyerId: string; clientId: string }, userId: string): string {
  return row.lawyerId === userId ? row.clientId : row.lawyerId;
}

/** The in-app path of a case (docs/product.md §2 case-detail), also its notifications' link. */
export function caseLink(caseId: string): string {
  return `/case/${caseId}`;
}
