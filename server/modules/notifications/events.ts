/**
 * `notificationCreated`: announced after the notification's transaction has committed, so whoever
 * listens (the realtime issue's STOMP fan-out and web push) never pushes a row that was rolled back.
 */
import type { Notification } from '../../../contract/notifications';

export type NotificationCreatedListener = (userId: string, notification: Notification) => void;

export class NotificationEvents {
  private readonly listeners = new Set<NotificationCreatedListener>();

  /** Returns a function that removes the listener. */
  onNotificationCreated(listener: NotificationCreatedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitNotificationCreated(userId: string, notification: Notification): void {
    for (const listener of this.listeners) {
      try {
        listener(userId, notification);
      } catch {
        // A listener's failure must not fail the request that created the notification.
      }
    }
  }
}
