/**
 * The schedule form's values and the checks made before sending (docs/api.md §4 Video meetings: a
 * client's email, title 2–255, start in the future, end after start, at most 8 hours). Field names
 * are the contract's (`email`, `title`, `startDateTime`, `endDateTime`) so the server's per-field
 * refusals land on the same inputs. Times are Dhaka wall clocks as `datetime-local` gives them.
 */
import type { CreateMeetingBody, Meeting, UpdateMeetingBody } from '../../../contract/meetings';
import { MAX_MINUTES, meetingMinutes, meetingPrice, TITLE_MAX, TITLE_MIN } from './meeting-rules';
import { dhakaLocalToIso, isoToDhakaLocal } from './meeting-time';
import type { MeetingsMessageKey } from './meetings-messages';

export interface MeetingFormValues {
  email: string;
  title: string;
  /** `YYYY-MM-DDTHH:mm`, Dhaka time. */
  startDateTime: string;
  endDateTime: string;
}

export type MeetingField = keyof MeetingFormValues;
export type MeetingFormErrors = Partial<
  Record<MeetingField, { key: MeetingsMessageKey; vars?: Record<string, number> }>
>;

export const EMPTY_MEETING: MeetingFormValues = { email: '', title: '', startDateTime: '', endDateTime: '' };

// One @ with something on both sides and a dot in the domain: the server's z.email() decides the rest.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function meetingFormValues(meeting: Meeting): MeetingFormValues {
  return {
    email: meeting.client.email,
    title: meeting.title,
    startDateTime: isoToDhakaLocal(meeting.startTimestamp),
    endDateTime: isoToDhakaLocal(meeting.endTimestamp),
  };
}

/** `editing`: the client is fixed, so the email is not checked. */
export function validateMeeting(values: MeetingFormValues, now: number, editing = false): MeetingFormErrors {
  const errors: MeetingFormErrors = {};
  const email = values.email.trim();
  if (!editing) {
    if (!email) errors.email = { key: 'emailRequired' };
    else if (!EMAIL.test(email)) errors.email = { key: 'emailInvalid' };
  }
  const title = values.title.trim();
  if (!title) errors.title = { key: 'titleRequired' };
  else if (title.length < TITLE_MIN || title.length > TITLE_MAX)
    errors.title = { key: 'titleLength', vars: { min: TITLE_MIN, max: TITLE_MAX } };

  const start = dhakaLocalToIso(values.startDateTime);
  const end = dhakaLocalToIso(values.endDateTime);
  if (!start) errors.startDateTime = { key: 'startRequired' };
  else if (Date.parse(start) <= now) errors.startDateTime = { key: 'startInPast' };
  if (!end) errors.endDateTime = { key: 'endRequired' };
  else if (start && Date.parse(end) <= Date.parse(start)) errors.endDateTime = { key: 'endAfterStart' };
  else if (start && Date.parse(end) - Date.parse(start) > MAX_MINUTES * 60_000)
    errors.endDateTime = { key: 'tooLong', vars: { hours: MAX_MINUTES / 60 } };
  return errors;
}

export function createMeetingBody(values: MeetingFormValues): CreateMeetingBody {
  return {
    email: values.email.trim().toLowerCase(),
    title: values.title.trim(),
    startDateTime: dhakaLocalToIso(values.startDateTime) ?? '',
    endDateTime: dhakaLocalToIso(values.endDateTime) ?? '',
  };
}

export function updateMeetingBody(meetingId: string, values: MeetingFormValues): UpdateMeetingBody {
  return {
    meetingId,
    title: values.title.trim(),
    startDateTime: dhakaLocalToIso(values.startDateTime) ?? '',
    endDateTime: dhakaLocalToIso(values.endDateTime) ?? '',
  };
}

/** The preview's price and length, once both times are set and the end is after the start. */
export function previewPrice(
  values: Pick<MeetingFormValues, 'startDateTime' | 'endDateTime'>,
  hourlyCharge: number,
): { amount: number; minutes: number } | null {
  const start = dhakaLocalToIso(values.startDateTime);
  const end = dhakaLocalToIso(values.endDateTime);
  if (!start || !end || Date.parse(end) <= Date.parse(start)) return null;
  const minutes = meetingMinutes(start, end);
  if (minutes > MAX_MINUTES) return null;
  return { amount: meetingPrice(hourlyCharge, minutes), minutes };
}
