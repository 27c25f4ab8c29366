/**
 * The "Payments" section of the client and lawyer dashboards: my payments newest first, each with
 * its amount, the other party, the status, how it was paid (bKash or card, and the provider's
 * transaction id once captured) and, folded away, the history of its statuses (when it
 * was held, released, refunded…), so a person can see where their money is without asking.
 */
import { Link } from 'react-router-dom';
import type { Payment } from '../../../contract/payments';
import { PAYMENT_STATUS_NAMES } from '../../../contract/enums';
import { EmptyState, ErrorState, LoadingState } from '../../components/async/list-states';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useMyPaymentsQuery } from './api/payments-api';
import { PaymentStatusBadge } from './meeting-parts';
import { dhakaClock, dhakaDate } from './meeting-time';
import { meetingsMessages } from './meetings-messages';
import './meetings.css';

export function PaymentsSection({ kind }: { kind: 'USER' | 'LAWYER' }) {
  const t = useT(meetingsMessages);
  const { data, error, isLoading, isFetching, refetch } = useMyPaymentsQuery();
  const newestFirst = [...(data ?? [])].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

  return (
    <section id="payments" className="card payments-section" aria-labelledby="payments-title">
      <h2 id="payments-title">{t('paymentsTitle')}</h2>
      <p className="muted">{t(`paymentsIntro${kind}`)}</p>
      {isLoading && <LoadingState label={t('paymentsLoading')} />}
      {error && !isFetching && <ErrorState error={error} title={t('paymentsFailed')} onRetry={() => void refetch()} />}
      {data && newestFirst.length === 0 && <EmptyState title={t('paymentsEmpty')} />}
      {newestFirst.length > 0 && (
        <ul className="payments-list">
          {newestFirst.map((payment) => (
            <li key={payment.id}>
              <PaymentRow payment={payment} />
            </li>
          ))}
        </ul>
      )}
      <Link to={kind === 'LAWYER' ? '/meetings' : '/my-meetings'}>{t(`seeMeetings${kind}`)}</Link>
    </section>
  );
}

function PaymentRow({ payment }: { payment: Payment }) {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  const me = useSessionSelector(selectUser);
  const iPaid = me?.id === payment.payerId;
  const when = (iso: string) => `${dhakaDate(iso, lang)} ${dhakaClock(iso, lang)}`;

  return (
    <article className="payment-row">
      <p className="payment-row-head">
        <strong>{formatMoney(payment.amount, lang)}</strong>
        <PaymentStatusBadge status={payment.status} />
      </p>
      <p>{iPaid ? t('paidTo', { name: payment.payeeName }) : t('paidBy', { name: payment.payerName })}</p>
      {payment.method && payment.status !== 'PENDING' && payment.status !== 'CANCELED' && (
        <p>{t('paidWith', { method: t(payment.method === 'BKASH' ? 'methodBKASH' : 'methodCARD') })}</p>
      )}
      {payment.trxID && <p className="muted">{t('trxId', { id: payment.trxID })}</p>}
      <p className="muted">{t('paymentOn', { date: dhakaDate(payment.createdAt, lang) })}</p>
      {payment.history.length > 0 && (
        <details>
          <summary>{t('showHistory')}</summary>
          <ol className="payment-history">
            {payment.history.map((step) => (
              <li key={`${step.status}-${step.at}`}>
                {t('historyAt', { status: PAYMENT_STATUS_NAMES[step.status][lang], when: when(step.at) })}
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  );
}
