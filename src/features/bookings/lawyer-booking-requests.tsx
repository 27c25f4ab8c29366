/**
 * The lawyer's consultation requests (issue 19), on their dashboard and on /meetings: each waiting
 * request with the client, the time, the matter and the price; Accept (opens the priced meeting and
 * asks the client to pay) or Decline with a reason of at least 10 characters the client reads.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState, type FormEvent } from 'react';
import { BOOKING_REASON, type Booking } from '../../../contract/bookings';
import { EmptyState } from '../../components/async/list-states';
import { TextareaField } from '../../components/form/textarea-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { newIdempotencyKey } from '../meetings/api/meetings-api';
import { useAcceptBookingMutation, useDeclineBookingMutation, useMyBookingsQuery } from './api/bookings-api';
import { BookingSummary, BookingsView } from './booking-parts';
import { bookingsMessages } from './bookings-messages';

export function LawyerBookingRequests() {
  const t = useT(bookingsMessages);
  const result = useMyBookingsQuery({ role: 'lawyer', status: 'REQUESTED', size: 50 });
  return (
    <section className="card booking-requests" aria-labelledby="booking-requests-title">
      <h2 id="booking-requests-title">{t('requestsTitle')}</h2>
      <p className="muted">{t('requestsIntro')}</p>
      <BookingsView
        result={result}
        empty={<EmptyState title={t('noRequests')} />}
        list={(bookings) => (
          <ul className="booking-list">
            {bookings.map((booking) => (
              <RequestItem key={booking.bookingId} booking={booking} />
            ))}
          </ul>
        )}
      />
    </section>
  );
}

function RequestItem({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const tx = useContractText();
  const [accept, accepting] = useAcceptBookingMutation();
  const [decline, declining] = useDeclineBookingMutation();
  const [declineOpen, setDeclineOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const name = `${booking.client.firstName} ${booking.client.lastName}`;

  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    key.current ??= newIdempotencyKey();
    try {
      await action();
    } catch (err) {
      setFailure(tx(formErrorText(err, t('actionFailed'))));
    } finally {
      key.current = null;
    }
  };

  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < BOOKING_REASON.min || text.length > BOOKING_REASON.max) {
      setReasonError(t('reasonLength'));
      return;
    }
    setReasonError(undefined);
    await run(() => decline({ id: booking.bookingId, reason: text, idempotencyKey: key.current ?? '' }).unwrap());
  };

  return (
    <li className="booking-item">
      <BookingSummary booking={booking} heading={t('fromClient', { name })} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {declineOpen ? (
        <form onSubmit={(e) => void onDecline(e)} noValidate>
          <TextareaField
            label={t('declineReason')}
            name="reason"
            value={reason}
            counterMax={BOOKING_REASON.max}
            error={reasonError}
            onChange={(e) => setReason(e.target.value)}
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" color="error" disabled={declining.isLoading}>
              {declining.isLoading ? t('declining') : t('declineSend')}
            </Button>
            <Button onClick={() => setDeclineOpen(false)}>{t('back')}</Button>
          </Stack>
        </form>
      ) : (
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            disabled={accepting.isLoading}
            aria-label={`${t('accept')}: ${name}`}
            onClick={() =>
              void run(() => accept({ id: booking.bookingId, idempotencyKey: key.current ?? '' }).unwrap())
            }
          >
            {accepting.isLoading ? t('accepting') : t('accept')}
          </Button>
          <Button variant="outlined" aria-label={`${t('decline')}: ${name}`} onClick={() => setDeclineOpen(true)}>
            {t('decline')}
          </Button>
        </Stack>
      )}
    </li>
  );
}
