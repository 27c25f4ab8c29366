/**
 * The lawyer's part of /profile (composed into the profile screen by src/app): the verification
 * status at the top, then practice details, bar certificate, hourly charge and weekly availability
 * — or, before any of that exists, the way to create the profile.
 */
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { useT } from '../../../lib/i18n';
import { useMyLawyerProfileQuery } from '../api/lawyers-api';
import { AvailabilityEditor } from './availability-editor';
import { CertificateUpload } from './certificate-upload';
import { HourlyChargeForm } from './hourly-charge-form';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import { ProfileForm } from './profile-form';
import { VerificationBanner } from './verification-banner';
import Button from '@mui/material/Button';
import './lawyer-profile.css';

export function LawyerProfileSections() {
  const t = useT(lawyerProfileMessages);
  const { data: profile, error, isLoading, refetch } = useMyLawyerProfileQuery();
  const { hash } = useLocation();

  // The dashboard's next steps link to a section (#certificate, #charge-title, #slots-title); it
  // exists only once the profile has loaded.
  useEffect(() => {
    if (hash && profile) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.();
  }, [hash, profile]);

  if (isLoading) return <LoadingState label={t('loading')} />;
  if (!profile) return <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />;

  if (!profile.lawyerId) {
    return (
      <section className="card profile-section" aria-labelledby="lawyer-profile-title">
        <h2 id="lawyer-profile-title">{t('noProfileTitle')}</h2>
        <p>{t('noProfileBody')}</p>
        <Button component={Link} variant="contained" to="/lawyer/profile/create">
          {t('createProfile')}
        </Button>
      </section>
    );
  }

  return (
    <>
      <section className="card profile-section" aria-labelledby="practice-title">
        <h2 id="practice-title">{t('practiceTitle')}</h2>
        <ProfileForm key={profile.lawyerId} mode="edit" profile={profile} />
      </section>
      <CertificateUpload profile={profile} />
      <HourlyChargeForm key={`charge-${profile.hourlyCharge ?? 'none'}`} profile={profile} />
      <AvailabilityEditor profile={profile} />
    </>
  );
}

/** The lawyer's verification status, for the top of /profile (nothing until the profile loads). */
export function LawyerStatusNotice() {
  const { data: profile } = useMyLawyerProfileQuery();
  return profile ? <VerificationBanner profile={profile} /> : null;
}
