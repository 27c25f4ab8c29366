/**
 * The lawyer dashboard's view of a profile: what is done (the completeness checklist) and what to
 * do next, in the order that gets a lawyer in front of clients soonest. Pure, so every state of
 * verification is testable without a screen.
 */
import type { LawyerInfo } from '../../../../contract/lawyers';

export type CheckKey = 'details' | 'certificate' | 'approved' | 'bio' | 'charge' | 'slots' | 'picture';
export type StepKey = 'create' | 'certificate' | 'wait' | 'fix' | 'charge' | 'slots' | 'bio' | 'picture' | 'complete';

export interface CheckItem {
  key: CheckKey;
  done: boolean;
}

export interface NextStep {
  key: StepKey;
  /** Where to do it; absent for steps that are waiting, not doing. */
  to?: string;
}

export function checklist(profile: LawyerInfo, slotCount: number): CheckItem[] {
  const hasProfile = Boolean(profile.lawyerId);
  return [
    { key: 'details', done: hasProfile },
    { key: 'certificate', done: hasProfile && profile.hasCredentials },
    { key: 'approved', done: profile.verificationStatus === 'APPROVED' },
    { key: 'bio', done: Boolean(profile.bio?.trim()) },
    { key: 'charge', done: profile.hourlyCharge !== null },
    { key: 'slots', done: slotCount > 0 },
    { key: 'picture', done: Boolean(profile.profilePicture) },
  ];
}

export function nextSteps(profile: LawyerInfo, slotCount: number): NextStep[] {
  if (!profile.lawyerId) return [{ key: 'create', to: '/lawyer/profile/create' }];
  if (!profile.hasCredentials) return [{ key: 'certificate', to: '/profile#certificate' }];
  if (profile.verificationStatus === 'REJECTED') return [{ key: 'fix', to: '/profile' }];
  if (profile.verificationStatus !== 'APPROVED') {
    // While waiting, the lawyer can still make the profile worth finding.
    return [{ key: 'wait' }, ...(profile.bio?.trim() ? [] : [{ key: 'bio' as const, to: '/profile' }])];
  }
  const steps: NextStep[] = [];
  if (profile.hourlyCharge === null) steps.push({ key: 'charge', to: '/profile#charge-title' });
  if (slotCount === 0) steps.push({ key: 'slots', to: '/profile#slots-title' });
  if (!profile.bio?.trim()) steps.push({ key: 'bio', to: '/profile' });
  if (!profile.profilePicture) steps.push({ key: 'picture', to: '/profile' });
  return steps.length > 0 ? steps : [{ key: 'complete' }];
}
