/** HTTP entry points of /v1/schedule (docs/api.md §4 Schedules); the calendar ones live in modules/calendar. */
import { routes } from '../../../contract/routes';
import { ScheduleMessages } from '../../../contract/schedules';
import type { AddRoute } from '../../http/route';
import type { SchedulesService } from './service';

export function registerScheduleRoutes(route: AddRoute, schedules: SchedulesService): void {
  route(routes.scheduleCreate, async ({ actor, body }) => ({
    data: await schedules.create(actor, body),
    message: ScheduleMessages.scheduleCreated,
  }));
  route(routes.scheduleList, async ({ actor, query }) => schedules.list(actor, query));
  route(routes.scheduleCaseList, async ({ actor, params, query }) =>
    schedules.listForCase(actor, params.caseId, query),
  );
  route(routes.scheduleGet, async ({ actor, params }) => ({ data: await schedules.get(actor, params.id) }));
  route(routes.scheduleUpdate, async ({ actor, params, body }) => ({
    data: await schedules.update(actor, params.id, body),
    message: ScheduleMessages.scheduleUpdated,
  }));
  route(routes.scheduleDelete, async ({ actor, params }) => ({
    data: await schedules.delete(actor, params.id),
    message: ScheduleMessages.scheduleDeleted,
  }));
}
