/** Pieces both booking lists use: the time line and the status chip, in the reader's language. */
import Chip from '@mui/material/Chip';
import { BOOKING_STATUS_NAMES, type Booking, type BookingStatus } from '../../../contract/bookings';
import { useLang, useT } from '../../lib/i18n';
import { dhakaClock, dhakaDate } from '../meetings/meeting-time';
import { bookingsMessages } from './bookings-messages';

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
