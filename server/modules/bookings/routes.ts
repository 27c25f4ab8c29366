/** HTTP entry points of /v1/bookings (issue 19). */
import { BookingMessages } from '../../../contract/bookings';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { BookingsService } from './service';

export function registerBookingRoutes(route: AddRoute, bookings: BookingsService): void {
  route(routes.bookingFreeTimes, async ({ query }) => ({ data: { freeTimes: await bookings.freeTimes(query) } }));
  route(routes.bookingCreate, async ({ actor, body }) => ({
    data: await bookings.create(actor, body),
    message: BookingMessages.created,
  }));
  route(routes.bookingList, async ({ actor, query }) => {
    const { bookings: list, metadata } = await bookings.list(actor, query);
    return { data: { bookings: list }, metadata };
  });
  route(routes.bookingAccept, async ({ actor, params }) => ({
    data: await bookings.accept(actor, params.id),
    message: BookingMessages.accepted,
  }));
  route(routes.bookingDecline, async ({ actor, params, body }) => ({
    data: await bookings.decline(actor, params.id, body),
    message: BookingMessages.declined,
  }));
  route(routes.bookingCancel, async ({ actor, params }) => ({
    data: await bookings.cancel(actor, params.id),
    message: BookingMessages.cancelled,
  }));
}
