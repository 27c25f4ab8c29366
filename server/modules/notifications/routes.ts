/** HTTP entry points of /v1/notifications/* and /v1/push/*. */
import { NotificationMessages, PushMessages } from '../../../contract/notifications';
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

  route(routes.notificationPreferences, async ({ actor }) => ({
    data: { preferences: await notifications.preferences(actor) },
  }));

  route(routes.notificationPreferenceUpdate, async ({ actor, params, body }) => ({
    data: await notifications.updatePreference(actor, params.type, body),
  }));

  route(routes.notificationSend, async ({ actor, body }) => ({
    data: await notifications.send(actor, body),
  }));

  route(routes.pushVapidKey, async () => ({ data: { publicKey: notifications.vapidPublicKey() } }));

  route(routes.pushSubscribe, async ({ actor, body }) => {
    await notifications.subscribe(actor, body);
    return { data: { endpoint: body.endpoint }, message: PushMessages.subscribed };
  });

  route(routes.pushUnsubscribe, async ({ actor, body }) => {
    await notifications.unsubscribe(actor, body.endpoint);
    return { data: { endpoint: body.endpoint }, message: PushMessages.unsubscribed };
  });
}
