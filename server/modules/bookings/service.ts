/**
 * Booking a consultation (issue 19): a client requests 30 or 60 minutes of one of an APPROVED
 * lawyer's free times; the lawyer accepts — which opens the priced meeting with its PENDING payment
 * through MeetingsService.open, exactly as a meeting scheduled by email — or declines with a reason;
 * the client may withdraw it; unanswered, it expires (a durable job, expiry.ts). Each step tells the
 * other party through the notifications module (in app, push and mail per their MEETING_UPDATE
 * preferences) in both languages.
 *
 * No double booking: the free times below are what the client is shown, and a request outside them
 * is refused (400), but what makes two requests for one time impossible is the database — the
 * `lawyer_time_guard` trigger (migration 0017, decision 0015) serialises writes of one lawyer's time
 * and refuses an overlap, answered here as 409 "This time is no longer free".
 */
import {
  BOOKING_ANSWER_HOURS,
  BOOKING_DAYS,
  BOOKING_EXPIRY_BEFORE_START_HOURS,
  BOOKING_LEAD_HOURS,
  BOOKING_STEP_MINUTES,
  BookingMessages,
  type Booking,
  type BookingListQuery,
  type CreateBookingBody,
  type DeclineBookingBody,
  type FreeTime,
  type FreeTimesQuery,
} from '../../../contract/bookings';
import type { DayOfWeek } from '../../../contract/enums';
import type { PageMetadata } from '../../../contract/envelope';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/app-error';
import { pageMetadata } from '../../http/paging';
import { RetryAfterError } from '../../jobs/errors';
import { meetingPricePaisa, paisaToDecimal } from '../../payments/money';
import type { Actor } from '../auth/policy';
import type { LawyersRepository } from '../lawyers/repository';
import { assertApproved } from '../lawyers/policy';
import { refuseTakenTime, type MeetingsService } from '../meetings/service';
import type { CreatedNotification, NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { dhakaInstant, dhakaWallClock, hhmm, whenText } from '../schedules/dhaka-time';
import type { BookingExpiry, BookingExpiryJob } from './expiry';
import type { BookingsRepository, BookingView, Interval } from './repository';

export interface BookingsServiceDeps {
  db: Database;
  bookings: BookingsRepository;
  lawyers: LawyersRepository;
  meetings: MeetingsService;
  notifications: NotificationsService;
  expiry: BookingExpiry;
  clock: Clock;
}

const CLIENT_LINK = '/my-bookings';
const LAWYER_LINK = '/meetings';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STEP = BOOKING_STEP_MINUTES * MINUTE;
const DAY = 24 * HOUR;
/** getUTCDay() → the contract's day names. */
const WEEKDAYS: readonly DayOfWeek[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const TITLE_TOPIC_CHARS = 100;

export class BookingsService {
  constructor(private readonly deps: BookingsServiceDeps) {}

  /** GET /bookings/free-times: the lawyer's bookable time, joined into ranges. */
  async freeTimes(query: FreeTimesQuery): Promise<FreeTime[]> {
    const lawyer = await this.bookableLawyer(query.lawyerEmail);
    if (lawyer.hourlyCharge === null) return [];
    const now = this.deps.clock.now();
    const from = query.from ?? dhakaWallClock(now).date;
    const cells = await this.slotCells(lawyer.userId, from, query.days, now);
    if (cells.length === 0) return [];
    const busy = await this.deps.bookings.busy(lawyer.userId, new Date(cells[0]!), new Date(cells.at(-1)! + STEP));
    const free = cells.filter((start) => !overlapsAny(start, start + STEP, busy));
    return joinCells(free);
  }

  /** POST /bookings: a REQUESTED booking holding the time, the lawyer told, its expiry planned. */
  async create(actor: Actor, body: CreateBookingBody): Promise<Booking> {
    const { db, bookings, notifications, expiry, clock } = this.deps;
    const lawyer = await this.bookableLawyer(body.lawyerEmail);
    const now = clock.now();
    const startsAt = new Date(body.start);
    const endsAt = new Date(startsAt.getTime() + body.minutes * MINUTE);
    const wanted = cellsOf(startsAt.getTime(), endsAt.getTime());
    const today = dhakaWallClock(now).date;
    const startDay = dhakaWallClock(startsAt).date;
    const daysAhead = Math.round((Date.parse(startDay) - Date.parse(today)) / DAY);
    const inWindow = daysAhead >= 0 && daysAhead < BOOKING_DAYS.max && startsAt.getTime() % STEP === 0;
    const cells = inWindow ? new Set(await this.slotCells(lawyer.userId, startDay, 2, now)) : new Set<number>();
    if (lawyer.hourlyCharge === null || !wanted.every((cell) => cells.has(cell))) {
      throw badRequest(BookingMessages.notFree, { fields: [{ field: 'start', message: BookingMessages.notFree }] });
    }
    const price = paisaToDecimal(meetingPricePaisa(lawyer.hourlyCharge, body.minutes));
    const expiresAt = new Date(
      Math.min(
        now.getTime() + BOOKING_ANSWER_HOURS * HOUR,
        startsAt.getTime() - BOOKING_EXPIRY_BEFORE_START_HOURS * HOUR,
      ),
    );
    const { id, notification } = await refuseTakenTime(
      () =>
        db.transaction(async (tx) => {
          const busy = await bookings.busy(lawyer.userId, startsAt, endsAt, tx);
          if (busy.length > 0) throw conflict(BookingMessages.taken);
          const row = await bookings.insert(
            {
              lawyerId: lawyer.userId,
              clientId: actor.userId,
              startsAt,
              endsAt,
              minutes: body.minutes,
              topic: body.topic,
              price,
              expiresAt,
              now,
            },
            tx,
          );
          await expiry.plan(tx, row);
          const created = await notifications.notify(tx, {
            userId: lawyer.userId,
            type: 'MEETING_UPDATE',
            content: NotificationTexts.bookingRequested(nameOf(actor), when(startsAt, endsAt), body.minutes, price),
            link: LAWYER_LINK,
          });
          return { id: row.id, notification: created };
        }),
      BookingMessages.taken,
    );
    notifications.deliver(notification);
    expiry.wake();
    return this.get(id);
  }

  /** GET /bookings: mine on one side (default: the lawyer's side for a lawyer), paged. */
  async list(actor: Actor, query: BookingListQuery): Promise<{ bookings: Booking[]; metadata: PageMetadata }> {
    const side = query.role ?? (actor.role === 'LAWYER' ? 'lawyer' : 'client');
    const page = { page: query.page, size: query.size };
    const { rows, total } = await this.deps.bookings.listForParty(actor.userId, side, query.status, page);
    return {
      bookings: rows.map(toBooking),
      metadata: pageMetadata({
        ...page,
        totalCount: total,
        sortField: 'start',
        sortDirection: 'ASC',
        appliedFilters: { role: side, ...(query.status ? { status: query.status } : {}) },
      }),
    };
  }

  /** PUT /bookings/:id/accept: the priced meeting with its PENDING payment; the client is asked to pay. */
  async accept(actor: Actor, id: string): Promise<Booking> {
    const { db, bookings, lawyers, meetings, notifications, expiry, clock } = this.deps;
    const notification = await refuseTakenTime(
      () =>
        db.transaction(async (tx) => {
          const row = await this.waiting(actor, id, 'lawyer', tx);
          assertApproved(await lawyers.lockProfile(actor.userId, tx));
          const now = clock.now();
          // ACCEPTED first: the request stops holding the time, which its meeting then takes.
          await bookings.update(row.id, { status: 'ACCEPTED', now }, tx);
          await expiry.cancel(tx, row.id);
          const opened = await meetings.open(tx, {
            lawyerId: actor.userId,
            clientId: row.clientId,
            title: meetingTitle(row.topic),
            startsAt: row.startsAt,
            endsAt: row.endsAt,
            amount: row.price,
            content: NotificationTexts.bookingAccepted(nameOf(actor), when(row.startsAt, row.endsAt), row.price),
          });
          await bookings.update(row.id, { meetingId: opened.meetingId, now }, tx);
          return opened.notification;
        }),
      BookingMessages.taken,
    );
    notifications.deliver(notification);
    return this.get(id);
  }

  /** PUT /bookings/:id/decline: the lawyer says no, with a reason the client reads. */
  async decline(actor: Actor, id: string, body: DeclineBookingBody): Promise<Booking> {
    return this.close(actor, id, 'lawyer', async (row, tx, now) => {
      await this.deps.bookings.update(row.id, { status: 'DECLINED', declineReason: body.reason, now }, tx);
      return this.deps.notifications.notify(tx, {
        userId: row.booking.clientId,
        type: 'MEETING_UPDATE',
        content: NotificationTexts.bookingDeclined(nameOf(actor), when(row.startsAt, row.endsAt), body.reason),
        link: CLIENT_LINK,
      });
    });
  }

  /** PUT /bookings/:id/cancel: the client withdraws; the lawyer is told. */
  async cancel(actor: Actor, id: string): Promise<Booking> {
    return this.close(actor, id, 'client', async (row, tx, now) => {
      await this.deps.bookings.update(row.id, { status: 'CANCELLED', now }, tx);
      return this.deps.notifications.notify(tx, {
        userId: row.booking.lawyerId,
        type: 'MEETING_UPDATE',
        content: NotificationTexts.bookingCancelled(nameOf(actor), when(row.startsAt, row.endsAt)),
        link: LAWYER_LINK,
      });
    });
  }

  /** The expiry job: a request still unanswered at its time becomes EXPIRED and the client is told. */
  async expire(job: BookingExpiryJob): Promise<void> {
    const { db, bookings, notifications, clock } = this.deps;
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const row = await bookings.expire(job.bookingId, now, tx);
      if (!row) {
        const view = await bookings.view(job.bookingId, tx);
        // Due later by this instance's clock (instances' clocks differ a little): come back then.
        if (view?.booking.status === 'REQUESTED') {
          throw new RetryAfterError('booking not due yet', view.booking.expiresAt.getTime() - now.getTime());
        }
        return null;
      }
      const view = await bookings.view(row.id, tx);
      return notifications.notify(tx, {
        userId: row.clientId,
        type: 'MEETING_UPDATE',
        content: NotificationTexts.bookingExpired(
          `${view!.lawyer.firstName} ${view!.lawyer.lastName}`,
          when(row.startsAt, row.endsAt),
        ),
        link: CLIENT_LINK,
      });
    });
    notifications.deliver(created);
  }

  /** Who may hear of a booking (the calendar): its two parties. */
  async get(id: string): Promise<Booking> {
    const view = await this.deps.bookings.view(id);
    if (!view) throw notFound(BookingMessages.notFound);
    return toBooking(view);
  }

  /** Declines and cancels: a waiting booking of the right party moves on, its expiry goes. */
  private async close(
    actor: Actor,
    id: string,
    side: 'lawyer' | 'client',
    change: (
      row: { id: string; startsAt: Date; endsAt: Date; booking: { clientId: string; lawyerId: string } },
      tx: Executor,
      now: Date,
    ) => Promise<CreatedNotification>,
  ): Promise<Booking> {
    const { db, notifications, expiry, clock } = this.deps;
    const notification = await db.transaction(async (tx) => {
      const row = await this.waiting(actor, id, side, tx);
      await expiry.cancel(tx, row.id);
      return change({ id: row.id, startsAt: row.startsAt, endsAt: row.endsAt, booking: row }, tx, clock.now());
    });
    notifications.deliver(notification);
    return this.get(id);
  }

  /** A locked REQUESTED booking of the caller on `side`: 404 for strangers, 403 for the other party, 409 once answered. */
  private async waiting(actor: Actor, id: string, side: 'lawyer' | 'client', tx: Executor) {
    const row = await this.deps.bookings.lockForParty(id, actor.userId, tx);
    if (!row) throw notFound(BookingMessages.notFound);
    const mine = side === 'lawyer' ? row.lawyerId : row.clientId;
    if (mine !== actor.userId) {
      throw forbidden(side === 'lawyer' ? BookingMessages.lawyerOnly : BookingMessages.clientOnly);
    }
    if (row.status !== 'REQUESTED' || this.deps.clock.now() >= row.expiresAt) {
      throw conflict(BookingMessages.notWaiting);
    }
    return row;
  }

  /** An APPROVED lawyer found by email, with their charge; anyone else is "not found". */
  private async bookableLawyer(email: string): Promise<{ userId: string; hourlyCharge: number | null }> {
    const record = await this.deps.lawyers.findByEmail(email);
    if (!record || record.user.role !== 'LAWYER' || record.profile?.verificationStatus !== 'APPROVED') {
      throw new AppError(404, BookingMessages.lawyerNotFound);
    }
    const charge = record.profile.hourlyCharge;
    return { userId: record.user.id, hourlyCharge: charge == null ? null : Number(charge) };
  }

  /**
   * Starts (ms) of the 30-minute steps inside the lawyer's weekly slots on `days` Dhaka days from
   * `from`, none sooner than BOOKING_LEAD_HOURS from now, in order.
   */
  private async slotCells(lawyerId: string, from: string, days: number, now: Date): Promise<number[]> {
    const slots = await this.deps.lawyers.listSlots(lawyerId);
    const earliest = now.getTime() + BOOKING_LEAD_HOURS * HOUR;
    const cells: number[] = [];
    const [y, m, d] = from.split('-').map(Number) as [number, number, number];
    for (let i = 0; i < days; i += 1) {
      const day = new Date(Date.UTC(y, m - 1, d + i));
      const date = day.toISOString().slice(0, 10);
      const weekday = WEEKDAYS[day.getUTCDay()];
      for (const slot of slots) {
        if (slot.day !== weekday) continue;
        const slotEnd = dhakaInstant(date, hhmm(slot.endTime)).getTime();
        let start = Math.ceil(dhakaInstant(date, hhmm(slot.startTime)).getTime() / STEP) * STEP;
        for (; start + STEP <= slotEnd; start += STEP) {
          if (start >= earliest) cells.push(start);
        }
      }
    }
    return [...new Set(cells)].sort((a, b) => a - b);
  }
}

