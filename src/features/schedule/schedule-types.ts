/**
 * The schedule shapes of docs/api.md §4 Schedules, from contract/schedules.ts. Type-only: the zod
 * schemas behind them stay out of the client's chunks.
 */
export type { CalendarFeed, CreateScheduleBody, Schedule, UpdateScheduleBody } from '../../../contract/schedules';
