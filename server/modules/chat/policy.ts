/**
 * Who may talk to whom (docs/api.md §4 Chat), one place for REST and STOMP alike: a USER with an
 * APPROVED LAWYER (either may start), the two parties of a case they share (whatever the lawyer's
 * verification state), and an ADMIN with anyone (either way). Nobody talks to themselves or to an
 * account that does not exist (400 'Invalid message recipient.', docs/product.md §5); any other pair is refused
 * with the contract's access-denied 403. Conversations themselves are private to their two
 * participants: anyone else is told they do not exist (404).
 */
import type { Role } from '../../../contract/auth';
import type { VerificationStatus } from '../../../contract/enums';

export interface ChatParty {
  id: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** The lawyer profile's state; null for a lawyer without a profile and for everyone else. */
  lawyerStatus: VerificationStatus | null;
  /** The account was deleted (its row stays as the other party's records' tombstone). */
  deleted: boolean;
}

/** Allowed without looking at cases: an admin on either side, or a client with an approved lawyer. */
export function mayTalkDirectly(a: ChatParty, b: ChatParty): boolean {
  if (a.role === 'ADMIN' || b.role === 'ADMIN') return true;
  const lawyer = a.role === 'LAWYER' ? a : b.role === 'LAWYER' ? b : null;
  const client = a.role === 'USER' ? a : b.role === 'USER' ? b : null;
  return lawyer !== null && client !== null && lawyer.lawyerStatus === 'APPROVED';
}

export function isParticipant(conversation: { userLow: string; userHigh: string }, userId: string): boolean {
  return conversation.userLow === userId || conversation.userHigh === userId;
}

/** The other participant of a conversation `userId` takes part in. */
export function otherParticipant(conversation: { userLow: string; userHigh: string }, userId: string): string {
  return conversation.userLow === userId ? conversation.userHigh : conversation.userLow;
}

/** A pair in the order conversations store it (user_low < user_high, as PostgreSQL compares uuids). */
export function orderedPair(a: string, b: string): [string, string] {
  return a < b ? [a, b] : [b, a];
}
