/**
 * What the calendar shows of an event, whatever it came from: a case schedule (this feature) or a
 * video meeting (the meetings feature maps its own into the same shape when composed in src/app).
 * Times are Dhaka wall clock for reading and instants for placing, so both agree on any phone.
 */
import { displayName, SCHEDULE_TYPE_NAMES } from '../../../contract/enums';
import type { Lang } from '../../lib/i18n';
import { dhakaInstant } from './calendar-math';
import type { Schedule } from './schedule-types';

export interface CalendarEvent {
  id: string;
  kind: 'schedule' | 'meeting';
  title: string;
  /** The type in the reader's language ("Court hearing" / "আদালতে শুনানি"). */
  typeLabel: string;
  caseId?: string;
  caseTitle?: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  /** Dhaka day `YYYY-MM-DD` and wall-clock times `HH:mm`. */
  date: string;
  startTime: string;
  endTime: string;
  /** Where the event's own page is, when it has one (a meeting room). */
  href?: string;
}

export function scheduleToEvent(schedule: Schedule, lang: Lang): CalendarEvent {
  const startTime = schedule.startTime.slice(0, 5);
  const endTime = schedule.endTime.slice(0, 5);
  return {
    id: schedule.id,
    kind: 'schedule',
    title: schedule.title,
    typeLabel: displayName(SCHEDULE_TYPE_NAMES, schedule.type, lang),
    caseId: schedule.caseInfo.id,
    caseTitle: schedule.caseInfo.title,
    // Older answers may lack the instants; the Dhaka day and clock say the same thing.
    startsAt: schedule.startsAt || dhakaInstant(schedule.date, startTime),
    endsAt: schedule.endsAt || dhakaInstant(schedule.date, endTime),
    date: schedule.date,
    startTime,
    endTime,
  };
}
