/**
 * Schedule reminders (docs/api.md §4 Schedules): both parties hear of an event 24 hours and 1 hour
 * before it starts — in the app, and by mail and web push as their preferences for
 * SCHEDULE_REMINDER say (notify() takes care of that).
 *
 * Each reminder is a durable job (docs/decisions/0005-durable-jobs.md) keyed
 * `schedule-reminder:{id}:24h` / `:1h`, written in the transaction that creates, moves or deletes
 * the schedule, so reminders exist exactly when the schedule does and survive restarts; instances
 * share them through the database, and a job runs on one of them only. A job carries the start it
 * was planned for: when it runs, the handler reads the schedule again and stays silent if it is
 * gone, has moved (its replacement job covers the new time), has already started, or — for the
 * 24-hour one, run late after downtime — if the 1-hour mark has passed too.
 */
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

export const SCHEDULE_REMINDER_JOB = 'schedule.reminder';

export const ReminderLeadSchema = z.enum(['24h', '1h']);
export type ReminderLead = z.infer<typeof ReminderLeadSchema>;

const HOUR_MS = 60 * 60_000;
/** How long before the start each reminder goes out. */
export const REMINDER_LEAD_MS: Readonly<Record<ReminderLead, number>> = { '24h': 24 * HOUR_MS, '1h': HOUR_MS };

export const ScheduleReminderJobSchema = z.object({
  scheduleId: z.uuid(),
  lead: ReminderLeadSchema,
  /** The start this reminder was planned for (ISO-8601); a schedule that moved no longer matches. */
  startsAt: z.iso.datetime(),
});
export type ScheduleReminderJob = z.infer<typeof ScheduleReminderJobSchema>;

declare module '../../jobs/queue' {
  interface JobPayloads {
    'schedule.reminder': ScheduleReminderJob;
  }
}

export function reminderKey(scheduleId: string, lead: ReminderLead): string {
  return `schedule-reminder:${scheduleId}:${lead}`;
}

/**
 * Whether a reminder job should still speak: the schedule starts when the job was planned for, it
 * has not started, and no shorter reminder's time has come (after downtime the 1-hour one speaks
 * for both).
 */
export function reminderIsDue(job: ScheduleReminderJob, startsAt: Date, now: Date): boolean {
  if (startsAt.getTime() !== Date.parse(job.startsAt)) return false;
  if (now.getTime() >= startsAt.getTime()) return false;
  return job.lead === '1h' || now.getTime() < startsAt.getTime() - REMINDER_LEAD_MS['1h'];
}

export class ScheduleReminders {
  /** `jobs` null (the demo seed composes services without a queue): no reminders are planned. */
  constructor(
    private readonly jobs: JobQueue | null,
    private readonly clock: Clock,
  ) {}

  /** Enqueues, in the caller's transaction, the reminders of a schedule whose time is still ahead. */
  async plan(tx: Executor, schedule: { id: string; startsAt: Date }): Promise<void> {
    if (!this.jobs) return;
    const now = this.clock.now().getTime();
    for (const lead of ReminderLeadSchema.options) {
      const runAt = new Date(schedule.startsAt.getTime() - REMINDER_LEAD_MS[lead]);
      if (runAt.getTime() <= now) continue;
      await this.jobs.enqueue(tx, {
        kind: SCHEDULE_REMINDER_JOB,
        payload: { scheduleId: schedule.id, lead, startsAt: schedule.startsAt.toISOString() },
        runAt,
        dedupeKey: reminderKey(schedule.id, lead),
      });
    }
  }

  /** Removes the schedule's waiting reminders (it was deleted, or is about to be planned again). */
  async cancel(tx: Executor, scheduleId: string): Promise<void> {
    if (!this.jobs) return;
    for (const lead of ReminderLeadSchema.options) await this.jobs.cancel(tx, reminderKey(scheduleId, lead));
  }

  /** A schedule changed: its reminders follow its (possibly new) start. */
  async replan(tx: Executor, schedule: { id: string; startsAt: Date }): Promise<void> {
    await this.cancel(tx, schedule.id);
    await this.plan(tx, schedule);
  }
}

/** Registers the reminder handler; `remind` is SchedulesService.remind. */
export function registerScheduleReminderJob(jobs: JobQueue, remind: (job: ScheduleReminderJob) => Promise<void>): void {
  jobs.register(SCHEDULE_REMINDER_JOB, { schema: ScheduleReminderJobSchema, handle: (job) => remind(job) });
}
