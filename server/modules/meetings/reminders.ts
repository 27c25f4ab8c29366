/**
 * Meeting reminders (issue 8): both parties hear of a meeting MEETING_REMINDER_MINUTES before it
 * starts — in the app and by push (and mail) as their MEETING_UPDATE preferences say. One durable
 * job per meeting keyed `meeting-reminder:{id}`, written in the transaction that schedules or moves
 * the meeting and cancelled in the one that deletes it. The job carries the start it was planned
 * for; a meeting that has moved or gone stays silent.
 */
import { z } from 'zod';
import { MEETING_REMINDER_MINUTES } from '../../../contract/meetings';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

export const MEETING_REMINDER_JOB = 'meeting.reminder';

export const MeetingReminderJobSchema = z.object({ meetingId: z.uuid(), startsAt: z.iso.datetime() });
export type MeetingReminderJob = z.infer<typeof MeetingReminderJobSchema>;

declare module '../../jobs/queue' {
  interface JobPayloads {
    'meeting.reminder': MeetingReminderJob;
  }
}

export const meetingReminderKey = (meetingId: string) => `meeting-reminder:${meetingId}`;
const LEAD_MS = MEETING_REMINDER_MINUTES * 60_000;

export class MeetingReminders {
  constructor(
    private readonly jobs: JobQueue | null,
    private readonly clock: Clock,
  ) {}

  /** Plans (again) the reminder of a meeting; none when its time has already come. */
  async plan(tx: Executor, meeting: { id: string; startsAt: Date }): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.cancel(tx, meetingReminderKey(meeting.id));
    const runAt = new Date(meeting.startsAt.getTime() - LEAD_MS);
    if (runAt.getTime() <= this.clock.now().getTime()) return;
    await this.jobs.enqueue(tx, {
      kind: MEETING_REMINDER_JOB,
      payload: { meetingId: meeting.id, startsAt: meeting.startsAt.toISOString() },
      runAt,
      dedupeKey: meetingReminderKey(meeting.id),
    });
  }

  async cancel(tx: Executor, meetingId: string): Promise<void> {
    if (this.jobs) await this.jobs.cancel(tx, meetingReminderKey(meetingId));
  }
}

export function registerMeetingReminderJob(jobs: JobQueue, remind: (job: MeetingReminderJob) => Promise<void>): void {
  jobs.register(MEETING_REMINDER_JOB, { schema: MeetingReminderJobSchema, handle: (job) => remind(job) });
}
