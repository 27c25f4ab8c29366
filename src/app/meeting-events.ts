/**
 * Meetings and pending booking requests as calendar events (issue 19). The calendar (schedule
 * feature) shows case schedules itself; the dashboards compose it with these, so a paid meeting or a
 * request waiting for an answer is on the day it happens in the month, week and agenda views,
 * instead of the day reading "nothing scheduled".
 */
import { useMemo } from 'react';
import type { Booking } from '../../contract/bookings';
import type { Meeting } from '../../contract/meetings';
import { useMyBookingsQuery } from '../features/bookings/api/bookings-api';
import { bookingsMessages } from '../features/bookings/bookings-messages';
import { useMyMeetingsQuery } from '../features/meetings/api/meetings-api';
import type { CalendarEvent } from '../features/schedule/calendar-event';
import { dhakaClockOf, dhakaDayOf } from '../features/schedule/calendar-math';
import { useT } from '../lib/i18n';

type Labels = { meeting: string; request: string };

function timed(startsAt: string, endsAt: string) {
  const date = dhakaDayOf(startsAt);
  // A meeting past midnight shows to the end of its first day (as the calendar feed does).
  const endTime = dhakaDayOf(endsAt) === date ? dhakaClockOf(endsAt) : '23:59';
  return { startsAt, endsAt, date, startTime: dhakaClockOf(startsAt), endTime };
}

export function meetingToEvent(meeting: Meeting, labels: Labels, link: string): CalendarEvent {
  return {
    id: meeting.id,
    kind: 'meeting',
    title: meeting.title,
    typeLabel: labels.meeting,
    ...timed(meeting.startTimestamp, meeting.endTimestamp),
    href: link,
  };
}

export function bookingToEvent(booking: Booking, labels: Labels, link: string, viewerId: string): CalendarEvent {
  const other = viewerId === booking.lawyer.id ? booking.client : booking.lawyer;
  return {
    id: booking.bookingId,
    kind: 'meeting',
    title: `${other.firstName} ${other.lastName}`,
    typeLabel: labels.request,
    ...timed(booking.start, booking.end),
    href: link,
  };
}

/**
 * The signed-in user's meetings (a cancelled or refunded one is off) and REQUESTED bookings, as
 * events. `role` says where their pages are: the lawyer's /meetings, the client's /my-meetings.
 */
export function useMeetingEvents(role: 'USER' | 'LAWYER', userId: string): CalendarEvent[] {
  const t = useT(bookingsMessages);
  const meetings = useMyMeetingsQuery();
  const requests = useMyBookingsQuery({ status: 'REQUESTED', size: 100 });
  const labels = useMemo(() => ({ meeting: t('calendarMeeting'), request: t('calendarRequest') }), [t]);
  return useMemo(() => {
    const meetingLink = role === 'LAWYER' ? '/meetings' : '/my-meetings';
    const requestLink = role === 'LAWYER' ? '/meetings' : '/my-bookings';
    const live = (meetings.data ?? []).filter(
      (m) => m.payment?.status !== 'REFUNDED' && m.payment?.status !== 'CANCELED',
    );
    return [
      ...live.map((m) => meetingToEvent(m, labels, meetingLink)),
      ...(requests.data?.bookings ?? []).map((b) => bookingToEvent(b, labels, requestLink, userId)),
    ];
  }, [meetings.data, requests.data, labels, role, userId]);
}
