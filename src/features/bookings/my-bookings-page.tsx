/**
 * /my-bookings (issue 19): the client's consultation requests with their status — waiting (with the
 * time the lawyer must answer by, and Cancel), accepted (pay in My meetings), declined (with the
 * lawyer's reason), expired or cancelled — earliest start first, a page at a time.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Booking } from '../../../contract/bookings';
import { EmptyState } from '../../components/async/list-states';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useLang, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { newIdempotencyKey } from '../meetings/api/meetings-api';
import { dhakaClock, dhakaDate } from '../meetings/meeting-time';
import { useCancelBookingMutation, useMyBookingsQuery } from './api/bookings-api';
import { BookingSummary, BookingsView } from './booking-parts';
import { bookingsMessages } from './bookings-messages';

const PAGE_SIZE = 20;

export function MyBookingsPage() {
  const t = useT(bookingsMessages);
  useDocumentTitle(t('myBookingsTitle'));
  const [page, setPage] = useState(0);
  const result = useMyBookingsQuery({ role: 'client', page, size: PAGE_SIZE });
  const { data } = result;
  return (
    <div className="container page my-bookings">
      <h1>{t('myBookingsTitle')}</h1>
      <p className="muted">{t('myBookingsIntro')}</p>
      <BookingsView
        result={result}
        empty={
          page === 0 ? (
            <EmptyState title={t('noBookings')}>
              <Link to="/find-lawyer">{t('findLawyer')}</Link>
            </EmptyState>
          ) : undefined
        }
        list={(bookings) => (
          <>
            <ul className="booking-list">
              {bookings.map((booking) => (
                <BookingItem key={booking.bookingId} booking={booking} />
              ))}
            </ul>
            <Stack direction="row" spacing={1}>
              {data?.page?.hasPrevious && <Button onClick={() => setPage((p) => p - 1)}>{t('previous')}</Button>}
              {data?.page?.hasNext && <Button onClick={() => setPage((p) => p + 1)}>{t('next')}</Button>}
            </Stack>
          </>
        )}
      />
    </div>
  );
}

function BookingItem({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const [cancel, cancelling] = useCancelBookingMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const name = `${booking.lawyer.firstName} ${booking.lawyer.lastName}`;

  const onCancel = async () => {
    setFailure(null);
    try {
      await cancel({ id: booking.bookingId, idempotencyKey: newIdempotencyKey() }).unwrap();
    } catch (err) {
      setFailure(tx(formErrorText(err, t('actionFailed'))));
    }
  };

  return (
    <li className="booking-item card">
      <BookingSummary booking={booking} heading={t('withLawyer', { name })} />
      {booking.status === 'DECLINED' && booking.declineReason && (
        <p>{t('reasonGiven', { reason: booking.declineReason })}</p>
      )}
      {booking.status === 'REQUESTED' && (
        <p className="muted">
          {t('answerBy', { date: dhakaDate(booking.expiresAt, lang), time: dhakaClock(booking.expiresAt, lang) })}
        </p>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {booking.status === 'REQUESTED' && (
        <Button variant="outlined" disabled={cancelling.isLoading} onClick={() => void onCancel()}>
          {cancelling.isLoading ? t('cancelling') : t('cancel')}
        </Button>
      )}
      {booking.status === 'ACCEPTED' && booking.meetingId && (
        <Button component={Link} to="/my-meetings" variant="contained">
          {t('goPay')}
        </Button>
      )}
    </li>
  );
}
