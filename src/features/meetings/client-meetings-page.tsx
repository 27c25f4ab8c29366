/**
 * /my-meetings (USER): the meetings my lawyers scheduled with me, upcoming first, then past. Each
 * shows the lawyer, the Dhaka time, the price and the payment's status, and only the actions the
 * server would accept now (meeting-rules.ts): Pay (bKash or card, pay-step.tsx), Join (from 10
 * minutes before the start; unpaid → the server's 402 is shown), Cancel meeting (a PENDING one is
 * cancelled; a held one before the start is refunded — confirmed first), and Release payment once
 * the meeting is over (confirmed first: the money goes to the lawyer and cannot come back).
 * Back from a bKash checkout that did not end in a hold (`?bkash=failure|cancel&reason=…`, the
 * server's callback), the page says why in the reader's language.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Meeting } from '../../../contract/meetings';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { newIdempotencyKey, useMyMeetingsQuery } from './api/meetings-api';
import { useCancelPaymentMutation, useReleasePaymentMutation } from './api/payments-api';
import { JoinButton } from './join-button';
import { ConfirmAction, MeetingFacts, MeetingSections, personName } from './meeting-parts';
import { PayStep } from './pay-step';
import {
  canCancelPayment,
  canPay,
  canRelease,
  canShowJoin,
  paymentStatusOf,
  RELEASE_AFTER_HOURS,
} from './meeting-rules';
import { meetingsMessages } from './meetings-messages';
import { useNow } from './use-now';
import { walletDeclineReason } from './wallet-input';
import { ERROR_REASON_TEXT } from '../../lib/error-reasons-text';
import './meetings.css';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import Button from '@mui/material/Button';

export function ClientMeetingsPage() {
  const t = useT(meetingsMessages);
  useDocumentTitle(t('clientTitle'));
  const now = useNow();
  const { data, error, isLoading, isFetching, refetch } = useMyMeetingsQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const bkashRefusal = useBkashReturn();

  return (
    <div className="container page meetings-page">
      <header>
        <h1>{t('clientTitle')}</h1>
        <p className="muted">{t('clientIntro')}</p>
      </header>
      <div role="status" className={notice ? 'alert alert-success' : undefined}>
        {notice}
      </div>
      <div role="alert">{bkashRefusal && <p className="alert alert-error">{bkashRefusal}</p>}</div>
      {isLoading && <LoadingState label={t('loading')} />}
      {error && !isFetching && <ErrorState error={error} title={t('loadFailed')} onRetry={() => void refetch()} />}
      {data && (
        <MeetingSections
          meetings={data}
          now={now}
          noMeetings={t('emptyClient')}
          renderCard={(meeting) => <ClientMeetingCard meeting={meeting} now={now} onNotice={setNotice} />}
        />
      )}
    </div>
  );
}

type Mode = 'view' | 'choose-method' | 'confirm-cancel' | 'confirm-release';

function ClientMeetingCard({
  meeting,
  now,
  onNotice,
}: {
  meeting: Meeting;
  now: number;
  onNotice: (text: string) => void;
}) {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  const [mode, setMode] = useState<Mode>('view');
  const [cancelPayment] = useCancelPaymentMutation();
  const [releasePayment] = useReleasePaymentMutation();

  const status = paymentStatusOf(meeting);
  const amount = meeting.payment ? formatMoney(meeting.payment.amount, lang) : '';
  const payable = canPay(meeting, now);
  const joinable = canShowJoin(meeting, now);
  const cancellable = canCancelPayment(meeting, now);
  const releasable = canRelease(meeting, now);
  const needs = useNeedsNetwork();

  const cancel = async () => {
    if (!meeting.payment) return;
    const result = await cancelPayment({ paymentId: meeting.payment.id, idempotencyKey: newIdempotencyKey() }).unwrap();
    setMode('view');
    onNotice(result.status === 'REFUNDED' ? t('paymentRefunded') : t('paymentCanceled'));
  };

  const release = async () => {
    if (!meeting.payment) return;
    await releasePayment({ paymentId: meeting.payment.id, idempotencyKey: newIdempotencyKey() }).unwrap();
    setMode('view');
    onNotice(t('paymentReleased'));
  };

  return (
    <article className="card meeting-card" aria-labelledby={`meeting-${meeting.id}`}>
      <h3 id={`meeting-${meeting.id}`}>{meeting.title}</h3>
      <MeetingFacts meeting={meeting} viewer="USER" now={now} />
      {status === 'PAID' && (
        <p className="meeting-held">
          {t('heldNote')} {t('autoRelease', { hours: RELEASE_AFTER_HOURS })}
        </p>
      )}

      {mode === 'choose-method' && payable && meeting.payment && (
        <PayStep
          paymentId={meeting.payment.id}
          meetingId={meeting.id}
          amount={amount}
          disabled={needs.disabled}
          onClose={() => setMode('view')}
        />
      )}
      {mode === 'confirm-cancel' && cancellable && (
        <ConfirmAction
          title={status === 'PAID' ? t('confirmRefundTitle') : t('confirmCancelPendingTitle')}
          body={status === 'PAID' ? t('confirmRefundBody', { amount }) : t('confirmCancelPendingBody')}
          confirmLabel={t('confirmCancelPayment')}
          danger
          onConfirm={cancel}
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'confirm-release' && releasable && (
        <ConfirmAction
          title={t('confirmReleaseTitle')}
          body={t('confirmReleaseBody', { amount, name: personName(meeting.lawyer) })}
          confirmLabel={t('confirmRelease', { amount })}
          onConfirm={release}
          onCancel={() => setMode('view')}
        />
      )}
      {mode === 'view' && (payable || joinable || cancellable || releasable) && (
        <div className="btn-row">
          {payable && (
            <Button
              variant="contained"
              type="button"
              aria-label={t('payLabel', { amount, title: meeting.title })}
              disabled={needs.disabled}
              aria-describedby={needs.describedBy}
              onClick={() => setMode('choose-method')}
            >
              {t('pay', { amount })}
            </Button>
          )}
          {joinable && <JoinButton meeting={meeting} viewer="USER" />}
          {releasable && (
            <Button
              variant="contained"
              type="button"
              aria-label={t('releasePaymentLabel', { title: meeting.title })}
              disabled={needs.disabled}
              aria-describedby={needs.describedBy}
              onClick={() => setMode('confirm-release')}
            >
              {t('releasePayment')}
            </Button>
          )}
          {cancellable && (
            <Button
              variant="outlined"
              type="button"
              aria-label={t(status === 'PAID' ? 'cancelAndRefundLabel' : 'cancelMeetingLabel', {
                title: meeting.title,
              })}
              disabled={needs.disabled}
              aria-describedby={needs.describedBy}
              onClick={() => setMode('confirm-cancel')}
            >
              {t(status === 'PAID' ? 'cancelAndRefund' : 'cancelMeeting')}
            </Button>
          )}
          <NeedsNetworkNote needs={needs} />
        </div>
      )}
    </article>
  );
}

/**
 * The bKash callback's way back when no hold came of it (`bkash=failure|cancel&reason=…`,
 * docs/decisions/0016): the reason in the reader's language, or null.
 */
function useBkashReturn(): string | null {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  const [params] = useSearchParams();
  const outcome = params.get('bkash');
  if (outcome !== 'failure' && outcome !== 'cancel') return null;
  const reason =
    walletDeclineReason(params.get('reason')) ?? (outcome === 'cancel' ? 'WALLET_CANCELLED' : 'WALLET_DECLINED');
  return t('bkashReturned', { reason: ERROR_REASON_TEXT[lang][reason] });
}
