/**
 * /admin/lawyers/:lawyerId — the pending-lawyer verification screen with its document viewer
 * (docs/product.md §2): the account, the practice details, the bar certificate shown in the app (fetched with
 * the admin's token; see FileViewer), and the verdict — approve, or reject with a reason — each
 * behind a confirmation, because the lawyer is notified at once and a verdict cannot be taken back.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LAWYER_LIMITS, LawyerMessages, type AdminLawyer } from '../../../contract/lawyers';
import { ForRole } from '../../components/access/role-notice';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { FileViewer } from '../../components/file-viewer/file-viewer';
import { FormAlert } from '../../components/form/form-alert';
import { TextareaField } from '../../components/form/textarea-field';
import { LawyerFacts, VerificationBadge } from '../../components/lawyer/lawyer-facts';
import { formErrorText } from '../../lib/api/app-error';
import { formatDate } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { adminMessages } from './admin-messages';
import { useAdminText } from './admin-text';
import {
  CREDENTIALS_VIEW,
  useAdminLawyerQuery,
  useApproveLawyerMutation,
  useRejectLawyerMutation,
} from './api/admin-api';
import Button from '@mui/material/Button';
import './admin.css';

export function LawyerVerificationPage() {
  const t = useT(adminMessages);
  useDocumentTitle(t('verifyTitle'));
  return (
    <ForRole only="ADMIN" title={t('verifyTitle')}>
      <LawyerVerification />
    </ForRole>
  );
}

function LawyerVerification() {
  const t = useT(adminMessages);
  const { lawyerId = '' } = useParams();
  const { data: entry, error, isLoading, refetch } = useAdminLawyerQuery(lawyerId, { skip: !lawyerId });

  return (
    <div className="container page admin-page verification">
      <p>
        <Link to="/admin/lawyers">← {t('backToList')}</Link>
      </p>
      {isLoading && <LoadingState label={t('lawyerLoading')} />}
      {!isLoading && !entry && (
        <>
          <h1>{t('verifyTitle')}</h1>
          <ErrorState error={error} title={t('lawyerFailed')} onRetry={() => void refetch()} />
        </>
      )}
      {entry && <Verification entry={entry} />}
    </div>
  );
}

function Verification({ entry }: { entry: AdminLawyer }) {
  const t = useT(adminMessages);
  const { lang } = useLang();
  const { lawyer, user } = entry;
  const name = `${user.firstName} ${user.lastName}`.trim();
  useDocumentTitle(`${t('verifyTitle')}: ${name}`);

  return (
    <>
      <header className="verification-head">
        <p className="verification-kicker">{t('verifyTitle')}</p>
        <h1>{name}</h1>
        <VerificationBadge status={lawyer.verificationStatus} />
      </header>

      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t('account')}</h2>
        <dl className="lawyer-facts">
          <div>
            <dt>{t('email')}</dt>
            <dd>
              {user.email} · {user.emailVerified ? t('emailVerified') : t('emailNotVerified')}
            </dd>
          </div>
          <div>
            <dt>{t('profileCreated')}</dt>
            <dd>{formatDate(lawyer.lawyerCreatedAt ?? user.createdAt, lang)}</dd>
          </div>
          {lawyer.lawyerUpdatedAt && (
            <div>
              <dt>{t('profileUpdated')}</dt>
              <dd>{formatDate(lawyer.lawyerUpdatedAt, lang)}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="practice-title">
        <h2 id="practice-title">{t('practice')}</h2>
        <LawyerFacts lawyer={lawyer} showBarNumber />
      </section>

      <section className="card" aria-labelledby="certificate-title">
        <h2 id="certificate-title">{t('certificate')}</h2>
        {lawyer.hasCredentials || entry.barCertificateFileUrl ? (
          <FileViewer
            path={`${CREDENTIALS_VIEW}?email=${encodeURIComponent(user.email)}`}
            title={t('certificateTitle', { name })}
            fallbackName={`bar-certificate-${lawyer.barCertificateNumber ?? entry.lawyerId}`}
          />
        ) : (
          <p className="alert alert-info">{t('certificateMissing')}</p>
        )}
      </section>

      <Decision entry={entry} name={name} />
    </>
  );
}

function Decision({ entry, name }: { entry: AdminLawyer; name: string }) {
  const t = useT(adminMessages);
  const ta = useAdminText();
  const { lang } = useLang();
  const [approve, approving] = useApproveLawyerMutation();
  const [reject, rejecting] = useRejectLawyerMutation();
  const [step, setStep] = useState<'choose' | 'approve' | 'reject'>('choose');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirmRegion = useRef<HTMLDivElement>(null);
  const { lawyer } = entry;
  const busy = approving.isLoading || rejecting.isLoading;

  // The confirmation takes the keyboard as soon as it appears.
  useEffect(() => {
    if (step !== 'choose') confirmRegion.current?.querySelector<HTMLElement>('textarea, button')?.focus();
  }, [step]);

  const onApprove = async () => {
    setFailure(null);
    try {
      await approve({ lawyerId: entry.lawyerId }).unwrap();
      setDone(t('approvedNotice', { name }));
      setStep('choose');
    } catch (err) {
      setFailure(formErrorText(err, t('decisionFailed')));
    }
  };

  const onReject = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < LAWYER_LIMITS.rejectReason.min || text.length > LAWYER_LIMITS.rejectReason.max) {
      setReasonError(ta(LawyerMessages.rejectReasonLength));
      return;
    }
    setReasonError(undefined);
    setFailure(null);
    try {
      await reject({ lawyerId: entry.lawyerId, reason: text }).unwrap();
      setDone(t('rejectedNotice', { name }));
      setStep('choose');
    } catch (err) {
      setFailure(formErrorText(err, t('decisionFailed')));
    }
  };

  const status = lawyer.verificationStatus;
  return (
    <section className="card decision" aria-labelledby="decision-title">
      <h2 id="decision-title">{t('decision')}</h2>
      <FormAlert error={failure && ta(failure)} success={done} />
      {status === 'APPROVED' && (
        <p>
          {lawyer.verifiedAt
            ? t('alreadyApproved', { date: formatDate(lawyer.verifiedAt, lang) })
            : t('alreadyApprovedNoDate')}
        </p>
      )}
      {status === 'REJECTED' && (
        <>
          <p>{t('alreadyRejected')}</p>
          {lawyer.rejectionReason && <p>{t('reasonGiven', { reason: lawyer.rejectionReason })}</p>}
        </>
      )}
      {status !== 'PENDING' && done && <Link to="/admin/lawyers?status=PENDING">{t('backToQueue')}</Link>}
      {status === 'PENDING' && (
        <>
          <p className="muted">{t('decisionIntro')}</p>
          {step === 'choose' && (
            <div className="btn-row">
              <Button variant="contained" type="button" onClick={() => setStep('approve')}>
                {t('approve')}
              </Button>
              <Button variant="contained" color="error" type="button" onClick={() => setStep('reject')}>
                {t('reject')}
              </Button>
            </div>
          )}
          {step === 'approve' && (
            <div ref={confirmRegion} className="decision-confirm" role="group" aria-labelledby="confirm-approve">
              <p id="confirm-approve">{t('confirmApprove', { name })}</p>
              <div className="btn-row">
                <Button variant="contained" type="button" disabled={busy} onClick={() => void onApprove()}>
                  {busy ? t('approving') : t('yesApprove')}
                </Button>
                <Button variant="outlined" type="button" disabled={busy} onClick={() => setStep('choose')}>
                  {t('cancel')}
                </Button>
              </div>
            </div>
          )}
          {step === 'reject' && (
            <div ref={confirmRegion} className="decision-confirm">
              <form className="form" noValidate onSubmit={(e) => void onReject(e)}>
                <TextareaField
                  label={t('rejectReason')}
                  name="reason"
                  rows={4}
                  value={reason}
                  counterMax={LAWYER_LIMITS.rejectReason.max}
                  onChange={(e) => setReason(e.target.value)}
                  hint={t('rejectReasonHint')}
                  error={reasonError}
                />
                <div className="btn-row">
                  <Button variant="contained" color="error" type="submit" disabled={busy}>
                    {busy ? t('rejecting') : t('confirmReject', { name })}
                  </Button>
                  <Button variant="outlined" type="button" disabled={busy} onClick={() => setStep('choose')}>
                    {t('cancel')}
                  </Button>
                </div>
              </form>
            </div>
          )}
        </>
      )}
    </section>
  );
}
