import { describe, expect, it } from 'vitest';
import { lawyerInfo } from '../../../app/testing-lawyers';
import { checklist, nextSteps } from './completeness';

describe('lawyer profile completeness', () => {
  it('starts with creating the profile', () => {
    const none = lawyerInfo({
      lawyerId: null,
      verificationStatus: null,
      hasCredentials: false,
      bio: null,
      hourlyCharge: null,
    });
    expect(nextSteps(none, 0)).toEqual([{ key: 'create', to: '/lawyer/profile/create' }]);
    expect(checklist(none, 0).filter((c) => c.done)).toEqual([]);
  });

  it('asks for the certificate, then to wait while pending', () => {
    const noCert = lawyerInfo({ verificationStatus: 'PENDING', hasCredentials: false });
    expect(nextSteps(noCert, 0).map((s) => s.key)).toEqual(['certificate']);
    const waiting = lawyerInfo({ verificationStatus: 'PENDING', hasCredentials: true, bio: '' });
    expect(nextSteps(waiting, 0).map((s) => s.key)).toEqual(['wait', 'bio']);
  });

  it('asks a rejected lawyer to fix the profile', () => {
    expect(nextSteps(lawyerInfo({ verificationStatus: 'REJECTED' }), 0)).toEqual([{ key: 'fix', to: '/profile' }]);
  });

  it('lists what an approved lawyer still misses, then says it is complete', () => {
    const approved = lawyerInfo({ verificationStatus: 'APPROVED', hourlyCharge: null, profilePicture: null });
    expect(nextSteps(approved, 0).map((s) => s.key)).toEqual(['charge', 'slots', 'picture']);
    const complete = lawyerInfo({ verificationStatus: 'APPROVED', hourlyCharge: 1500, profilePicture: '/p.png' });
    expect(nextSteps(complete, 2)).toEqual([{ key: 'complete' }]);
    expect(checklist(complete, 2).every((c) => c.done)).toBe(true);
  });
});
