/**
 * Who may see and change what of a lawyer (docs/api.md §4 Lawyer). A profile is public once APPROVED;
 * before that only its lawyer and the admin see it, and everyone else is told it does not exist.
 */
import type { VerificationStatus } from '../../../contract/enums';
import { LawyerMessages } from '../../../contract/lawyers';
import { forbidden } from '../../http/app-error';
import type { Actor } from '../auth/policy';

export function isSelf(actor: Actor, userId: string): boolean {
  return actor.userId === userId;
}

export function canViewLawyer(actor: Actor, lawyer: { userId: string; status: VerificationStatus | null }): boolean {
  return isSelf(actor, lawyer.userId) || actor.role === 'ADMIN' || lawyer.status === 'APPROVED';
}

export function canSeeRejectionReason(actor: Actor, lawyerUserId: string): boolean {
  return isSelf(actor, lawyerUserId) || actor.role === 'ADMIN';
}

/** VL of docs/api.md §4: slots and the hourly charge need an APPROVED profile. */
export function assertApproved(profile: { verificationStatus: VerificationStatus } | null): void {
  if (profile?.verificationStatus !== 'APPROVED') throw forbidden(LawyerMessages.notApproved);
}

/**
 * Fields the admin checks against the bar certificate. Changing one on an APPROVED profile sends it
 * back to PENDING; bio, specializations, languages and the hourly charge are the lawyer's to change.
 */
export const VERIFIED_FIELDS = [
  'firm',
  'yearsOfExperience',
  'barAssociation',
  'practicingCourt',
  'division',
  'district',
] as const;
