/** HTTP entry points of /v1/notifications/* (the realtime issue adds preferences and send). */
import { NotificationMessages } from '../../../contract/notifications';
import { routes } from '../../../contract/routes';
import type { AddRoute } from '../../http/route';
import type { NotificationsService } from './service';

export function registerNotificationRoutes(route: AddRoute, notifications: NotificationsService): void {
  route(routes.notificationsList, async ({ actor, query }) => notifications.list(actor, query));

  route(routes.notificationsUnreadCount, async ({ actor }) => ({
    data: { unreadCount: await notifications.unreadCount(actor) },
  }));

  route(routes.notificationsMarkAllRead, async ({ actor }) => {
    await notifications.markAllRead(actor);
    return { data: { unreadCount: 0 }, message: NotificationMessages.allRead };
  });

  route(routes.notificationRead, async ({ actor, params }) => ({
    data: await notifications.markRead(actor, params.id),
  }));
}
