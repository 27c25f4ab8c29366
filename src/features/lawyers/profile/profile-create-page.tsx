/**
 * /lawyer/profile/create (docs/product.md §2 lawyer-profile-creation): step 1 the practice details, step 2 the
 * bar certificate; then the lawyer waits for an admin. A lawyer who already has a profile is sent on
 * to the step that is still missing, or to their profile.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ForRole } from '../../../components/access/role-notice';
import { ErrorState, LoadingState } from '../../../components/async/list-states';
import { useT } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMyLawyerProfileQuery } from '../api/lawyers-api';
import { CertificateUpload } from './certificate-upload';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import { ProfileForm } from './profile-form';
import { VerificationBanner } from './verification-banner';
import Button from '@mui/material/Button';
import './lawyer-profile.css';

export function ProfileCreatePage() {
  const t = useT(lawyerProfileMessages);
  useDocumentTitle(t('createTitle'));
  return (
    <ForRole only="LAWYER" title={t('createTitle')}>
      <ProfileCreation />
    </ForRole>
  );
}

function ProfileCreation() {
  const t = useT(lawyerProfileMessages);
  const { data: profile, error, isLoading, refetch } = useMyLawyerProfileQuery();
  const [justCreated, setJustCreated] = useState(false);
  const [justUploaded, setJustUploaded] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const step = !profile?.lawyerId ? 'details' : profile.hasCredentials ? 'done' : 'certificate';

  // Each step starts where the keyboard and the screen reader are: at its heading.
  useEffect(() => {
    if (justCreated || justUploaded) stepHeading.current?.focus();
  }, [step, justCreated, justUploaded]);

  return (
    <div className="container page lawyer-profile-page">
      <header>
        <h1>{t('createTitle')}</h1>
        {step === 'details' && <p className="muted">{t('createIntro')}</p>}
      </header>
      {isLoading && <LoadingState label={t('loading')} />}
      {!isLoading && !profile && <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />}
      {profile && step === 'details' && (
        <section className="card profile-section" aria-labelledby="step-title">
          <h2 id="step-title" ref={stepHeading} tabIndex={-1}>
            {t('stepDetails')}
          </h2>
          <ProfileForm mode="create" onSaved={() => setJustCreated(true)} />
        </section>
      )}
      {profile && step === 'certificate' && (
        <>
          <h2 className="step-heading" ref={stepHeading} tabIndex={-1}>
            {t('stepCertificate')}
          </h2>
          {justCreated && (
            <p className="alert alert-success" role="status">
              {t('createdNotice')}
            </p>
          )}
          <VerificationBanner profile={profile} />
          <CertificateUpload profile={profile} onUploaded={() => setJustUploaded(true)} />
        </>
      )}
      {profile && step === 'done' && (
        <>
          <h2 className="step-heading" ref={stepHeading} tabIndex={-1}>
            {justUploaded ? t('allDone') : t('alreadyCreated')}
          </h2>
          <VerificationBanner profile={profile} />
          <div className="btn-row">
            <Button component={Link} variant="contained" to="/profile">
              {t('openProfile')}
            </Button>
            <Button component={Link} variant="outlined" to="/dashboard/lawyer">
              {t('goToDashboard')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
