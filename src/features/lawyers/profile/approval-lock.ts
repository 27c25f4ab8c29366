/**
 * Slots and the hourly charge are for APPROVED lawyers only (docs/api.md §4, "VL"). The form shows
 * why it is locked instead of letting the server answer 403.
 */
import type { LawyerInfo } from '../../../../contract/lawyers';
import type { LawyerProfileMessageKey } from './lawyer-profile-messages';

/** Null when the lawyer may edit; otherwise the message key of the reason. */
export function approvalLock(profile: LawyerInfo): LawyerProfileMessageKey | null {
  if (profile.verificationStatus === 'APPROVED') return null;
  return profile.verificationStatus === 'REJECTED' ? 'lockedRejected' : 'lockedPending';
}
