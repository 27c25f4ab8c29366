/**
 * Schedules and the calendar (docs/api.md §4 Schedules): events on a case — hearings, deadlines,
 * consultations — that either party adds, and the ways to carry them into a calendar app (one
 * event as .ics, a private subscribable feed, Google Calendar). A schedule belongs to the two
 * parties of its case; anyone else is told it does not exist (404).
 *
 * `date`, `startTime` and `endTime` are wall-clock values in Asia/Dhaka (UTC+06:00 all year, no
 * daylight saving), as people say them; the server turns them into instants for ordering, the
 * reminders (24 h and 1 h before) and the calendar files.
 *
 * Other clients (the reference web client) may send `startTime`/`endTime` as ISO-8601 date-times
 * with an offset instead (`2030-03-05T10:00:00+06:00`, `2030-03-05T04:00:00Z`); they are converted
 * to Dhaka wall-clock time (to the minute) and `date` may then be left out. Either way the date,
 * the start and the end must fall on one Dhaka day.
 *
 * Choices the contract leaves open:
 * - Extras on Schedule: `startsAt`/`endsAt` (ISO-8601 instants of the wall-clock times), the same
 *   as `startDateTime`/`endDateTime` (the reference client's names), and `createdById` (who added it).
 * - Either party creates and edits a schedule; only the party who created it deletes it (the other
 *   gets 403): an edit is visible and announced, a deletion cannot be undone.
 * - A RESOLVED case takes no new schedules (409 "Schedules cannot be added to a resolved case");
 *   its existing ones can still be read, corrected and deleted.
 * - The other party hears of a new, changed or deleted schedule (EVENT_ADD, link /case/{caseId}).
 * - A schedule may lie in the past (a record of what happened); reminders whose time has passed
 *   are simply not sent.
 * - GET /schedule/ and GET /schedule/case/{caseId} answer every matching schedule, earliest first,
 *   without paging; `from`/`to` (dates, inclusive) narrow them to a range such as a calendar month.
 * - DELETE /schedule/{id} answers `data: true`.
 */
import { z } from 'zod';
import { ScheduleMessages } from './messages';
import { CaseStatusSchema, ScheduleTypeSchema } from './enums';
export { ScheduleMessages, CalendarMessages } from './messages';

/** The time zone of every schedule's wall-clock fields (docs/api.md §1). */
export const SCHEDULE_TIME_ZONE = 'Asia/Dhaka';
/** Asia/Dhaka is UTC+06:00 all year (no daylight saving since 2009). */
export const DHAKA_UTC_OFFSET_MINUTES = 6 * 60;

export const SCHEDULE_TITLE_MIN = 2;
export const SCHEDULE_TITLE_MAX = 255;
export const SCHEDULE_DESCRIPTION_MAX = 2000;
/** Years a schedule date may have: wide enough for any case, narrow enough to stay a real date. */
export const SCHEDULE_YEARS = { min: 1970, max: 2100 } as const;

