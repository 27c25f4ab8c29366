/** Schedules and calendar events for this feature's tests (used only by *.test.tsx files). */
import type { ScheduleType } from '../../../contract/enums';
import type { CalendarEvent } from './calendar-event';
import { dhakaInstant } from './calendar-math';
import type { Schedule } from './schedule-types';

export const CASE_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

export function schedule(
  id: string,
  date: string,
  startTime: string,
  endTime: string,
  extra: Partial<Schedule> & { type?: ScheduleType } = {},
): Schedule {
  return {
    id,
    caseInfo: { id: CASE_ID, title: 'Rahman v. Karim (land)', status: 'IN_PROGRESS' },
    lawyerInfo: { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', firstName: 'Nasrin', lastName: 'Akter', email: 'n@x.bd' },
    clientInfo: {
      id: '0b6f0c52-6c0e-4b47-9c57-8d1a1c1f6d11',
      firstName: 'Ayesha',
      lastName: 'Rahman',
      email: 'a@x.bd',
    },
    title: 'Hearing',
    type: 'COURT_HEARING',
    description: '',
    date,
    startTime,
    endTime,
    startsAt: dhakaInstant(date, startTime),
    endsAt: dhakaInstant(date, endTime),
    startDateTime: dhakaInstant(date, startTime),
    endDateTime: dhakaInstant(date, endTime),
    createdById: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    createdAt: '2025-04-01T10:00:00+06:00',
    updatedAt: '2025-04-01T10:00:00+06:00',
    ...extra,
  };
}

export function calendarEvent(
  id: string,
  date: string,
  startTime: string,
  endTime: string,
  extra: Partial<CalendarEvent> = {},
): CalendarEvent {
  return {
    id,
    kind: 'schedule',
    title: 'Hearing',
    typeLabel: 'Court hearing',
    caseId: CASE_ID,
    caseTitle: 'Rahman v. Karim (land)',
    startsAt: dhakaInstant(date, startTime),
    endsAt: dhakaInstant(date, endTime),
    date,
    startTime,
    endTime,
    ...extra,
  };
}
