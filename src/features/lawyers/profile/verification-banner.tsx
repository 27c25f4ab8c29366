/**
 * Where a lawyer stands with verification, in words and with what to do next: pending (and
 * whether the certificate is still missing), approved with the date, rejected with the admin's
 * reason. A region with a heading, so screen-reader users can jump to it.
 */
import type { LawyerInfo } from '../../../../contract/lawyers';
import { formatDate } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { lawyerProfileMessages } from './lawyer-profile-messages';

export function VerificationBanner({ profile }: { profile: LawyerInfo }) {
  const t = useT(lawyerProfileMessages);
  const { lang } = useLang();
  const status = profile.verificationStatus;
  if (!status) return null;

  if (status === 'APPROVED') {
    return (
      <section className="status-banner is-approved" aria-labelledby="verification-title">
        <h2 id="verification-title">✓ {t('statusApprovedTitle')}</h2>
        <p>
          {profile.verifiedAt
            ? t('statusApprovedBody', { date: formatDate(profile.verifiedAt, lang) })
            : t('statusApprovedNoDate')}
        </p>
      </section>
    );
  }
  if (status === 'REJECTED') {
    return (
      <section className="status-banner is-rejected" aria-labelledby="verification-title">
        <h2 id="verification-title">{t('statusRejectedTitle')}</h2>
        <p>
          {profile.rejectionReason
            ? t('statusRejectedReason', { reason: profile.rejectionReason })
            : t('statusRejectedNoReason')}
        </p>
        <p>{t('statusRejectedNext')}</p>
      </section>
    );
  }
  return (
    <section className="status-banner is-pending" aria-labelledby="verification-title">
      <h2 id="verification-title">{t('statusPendingTitle')}</h2>
      <p>{t('statusPendingBody')}</p>
      {!profile.hasCredentials && (
        <p>
          <strong>{t('statusPendingNoCert')}</strong>
        </p>
      )}
    </section>
  );
}
