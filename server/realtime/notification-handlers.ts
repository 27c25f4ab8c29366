/**
 * The `/app/notifications/*` destinations of docs/api.md §5–7 with the reference system's exact reply
 * texts (docs/product.md §7: the client ignores the welcome and treats the mark-read status as success).
 */
import { NotificationMessages } from '../../contract/notifications';
import { notFound } from '../http/app-error';
import type { Actor } from '../modules/auth/policy';
import type { StompBroker } from './broker';
import { AppDestinations, UserQueues } from './destinations';

export const NotificationReplies = {
  subscribed: 'Successfully connected to notification service',
  pong: 'pong',
  markReadReceived: (id: string) => `Notification mark-read request received for: ${id}`,
} as const;

export interface NotificationHandlerDeps {
  /** Marks the actor's notification read; throws a 404 AppError for an unknown or foreign id. */
  markRead(actor: Actor, id: string): Promise<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id sent as a bare frame body (the reference client's way), tolerated JSON-quoted too; null if not a UUID. */
export function bareId(body: string): string | null {
  const id = body.trim().replace(/^"(.*)"$/, '$1');
  return UUID.test(id) ? id : null;
}

export function registerNotificationHandlers(broker: StompBroker, deps: NotificationHandlerDeps): void {
  // Open to an unverified email too: the reference client waits for these before it leaves the
  // sign-up screen, and they carry nothing but fixed texts.
  broker.handle(
    AppDestinations.notificationsSubscribe,
    ({ reply }) => {
      reply(UserQueues.notifications, NotificationReplies.subscribed);
    },
    { access: 'signedIn' },
  );

  broker.handle(
    AppDestinations.notificationsPing,
    ({ reply }) => {
      reply(UserQueues.status, NotificationReplies.pong);
    },
    { access: 'signedIn' },
  );

  broker.handle(AppDestinations.notificationsMarkRead, async ({ actor, body, reply }) => {
    const id = bareId(body);
    if (!id) throw notFound(NotificationMessages.notFound);
    await deps.markRead(actor, id.toLowerCase());
    reply(UserQueues.status, NotificationReplies.markReadReceived(id));
  });
}
