/**
 * The schedule form's values and the checks made before anything is sent (docs/api.md §4 Schedules:
 * title 2–255, one of the 17 types, a date, end after start, description at most 2000). The server
 * applies the same rules and has the last word; these only spare a round trip on a slow line.
 */
import type { ScheduleType } from '../../../contract/enums';
import { isDayKey } from './calendar-math';
import type { scheduleMessages } from './schedule-messages';
import type { Schedule, UpdateScheduleBody } from './schedule-types';

// The contract's limits (SCHEDULE_TITLE_MIN …), repeated so contract/schedules.ts's zod schemas stay
// out of the client's chunks; schedule-form.test.tsx holds them equal.
export const TITLE_MIN = 2;
export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 2000;

/** What the form holds while it is being filled in (the type may still be unchosen). */
export interface ScheduleFormValues extends Omit<UpdateScheduleBody, 'type'> {
  type: ScheduleType | '';
}

export type ScheduleField = keyof ScheduleFormValues;
type MessageKey = keyof typeof scheduleMessages.en;

/** The first problem per field, as a catalogue key and its placeholders. */
export type ScheduleFormErrors = Partial<Record<ScheduleField, { key: MessageKey; vars?: Record<string, number> }>>;

export const EMPTY_SCHEDULE: ScheduleFormValues = {
  title: '',
  type: '',
  date: '',
  startTime: '',
  endTime: '',
  description: '',
};

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = (time: string) => time.slice(0, 5);

export function scheduleFormValues(schedule: Partial<Schedule | UpdateScheduleBody> = {}): ScheduleFormValues {
  return {
    title: schedule.title ?? '',
    type: schedule.type ?? '',
    date: schedule.date ?? '',
    startTime: hhmm(schedule.startTime ?? ''),
    endTime: hhmm(schedule.endTime ?? ''),
    description: schedule.description ?? '',
  };
}

export function validateSchedule(values: ScheduleFormValues): ScheduleFormErrors {
  const errors: ScheduleFormErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = { key: 'titleRequired' };
  else if (title.length < TITLE_MIN || title.length > TITLE_MAX)
    errors.title = { key: 'titleLength', vars: { min: TITLE_MIN, max: TITLE_MAX } };
  if (!values.type) errors.type = { key: 'typeRequired' };
  if (!isDayKey(values.date)) errors.date = { key: 'dateRequired' };
  const start = hhmm(values.startTime);
  const end = hhmm(values.endTime);
  if (!CLOCK.test(start)) errors.startTime = { key: 'startRequired' };
  if (!CLOCK.test(end)) errors.endTime = { key: 'endRequired' };
  else if (CLOCK.test(start) && end <= start) errors.endTime = { key: 'endAfterStart' };
  if (values.description.trim().length > DESCRIPTION_MAX)
    errors.description = { key: 'descriptionLength', vars: { max: DESCRIPTION_MAX } };
  return errors;
}

/** The body to send, once `validateSchedule` found nothing. */
export function scheduleBody(values: ScheduleFormValues): UpdateScheduleBody {
  return {
    title: values.title.trim(),
    type: values.type as ScheduleType,
    description: values.description.trim(),
    date: values.date,
    startTime: hhmm(values.startTime),
    endTime: hhmm(values.endTime),
  };
}
