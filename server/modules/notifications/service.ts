/**
 * The one notify() every module calls. It writes the notification in the caller's transaction, in
 * the recipient's language, and reads the recipient's preference for its type; once the caller has
 * committed, deliver() announces it (`notificationCreated`, for the realtime fan-out), mails it when
 * `emailEnabled` and pushes it to the recipient's browsers when `webPushEnabled`.
 * Mail and push failures are logged, never thrown: the notification itself is already stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_TYPE_NAMES, type NotificationType } from '../../../contract/enums';
import {
  NotificationMessages,
  PushMessages,
  type Notification,
  type NotificationPreference,
  type PushSubscriptionBody,
} from '../../../contract/notifications';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/app-error';
import { pageMetadata, type PageRequest } from '../../http/paging';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { notificationMail, type LocalizedText } from '../../mail/templates';
import type { Actor } from '../auth/policy';
import type { NotificationEvents } from './events';
import type { WebPushSender } from './push';
import type { NotificationRow, NotificationsRepository, PreferenceRow } from './repository';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** Both languages (stored in the recipient's), or one text for everyone. */
  content: LocalizedText | string;
  /** An in-app path such as /dashboard/lawyer. */
  link?: string | null;
  /** `false`: never mail this one, whatever the preference (the user caused it themselves). */
  mail?: false;
}

/** A stored notification waiting for its transaction to commit before it is announced, mailed and pushed. */
export interface CreatedNotification {
  userId: string;
  notification: Notification;
  /** Present when the recipient wants this type mailed. */
  mail: MailMessage | null;
  /** The push title (type name in the recipient's language) when they want it pushed. */
  pushTitle: string | null;
}

export interface NotificationsServiceDeps {
  db: Database;
  notifications: NotificationsRepository;
  events: NotificationEvents;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Base of links in mail (PUBLIC_URL). */
  publicUrl: string;
  /** Web push; absent (the demo seed) → nothing is pushed. */
  push?: WebPushSender | null;
}

export class NotificationsService {
  constructor(private readonly deps: NotificationsServiceDeps) {}

  /** Stores a notification with `executor` (the caller's transaction); call deliver() after commit. */
  async notify(executor: Executor, input: NotifyInput): Promise<CreatedNotification> {
    const recipient = await this.deps.notifications.recipient(input.userId, executor);
    if (!recipient) throw new Error(`notification for an unknown user ${input.userId}`);
    const language = recipient.language === 'bn' ? 'bn' : 'en';
    const content = typeof input.content === 'string' ? { en: input.content, bn: input.content } : input.content;
    const link = input.link ?? null;
    const row = await this.deps.notifications.insert(
      { userId: input.userId, type: input.type, content: content[language], link, now: this.deps.clock.now() },
      executor,
    );
    const preference = await this.deps.notifications.preference(input.userId, input.type, executor);
    return {
      userId: input.userId,
      notification: toNotification(row),
      pushTitle: preference.webPushEnabled ? NOTIFICATION_TYPE_NAMES[input.type][language] : null,
      mail:
        preference.emailEnabled && input.mail !== false
          ? notificationMail({
              to: recipient.email,
              language,
              subject: {
                en: `LegalConnect: ${NOTIFICATION_TYPE_NAMES[input.type].en}`,
                bn: `LegalConnect: ${NOTIFICATION_TYPE_NAMES[input.type].bn}`,
              },
              content,
              url: link ? `${this.deps.publicUrl}${link}` : null,
            })
          : null,
    };
  }

