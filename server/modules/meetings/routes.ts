/** HTTP entry points of /v1/videocalls (docs/api.md §4 Video meetings). */
import { MeetingMessages } from '../../../contract/meetings';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { MeetingsService } from './service';

export function registerMeetingRoutes(route: AddRoute, meetings: MeetingsService): void {
  route(routes.meetingCreate, async ({ actor, body }) => ({
    data: await meetings.create(actor, body),
    message: MeetingMessages.meetingCreated,
  }));
  route(routes.meetingUpdate, async ({ actor, body }) => ({
    data: await meetings.update(actor, body),
    message: MeetingMessages.meetingUpdated,
  }));
  route(routes.meetingDelete, async ({ actor, params }) => ({
    data: await meetings.delete(actor, params.id),
    message: MeetingMessages.meetingDeleted,
  }));
  route(routes.meetingGet, async ({ actor, params }) => ({ data: await meetings.get(actor, params.id) }));
  route(routes.meetingList, async ({ actor }) => ({ data: await meetings.list(actor) }));
  route(routes.meetingToken, async ({ actor, params }) => ({ data: await meetings.token(actor, params.id) }));
}
