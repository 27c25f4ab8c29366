/**
 * /payment/success?session_id=…: where the provider's checkout returns the payer. It completes the
 * payment once (PUT /payments/complete/{sessionId}: the provider confirms the hold → PAID) and
 * shows it: amount, payee, and that the money is held until the payer releases it after the
 * meeting. React may run an effect twice (StrictMode, a remount), so the call is made once per
 * session id per screen; the server is idempotent anyway and the key makes a replay exact.
 * A failure is shown with a retry (a fresh key: the server also stores refusals).
 */
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { newIdempotencyKey } from './api/meetings-api';
import { useCompletePaymentMutation } from './api/payments-api';
import { PaymentStatusBadge } from './meeting-parts';
import { meetingsMessages } from './meetings-messages';
import './meetings.css';

export function PaymentSuccessPage() {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  useDocumentTitle(t('successTitle'));
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const [complete, { data: payment, error, isLoading, isUninitialized }] = useCompletePaymentMutation();
  const completed = useRef<string | null>(null);

  useEffect(() => {
    if (!sessionId || completed.current === sessionId) return;
    completed.current = sessionId;
    void complete({ sessionId, idempotencyKey: newIdempotencyKey() });
  }, [sessionId, complete]);

  const retry = () => void complete({ sessionId, idempotencyKey: newIdempotencyKey() });

  return (
    <div className="container page page-narrow payment-success">
      {!sessionId && (
        <>
          <h1>{t('confirmFailed')}</h1>
          <p className="alert alert-error" role="alert">
            {t('missingSession')}
          </p>
        </>
      )}
      {sessionId && (isLoading || isUninitialized) && (
        <>
          <h1>{t('confirming')}</h1>
          <LoadingState label={t('confirming')} />
        </>
      )}
      {sessionId && error && !isLoading && (
        <>
          <h1>{t('confirmFailed')}</h1>
          <ErrorState error={error} title={t('confirmFailed')} onRetry={retry} />
        </>
      )}
      {payment && !isLoading && !error && (
        <section className="card" aria-labelledby="success-title">
          <h1 id="success-title">{t('successTitle')}</h1>
          <dl className="checkout-summary">
            <div>
              <dt>{t('amount')}</dt>
              <dd className="checkout-amount">{formatMoney(payment.amount, lang)}</dd>
            </div>
            <div>
              <dt>{t('payee')}</dt>
              <dd>{payment.payeeName}</dd>
            </div>
            <div>
              <dt>{t('status')}</dt>
              <dd>
                <PaymentStatusBadge status={payment.status} />
              </dd>
            </div>
          </dl>
          {payment.status === 'PAID' && <p className="meeting-held">{t('heldUntilRelease')}</p>}
        </section>
      )}
      <p>
        <Link to="/my-meetings">{t('backToMeetings')}</Link>
      </p>
    </div>
  );
}
