/**
 * Pieces both booking lists use (the client's /my-bookings and the lawyer's requests): the list's
 * loading, error and empty states, and each booking's heading, time, price and matter, in the
 * reader's language.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { BOOKING_STATUS_NAMES, type Booking, type BookingStatus } from '../../../contract/bookings';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { dhakaClock, dhakaDate } from '../meetings/meeting-time';
import { bookingsMessages } from './bookings-messages';
import './bookings.css';

const COLOURS: Record<BookingStatus, 'default' | 'primary' | 'success' | 'error' | 'warning'> = {
  REQUESTED: 'warning',
  ACCEPTED: 'success',
  DECLINED: 'error',
  EXPIRED: 'default',
  CANCELLED: 'default',
};

export function BookingWhen({ booking }: { booking: Booking }) {
  const t = useT(bookingsMessages);
  const { lang } = useLang();
  return (
    <span>
      {t('when', {
        date: dhakaDate(booking.start, lang),
        start: dhakaClock(booking.start, lang),
        end: dhakaClock(booking.end, lang),
      })}
    </span>
  );
}

export function BookingStatusChip({ status }: { status: BookingStatus }) {
  const { lang } = useLang();
  return <Chip size="small" color={COLOURS[status]} label={BOOKING_STATUS_NAMES[status][lang]} />;
}

/** Who the booking is with (`heading`), its status, when, the price and the matter. */
export function BookingSummary({ booking, heading }: { booking: Booking; heading: string }) {
  const { lang } = useLang();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <strong>{heading}</strong>
        <BookingStatusChip status={booking.status} />
      </Stack>
      <p>
        <BookingWhen booking={booking} /> · {formatMoney(booking.price, lang)}
      </p>
      <p className="booking-topic">{booking.topic}</p>
    </>
  );
}

interface BookingsResult {
  data?: { bookings: Booking[] } | undefined;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/**
 * A list of bookings as it loads: a skeleton, the error with Retry, `empty` when there are none
 * (unless `empty` is undefined: a later page with nothing left still shows its pager), else `list`.
 */
export function BookingsView({
  result,
  empty,
  list,
}: {
  result: BookingsResult;
  empty: ReactNode | undefined;
  list: (bookings: readonly Booking[]) => ReactNode;
}) {
  const t = useT(bookingsMessages);
  if (result.isLoading) return <LoadingState />;
  if (result.error && !result.data) {
    return <ErrorState error={result.error} title={t('loadFailed')} onRetry={() => void result.refetch()} />;
  }
  const bookings = result.data?.bookings ?? [];
  return <>{bookings.length === 0 && empty !== undefined ? empty : list(bookings)}</>;
}