function cellsOf(start: number, end: number): number[] {
  const cells: number[] = [];
  for (let at = start; at < end; at += STEP) cells.push(at);
  return cells;
}

function overlapsAny(start: number, end: number, busy: readonly Interval[]): boolean {
  return busy.some((b) => b.startsAt.getTime() < end && b.endsAt.getTime() > start);
}

/** Sorted step starts → ranges, touching steps joined. */
function joinCells(cells: readonly number[]): FreeTime[] {
  const ranges: { start: number; end: number }[] = [];
  for (const start of cells) {
    const last = ranges.at(-1);
    if (last && last.end === start) last.end = start + STEP;
    else ranges.push({ start, end: start + STEP });
  }
  return ranges.map((r) => ({ start: new Date(r.start).toISOString(), end: new Date(r.end).toISOString() }));
}

function meetingTitle(topic: string): string {
  const flat = topic.replace(/\s+/g, ' ').trim();
  const short = flat.length > TITLE_TOPIC_CHARS ? `${flat.slice(0, TITLE_TOPIC_CHARS - 1)}…` : flat;
  return `Consultation: ${short}`;
}

const nameOf = (actor: Actor) => `${actor.firstName} ${actor.lastName}`;

function when(startsAt: Date, endsAt: Date) {
  const start = dhakaWallClock(startsAt);
  return whenText(start.date, start.time, dhakaWallClock(endsAt).time);
}

export function toBooking(view: BookingView): Booking {
  const { booking } = view;
  return {
    bookingId: booking.id,
    lawyer: view.lawyer,
    client: view.client,
    start: booking.startsAt.toISOString(),
    end: booking.endsAt.toISOString(),
    minutes: booking.minutes,
    topic: booking.topic,
    price: Number(booking.price),
    status: booking.status,
    declineReason: booking.declineReason,
    meetingId: booking.meetingId,
    expiresAt: booking.expiresAt.toISOString(),
    createdAt: booking.createdAt.toISOString(),
    updatedAt: booking.updatedAt.toISOString(),
  };
}
