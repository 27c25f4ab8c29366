/**
 * Schedules of a case (docs/api.md §4 Schedules): hearings, deadlines and meetings that either party
 * adds, with reminders to both of them 24 hours and 1 hour before.
 *
 * Everything is looked up "as the actor": a schedule of a case the actor is not a party to is not
 * found (404), and so is such a case. Between the parties, either one adds and edits; only the one
 * who added a schedule deletes it (403 for the other). A RESOLVED case takes no new schedules (409).
 * The other party hears of every addition, change and deletion (EVENT_ADD). Notifications and the
 * reminder jobs are written in the transaction of the change; notifications are announced after
 * commit.
 */
import { CaseMessages } from '../../../contract/cases';
import { SCHEDULE_TYPE_NAMES } from '../../../contract/enums';
import {
  ScheduleMessages,
  type CreateScheduleBody,
  type Schedule,
  type ScheduleListQuery,
  type UpdateScheduleBody,
} from '../../../contract/schedules';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { conflict, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import type { Actor } from '../auth/policy';
import { caseLink, otherParty } from '../cases/policy';
import type { CasesRepository } from '../cases/repository';
import type { NotificationsService } from '../notifications/service';
import { NotificationTexts } from '../notifications/texts';
import { dhakaInstant, hhmm, whenText } from './dhaka-time';
import { assertScheduleCreator } from './policy';
import { reminderIsDue, type ScheduleReminderJob, type ScheduleReminders } from './reminders';
import type { ScheduleFields, ScheduleRow, SchedulesRepository, ScheduleView } from './repository';

export interface SchedulesServiceDeps {
  db: Database;
  schedules: SchedulesRepository;
  cases: CasesRepository;
  notifications: NotificationsService;
  reminders: ScheduleReminders;
  clock: Clock;
}

export class SchedulesService {
  constructor(private readonly deps: SchedulesServiceDeps) {}

  async create(actor: Actor, body: CreateScheduleBody): Promise<Schedule> {
    const { db, schedules, cases, notifications, reminders, clock } = this.deps;
    const { id, notification } = await db.transaction(async (tx) => {
      const row = await cases.lockForParty(body.caseId, actor.userId, tx);
      if (!row) throw notFound(CaseMessages.caseNotFound);
      if (row.status === 'RESOLVED') throw conflict(ScheduleMessages.caseResolved);
      const stored = await schedules.create(
        { caseId: row.id, createdById: actor.userId, ...scheduleFields(body), now: clock.now() },
        tx,
      );
      await reminders.plan(tx, stored);
      const created = await notifications.notify(tx, {
        userId: otherParty(row, actor.userId),
        type: 'EVENT_ADD',
        content: NotificationTexts.scheduleAdded(nameOf(actor), stored.title, row.title, when(stored)),
        link: caseLink(row.id),
      });
      return { id: stored.id, notification: created };
    });
    notifications.deliver(notification);
    return this.get(actor, id);
  }

  async get(actor: Actor, id: string, tx?: Executor): Promise<Schedule> {
    const view = await this.deps.schedules.viewForParty(id, actor.userId, tx);
    if (!view) throw notFound(ScheduleMessages.scheduleNotFound);
    return toSchedule(view);
  }

  /** Every schedule of every case the actor is a party to, earliest first, optionally in a date range. */
  async list(actor: Actor, query: ScheduleListQuery): Promise<SuccessResult<{ schedules: Schedule[] }>> {
    const views = await this.deps.schedules.listForParty(actor.userId, { from: query.from, to: query.to });
    return { data: { schedules: views.map(toSchedule) } };
  }

  async listForCase(
    actor: Actor,
    caseId: string,
    query: ScheduleListQuery,
  ): Promise<SuccessResult<{ schedules: Schedule[] }>> {
    const { cases, schedules } = this.deps;
    const row = await cases.findForParty(caseId, actor.userId);
    if (!row) throw notFound(CaseMessages.caseNotFound);
    const views = await schedules.listForParty(actor.userId, { caseId: row.id, from: query.from, to: query.to });
    return { data: { schedules: views.map(toSchedule) } };
  }

  async update(actor: Actor, id: string, body: UpdateScheduleBody): Promise<Schedule> {
    const { db, schedules, notifications, reminders, clock } = this.deps;
    const { result, notification } = await db.transaction(async (tx) => {
      const view = await schedules.lockForParty(id, actor.userId, tx);
      if (!view) throw notFound(ScheduleMessages.scheduleNotFound);
      const stored = await schedules.update(view.schedule.id, { ...scheduleFields(body), now: clock.now() }, tx);
      await reminders.replan(tx, stored);
      const created = await notifications.notify(tx, {
        userId: otherParty(view.case, actor.userId),
        type: 'EVENT_ADD',
        content: NotificationTexts.scheduleChanged(nameOf(actor), stored.title, view.case.title, when(stored)),
        link: caseLink(view.case.id),
      });
      return { result: await this.get(actor, stored.id, tx), notification: created };
    });
    notifications.deliver(notification);
    return result;
  }

  async delete(actor: Actor, id: string): Promise<true> {
    const { db, schedules, notifications, reminders } = this.deps;
    const notification = await db.transaction(async (tx) => {
      const view = await schedules.lockForParty(id, actor.userId, tx);
      if (!view) throw notFound(ScheduleMessages.scheduleNotFound);
      assertScheduleCreator(actor, view.schedule);
      await schedules.delete(view.schedule.id, tx);
      await reminders.cancel(tx, view.schedule.id);
      return notifications.notify(tx, {
        userId: otherParty(view.case, actor.userId),
        type: 'EVENT_ADD',
        content: NotificationTexts.scheduleRemoved(
          nameOf(actor),
          view.schedule.title,
          view.case.title,
          when(view.schedule),
        ),
        link: caseLink(view.case.id),
      });
    });
    notifications.deliver(notification);
    return true;
  }

  /**
   * The reminder job's work: tells both parties that the schedule starts soon, unless the job no
   * longer fits the schedule (see reminderIsDue).
   */
  async remind(job: ScheduleReminderJob): Promise<void> {
    const { db, schedules, notifications, clock } = this.deps;
    const created = await db.transaction(async (tx) => {
      const view = await schedules.viewForReminder(job.scheduleId, tx);
      if (!view || !reminderIsDue(job, view.schedule.startsAt, clock.now())) return [];
      const { schedule } = view;
      const content = NotificationTexts.scheduleReminder(
        job.lead,
        SCHEDULE_TYPE_NAMES[schedule.type],
        schedule.title,
        view.case.title,
        when(schedule),
      );
      const link = caseLink(view.case.id);
      return [
        await notifications.notify(tx, { userId: view.case.lawyerId, type: 'SCHEDULE_REMINDER', content, link }),
        await notifications.notify(tx, { userId: view.case.clientId, type: 'SCHEDULE_REMINDER', content, link }),
      ];
    });
    notifications.deliver(created);
  }
}

function nameOf(actor: Actor): string {
  return `${actor.firstName} ${actor.lastName}`;
}

/** The stored fields of a body: wall-clock values and the instants they name in Dhaka. */
function scheduleFields(body: UpdateScheduleBody): ScheduleFields {
  return {
    title: body.title,
    type: body.type,
    description: body.description,
    date: body.date,
    startTime: body.startTime,
    endTime: body.endTime,
    startsAt: dhakaInstant(body.date, body.startTime),
    endsAt: dhakaInstant(body.date, body.endTime),
  };
}

function when(row: Pick<ScheduleRow, 'date' | 'startTime' | 'endTime'>) {
  return whenText(row.date, hhmm(row.startTime), hhmm(row.endTime));
}

export function toSchedule(view: ScheduleView): Schedule {
  const { schedule } = view;
  return {
    id: schedule.id,
    caseInfo: { id: view.case.id, title: view.case.title, status: view.case.status },
    lawyerInfo: view.lawyer,
    clientInfo: view.client,
    title: schedule.title,
    type: schedule.type,
    description: schedule.description,
    date: schedule.date,
    startTime: hhmm(schedule.startTime),
    endTime: hhmm(schedule.endTime),
    startsAt: schedule.startsAt.toISOString(),
    endsAt: schedule.endsAt.toISOString(),
    startDateTime: schedule.startsAt.toISOString(),
    endDateTime: schedule.endsAt.toISOString(),
    createdById: schedule.createdById,
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
  };
}
