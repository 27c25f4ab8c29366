import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lawyerInfo } from '../../../app/testing-lawyers';
import { LanguageProvider, type Lang } from '../../../lib/i18n';
import { VerificationBanner } from './verification-banner';

function show(profile: ReturnType<typeof lawyerInfo>, lang: Lang = 'en') {
  return render(
    <LanguageProvider initial={lang}>
      <VerificationBanner profile={profile} />
    </LanguageProvider>,
  );
}

describe('VerificationBanner', () => {
  it('says a pending profile waits, and asks for the certificate when it is missing', () => {
    show(lawyerInfo({ verificationStatus: 'PENDING', verifiedAt: null, hasCredentials: false }));
    expect(screen.getByRole('heading', { name: 'Pending verification' })).toBeTruthy();
    expect(screen.getByText(/Clients cannot find you until then/)).toBeTruthy();
    expect(screen.getByText('Upload your bar certificate so that an admin can verify you.')).toBeTruthy();
  });

  it('does not ask again once the certificate is on file', () => {
    show(lawyerInfo({ verificationStatus: 'PENDING', verifiedAt: null, hasCredentials: true }));
    expect(screen.queryByText('Upload your bar certificate so that an admin can verify you.')).toBeNull();
  });

  it('shows when an approved lawyer was verified', () => {
    show(lawyerInfo({ verificationStatus: 'APPROVED', verifiedAt: '2025-02-10T11:00:00+06:00' }));
    expect(screen.getByRole('heading', { name: '✓ Verified' })).toBeTruthy();
    expect(
      screen.getByText('You were verified on 10 February 2025. Clients can find you in the directory.'),
    ).toBeTruthy();
  });

  it("gives a rejected lawyer the admin's reason and what to do", () => {
    show(
      lawyerInfo({ verificationStatus: 'REJECTED', verifiedAt: null, rejectionReason: 'The certificate is blurred.' }),
    );
    expect(screen.getByRole('heading', { name: 'Verification rejected' })).toBeTruthy();
    expect(screen.getByText('Reason given: The certificate is blurred.')).toBeTruthy();
    expect(screen.getByText(/What to do: correct your practice details or upload a clearer certificate/)).toBeTruthy();
  });

  it('says when no reason was given, in Bangla too', () => {
    show(lawyerInfo({ verificationStatus: 'REJECTED', rejectionReason: null }), 'bn');
    expect(screen.getByRole('heading', { name: 'যাচাই প্রত্যাখ্যাত' })).toBeTruthy();
    expect(screen.getByText('কোনো কারণ জানানো হয়নি।')).toBeTruthy();
  });

  it('shows nothing before a profile exists', () => {
    const { container } = show(lawyerInfo({ lawyerId: null, verificationStatus: null }));
    expect(container.textContent).toBe('');
  });

  it('writes the approval date in Bangla with Bengali digits', () => {
    show(lawyerInfo({ verificationStatus: 'APPROVED', verifiedAt: '2025-02-10T11:00:00+06:00' }), 'bn');
    expect(screen.getByText(/১০ ফেব্রুয়ারি, ২০২৫ তারিখে আপনাকে যাচাই করা হয়েছে/)).toBeTruthy();
  });
});
