/**
 * The one notify() every module calls. It writes the notification in the caller's transaction, in
 * the recipient's language; once the caller has committed, deliver() announces it
 * (`notificationCreated`, for the realtime fan-out) and mails it when its type is important.
 * Mail failures are logged, never thrown: the notification itself is already stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_TYPE_NAMES, type NotificationType } from '../../../contract/enums';
import { NotificationMessages, type Notification } from '../../../contract/notifications';
import type { Clock } from '../../clock';
import type { Database, Executor } from '../../db/client';
import { notFound } from '../../http/app-error';
import { pageMetadata, type PageRequest } from '../../http/paging';
import type { MailMessage, Mailer } from '../../mail/mailer';
import { notificationMail, type LocalizedText } from '../../mail/templates';
import type { Actor } from '../auth/policy';
import type { NotificationEvents } from './events';
import type { NotificationRow, NotificationsRepository } from './repository';

/**
 * Types mailed unless the caller says otherwise: outcomes a user must not miss. (The realtime issue
 * replaces this default with per-user preferences.)
 */
const MAILED_TYPES: ReadonlySet<NotificationType> = new Set(['ACCOUNT', 'REVIEW_ADDED']);

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /** Both languages (stored in the recipient's), or one text for everyone. */
  content: LocalizedText | string;
  /** An in-app path such as /dashboard/lawyer. */
  link?: string | null;
  /** Mail it too; by default only the important types are mailed. */
  mail?: boolean;
}

/** A stored notification waiting for its transaction to commit before it is announced and mailed. */
export interface CreatedNotification {
  userId: string;
  notification: Notification;
  mail: MailMessage | null;
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
    const mailed = input.mail ?? MAILED_TYPES.has(input.type);
    return {
      userId: input.userId,
      notification: toNotification(row),
      mail: mailed
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

  /** Announces committed notifications and sends their mail. */
  async deliver(created: CreatedNotification | readonly (CreatedNotification | null)[] | null): Promise<void> {
    const list = created === null ? [] : Array.isArray(created) ? created : [created];
    for (const item of list as readonly (CreatedNotification | null)[]) {
      if (!item) continue;
      this.deps.events.emitNotificationCreated(item.userId, item.notification);
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