  /**
   * Announces committed notifications, starts their web push (in the background: a slow push
   * service never holds up the request) and sends their mail.
   */
  async deliver(created: CreatedNotification | readonly (CreatedNotification | null)[] | null): Promise<void> {
    const list = created === null ? [] : Array.isArray(created) ? created : [created];
    for (const item of list as readonly (CreatedNotification | null)[]) {
      if (!item) continue;
      this.deps.events.emitNotificationCreated(item.userId, item.notification);
      if (item.pushTitle !== null && this.deps.push) {
        const { notification } = item;
        this.deps.push.send(item.userId, {
          id: notification.id,
          type: notification.type,
          title: item.pushTitle,
          body: notification.content,
          link: notification.link ?? null,
          createdAt: notification.createdAt,
        });
      }
      if (!item.mail) continue;
      try {
        await this.deps.mailer.send(item.mail);
      } catch (error) {
        this.deps.logger.error({ err: error, userId: item.userId }, 'could not mail a notification');
      }
    }
  }

  /** notify() and deliver() for a caller without a transaction of its own. */
  async notifyNow(input: NotifyInput): Promise<Notification> {
    const created = await this.notify(this.deps.db, input);
    await this.deliver(created);
    return created.notification;
  }

  async list(actor: Actor, query: PageRequest & { unreadOnly: boolean }) {
    const { rows, total } = await this.deps.notifications.list(actor.userId, query);
    return {
      data: { notifications: rows.map(toNotification) },
      metadata: pageMetadata({
        ...query,
        totalCount: total,
        sortDirection: 'DESC',
        sortField: 'createdAt',
        appliedFilters: query.unreadOnly ? { unreadOnly: true } : {},
      }),
    };
  }

  async unreadCount(actor: Actor): Promise<number> {
    return this.deps.notifications.unreadCount(actor.userId);
  }

  /** Another user's notification answers exactly like a missing one (CONTRACT §1). */
  async markRead(actor: Actor, id: string): Promise<Notification> {
    const row = await this.deps.notifications.markRead(actor.userId, id);
    if (!row) throw notFound(NotificationMessages.notFound);
    return toNotification(row);
  }

  async markAllRead(actor: Actor): Promise<void> {
    await this.deps.notifications.markAllRead(actor.userId);
  }

  async preferences(actor: Actor): Promise<NotificationPreference[]> {
    return (await this.deps.notifications.preferences(actor.userId)).map(toPreference);
  }

  async updatePreference(
    actor: Actor,
    type: NotificationType,
    values: { emailEnabled: boolean; webPushEnabled: boolean },
  ): Promise<NotificationPreference> {
    return toPreference(
      await this.deps.notifications.updatePreference(actor.userId, type, values, this.deps.clock.now()),
    );
  }

  /**
   * A notification written by a person: an admin may notify anyone; anyone else only a party of a
   * case they share. An unknown or unrelated receiver answers the same 404 (no account probing).
   */
  async send(actor: Actor, body: { receiverId: string; content: string }): Promise<Notification> {
    const { notifications } = this.deps;
    const allowed =
      actor.role === 'ADMIN'
        ? (await notifications.recipient(body.receiverId)) !== null
        : body.receiverId !== actor.userId && (await notifications.shareCase(actor.userId, body.receiverId));
    if (!allowed) throw notFound(PushMessages.receiverNotFound);
    return this.notifyNow({ userId: body.receiverId, type: 'ACCOUNT', content: body.content });
  }

  /** The key browsers subscribe with (PushManager.subscribe's applicationServerKey). */
  vapidPublicKey(): string {
    if (!this.deps.push) throw new Error('web push is not configured');
    return this.deps.push.publicKey;
  }

  async subscribe(actor: Actor, body: PushSubscriptionBody): Promise<void> {
    await this.deps.notifications.upsertSubscription(
      actor.userId,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      this.deps.clock.now(),
    );
  }

  /** Idempotent: an endpoint that is not (or no longer) the caller's is simply not there. */
  async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
    await this.deps.notifications.deleteSubscription(actor.userId, endpoint);
  }
}

function toPreference(row: PreferenceRow): NotificationPreference {
  return {
    type: row.type,
    displayName: NOTIFICATION_TYPE_NAMES[row.type].en,
    emailEnabled: row.emailEnabled,
    webPushEnabled: row.webPushEnabled,
  };
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}