/** Whether `value` (already YYYY-MM-DD in form) names a day that exists, within SCHEDULE_YEARS. */
function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < SCHEDULE_YEARS.min || y > SCHEDULE_YEARS.max) return false;
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** A calendar date, `YYYY-MM-DD`. */
export const ScheduleDateSchema = z
  .string({ error: ScheduleMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, ScheduleMessages.invalidDate)
  .refine(isCalendarDate, ScheduleMessages.invalidDate);

/** A wall-clock time, `HH:mm` (00:00–23:59). */
export const ScheduleTimeSchema = z
  .string({ error: ScheduleMessages.invalidTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ScheduleMessages.invalidTime);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** With seconds (and fractions), or to the minute (precision -1). */
const OFFSET_DATE_TIMES = [z.iso.datetime({ offset: true }), z.iso.datetime({ offset: true, precision: -1 })];
const isOffsetDateTime = (v: string) => OFFSET_DATE_TIMES.some((schema) => schema.safeParse(v).success);

/** `HH:mm`, or (other clients) an ISO-8601 date-time with an offset. */
export const ScheduleTimeInputSchema = z
  .string({ error: ScheduleMessages.invalidTime })
  .refine((v) => HHMM.test(v) || isOffsetDateTime(v), ScheduleMessages.invalidTime);

/** The Dhaka wall clock of a time as sent: HH:mm stays (its date is the body's), an instant is converted. */
function wallClock(value: string): { date: string | null; time: string } {
  if (HHMM.test(value)) return { date: null, time: value };
  const local = new Date(Date.parse(value) + DHAKA_UTC_OFFSET_MINUTES * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

interface ScheduleTimesInput {
  date?: string | undefined;
  startTime: string;
  endTime: string;
}

/** One `date` and two `HH:mm` from either form; an issue when they name no day or several. */
function toWallClock<T extends ScheduleTimesInput>(
  value: T,
  ctx: z.RefinementCtx,
): Omit<T, 'date' | 'startTime' | 'endTime'> & { date: string; startTime: string; endTime: string } {
  const start = wallClock(value.startTime);
  const end = wallClock(value.endTime);
  const dates = [value.date, start.date, end.date].filter((d): d is string => Boolean(d));
  const [date] = dates;
  if (!date) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: ScheduleMessages.invalidDate });
    return z.NEVER;
  }
  if (!isCalendarDate(date)) {
    ctx.addIssue({ code: 'custom', path: ['startTime'], message: ScheduleMessages.invalidDate });
    return z.NEVER;
  }
  if (dates.some((d) => d !== date)) {
    ctx.addIssue({ code: 'custom', path: ['endTime'], message: ScheduleMessages.oneDay });
    return z.NEVER;
  }
  return { ...value, date, startTime: start.time, endTime: end.time };
}

const scheduleFields = {
  title: z
    .string({ error: ScheduleMessages.titleRequired })
    .trim()
    .min(SCHEDULE_TITLE_MIN, ScheduleMessages.titleLength)
    .max(SCHEDULE_TITLE_MAX, ScheduleMessages.titleLength),
  type: ScheduleTypeSchema,
  description: z
    .string({ error: ScheduleMessages.descriptionText })
    .trim()
    .max(SCHEDULE_DESCRIPTION_MAX, ScheduleMessages.descriptionLength)
    .default(''),
  /** Required unless the times are ISO date-times. */
  date: ScheduleDateSchema.optional(),
  startTime: ScheduleTimeInputSchema,
  endTime: ScheduleTimeInputSchema,
};

/** Zero-padded HH:mm compares as text. */
const endAfterStart = (s: { startTime: string; endTime: string }) => s.endTime > s.startTime;
const endAfterStartIssue = { path: ['endTime'], message: ScheduleMessages.endBeforeStart };

export const CreateScheduleBodySchema = z
  .object({ caseId: z.uuid({ error: ScheduleMessages.invalidCaseId }), ...scheduleFields })
  .transform(toWallClock)
  .refine(endAfterStart, endAfterStartIssue);
export type CreateScheduleBody = z.output<typeof CreateScheduleBodySchema>;

/** PUT replaces every field but the case (a schedule never moves to another case). */
export const UpdateScheduleBodySchema = z
  .object(scheduleFields)
  .transform(toWallClock)
  .refine(endAfterStart, endAfterStartIssue);
export type UpdateScheduleBody = z.output<typeof UpdateScheduleBodySchema>;

/** `from`/`to`: inclusive dates of the schedules wanted (e.g. the first and last day of a month). */
export const ScheduleListQuerySchema = z
  .object({ from: ScheduleDateSchema.optional(), to: ScheduleDateSchema.optional() })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { path: ['to'], message: ScheduleMessages.rangeOrder });
export type ScheduleListQuery = z.output<typeof ScheduleListQuerySchema>;

const PartyInfoSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const ScheduleSchema = z.object({
  id: z.uuid(),
  caseInfo: z.object({ id: z.uuid(), title: z.string(), status: CaseStatusSchema }),
  lawyerInfo: PartyInfoSchema,
  clientInfo: PartyInfoSchema,
  title: z.string(),
  type: ScheduleTypeSchema,
  description: z.string(),
  /** YYYY-MM-DD, Asia/Dhaka. */
  date: z.string(),
  /** HH:mm, Asia/Dhaka. */
  startTime: z.string(),
  endTime: z.string(),
  /** [extra] The start as an ISO-8601 instant (UTC). */
  startsAt: z.string(),
  /** [extra] The end as an ISO-8601 instant (UTC). */
  endsAt: z.string(),
  /** [extra] `startsAt` under the reference client's name. */
  startDateTime: z.string(),
  /** [extra] `endsAt` under the reference client's name. */
  endDateTime: z.string(),
  /** [extra] The party who added it (the one who may delete it). */
  createdById: z.uuid(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;
export const ScheduleListSchema = z.object({ schedules: z.array(ScheduleSchema) });

// ── Calendar [new] ───────────────────────────────────────────────────────────────────────────

/**
 * The caller's private ICS feed: an https URL (from PUBLIC_URL) that calendar apps subscribe to;
 * replace `https:` by `webcal:` to open it in one. It carries its own random secret, never a login
 * token, and works until rotated.
 */
export const CalendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/** Google's consent page for this user (offline access, calendar.events). */
export const GoogleAuthorizeSchema = z.object({ url: z.string() });

/** Where Google sends the browser back after consent (or refusal). */
export const GoogleCallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  scope: z.string().max(2048).optional(),
});

export const CalendarFeedParamsSchema = z.object({ token: z.string().max(256) });
