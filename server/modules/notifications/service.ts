/**
 * The one notify() every module calls. In the caller's transaction it writes the notification (in
 * the recipient's language), reads the recipient's preference for its type and enqueues its delivery
 * as durable jobs: one `push.send` per push subscription when `webPushEnabled`, one `mail.send` when
 * `emailEnabled`. So delivery exists exactly when the notification committed, survives a restart,
 * and is retried by the job runner; a failing mail or push service never fails the request.
 * Once the caller has committed, deliver() announces the notification (`notificationCreated`, for
 * the realtime fan-out) and wakes the job runner.
 */
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
import { VersionedListCache, type ReadVersions } from '../../db/read-versions';
import { ServerMessages } from '../../../contract/errors';
import { badRequest, notFound } from '../../http/app-error';
import type { SuccessResult } from '../../http/envelope';
import { pageMetadata, type PageRequest } from '../../http/paging';
import type { JobQueue } from '../../jobs/queue';
import { MAIL_JOB } from '../../mail/mail-job';
import { notificationMail, type LocalizedText } from '../../mail/templates';
import type { Actor } from '../auth/policy';
import type { CasesRepository } from '../cases/repository';
import { isDeletedEmail } from '../users/deleted-account';
import type { NotificationEvents } from './events';
import { PUSH_JOB } from './push';
import type { PushEndpointPolicy } from './push-endpoint';
import type { NotificationRow, NotificationsRepository, PreferenceRow } from './repository';
import { renderNotification, type NotificationContent } from './texts';

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  /**
   * A catalogue text (`NotificationTexts.x(...)`, texts.ts: stored as template + parameters and
   * rendered in the reader's language when read), both languages, or one text for everyone.
   */
  content: NotificationContent | LocalizedText | string;
  /** An in-app path such as /dashboard/lawyer. */
  link?: string | null;
  /** `false`: never mail this one, whatever the preference (the user caused it themselves). */
  mail?: false;
  /**
   * One unread notification per (type, link) instead of a growing pile (chat: one per conversation).
   * While the recipient has an unread notification of this type with this link, that row takes the
   * new content and time instead of a new row being added; it is pushed again under its own id (so
   * the device replaces the notification it shows, as messengers do), but not mailed again and not
   * announced again on the socket. Callers serialise notifies with one link (chat holds the
   * conversation's lock), or two could both find none and add a row each.
   */
  coalesce?: boolean;
}

/** A stored notification waiting for its transaction to commit before it is announced. */
export interface CreatedNotification {
  userId: string;
  notification: Notification;
  /** Delivery jobs were enqueued with it (the runner is woken after commit). */
  queuedJobs: boolean;
  /** An existing unread notification took the content (`coalesce`): nothing new to announce. */
  coalesced: boolean;
}

export interface NotificationsServiceDeps {
  db: Database;
  notifications: NotificationsRepository;
  /** Who shares a case with whom (POST /notifications/send). */
  cases: CasesRepository;
  events: NotificationEvents;
  clock: Clock;
  /** Base of links in mail (PUBLIC_URL). */
  publicUrl: string;
  /** Where mail and push jobs go; absent (the demo seed) → nothing is mailed or pushed. */
  jobs?: JobQueue | null;
  /** The key browsers subscribe with; absent (the demo seed) → no web push. */
  vapidPublicKey?: string | null;
  /** Which push endpoints may be saved (PUSH_ENDPOINT_HOSTS). */
  pushEndpoints: PushEndpointPolicy;
  readVersions: ReadVersions;
}

/** Browsers (devices) one account receives web push on; a person rarely has more than a few. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export class NotificationsService {
  /** The bell lists users re-read, kept while their version stands (server/db/read-versions.ts). */
  private readonly lists: VersionedListCache<SuccessResult<{ notifications: Notification[] }>>;

  constructor(private readonly deps: NotificationsServiceDeps) {
    this.lists = new VersionedListCache(deps.readVersions, 'notifications');
  }

  /**
   * Stores a notification and its delivery jobs with `executor` (the caller's transaction); call
   * deliver() after commit.
   */
  async notify(executor: Executor, input: NotifyInput): Promise<CreatedNotification> {
    const { notifications, jobs } = this.deps;
    const recipient = await notifications.recipient(input.userId, executor);
    if (!recipient) throw new Error(`notification for an unknown user ${input.userId}`);
    const language = recipient.language === 'bn' ? 'bn' : 'en';
    const content = typeof input.content === 'string' ? { en: input.content, bn: input.content } : input.content;
    const templated = isTemplated(content) ? content : null;
    const stored = {
      content: content[language],
      template: templated?.template ?? null,
      params: templated?.params ?? null,
    };
    const link = input.link ?? null;
    const now = this.deps.clock.now();
    const unread =
      input.coalesce && link ? await notifications.findUnreadByLink(input.userId, input.type, link, executor) : null;
    const row = unread
      ? await notifications.refresh(unread.id, { ...stored, now }, executor)
      : await notifications.insert({ userId: input.userId, type: input.type, ...stored, link, now }, executor);
    const notification = toNotification(row, language);
    const coalesced = unread !== null;
    if (!jobs) return { userId: input.userId, notification, queuedJobs: false, coalesced };

    let queuedJobs = false;
    const preference = await notifications.preference(input.userId, input.type, executor);
    if (preference.webPushEnabled) {
      const message = {
        id: notification.id,
        type: notification.type,
        title: NOTIFICATION_TYPE_NAMES[input.type][language],
        body: notification.content,
        link: notification.link ?? null,
        createdAt: notification.createdAt,
      };
      for (const subscription of await notifications.subscriptions(input.userId, executor)) {
        await jobs.enqueue(executor, {
          kind: PUSH_JOB,
          payload: { userId: input.userId, subscriptionId: subscription.id, message },
        });
        queuedJobs = true;
      }
    }
    // A deleted account's tombstone keeps an unroutable address: no mail job for it at all.
    if (preference.emailEnabled && input.mail !== false && !coalesced && !isDeletedEmail(recipient.email)) {
      const mail = notificationMail({
        to: recipient.email,
        language,
        subject: {
          en: `LegalConnect: ${NOTIFICATION_TYPE_NAMES[input.type].en}`,
          bn: `LegalConnect: ${NOTIFICATION_TYPE_NAMES[input.type].bn}`,
        },
        content,
        url: link ? `${this.deps.publicUrl}${link}` : null,
      });
      await jobs.enqueue(executor, { kind: MAIL_JOB, payload: mail });
      queuedJobs = true;
    }
    return { userId: input.userId, notification, queuedJobs, coalesced };
  }

  /** After commit: announces the notifications and wakes the job runner for their mail and push. */
  deliver(created: CreatedNotification | readonly (CreatedNotification | null)[] | null): void {
    const list = created === null ? [] : Array.isArray(created) ? created : [created];
    let queuedJobs = false;
    for (const item of list as readonly (CreatedNotification | null)[]) {
      if (!item) continue;
      if (!item.coalesced) this.deps.events.emitNotificationCreated(item.userId, item.notification);
      queuedJobs ||= item.queuedJobs;
    }
    if (queuedJobs) this.deps.jobs?.wake();
  }

  /** notify() and deliver() for a caller without a transaction of its own. */
  async notifyNow(input: NotifyInput): Promise<Notification> {
    const created = await this.notify(this.deps.db, input);
    this.deliver(created);
    return created.notification;
  }

  /** The language the reader's notifications are rendered in now (their account's). */
  private async readerLanguage(userId: string): Promise<'en' | 'bn'> {
    const recipient = await this.deps.notifications.recipient(userId);
    return renderLanguage(recipient?.language);
  }

  async list(
    actor: Actor,
    query: PageRequest & { unreadOnly: boolean },
  ): Promise<SuccessResult<{ notifications: Notification[] }>> {
    const key = `${query.unreadOnly ? 'unread' : 'all'}:${query.page}:${query.size}`;
    return this.lists.read(actor.userId, key, () => this.readList(actor, query));
  }

  private async readList(
    actor: Actor,
    query: PageRequest & { unreadOnly: boolean },
  ): Promise<SuccessResult<{ notifications: Notification[] }>> {
    // The reader's language comes with the page (one round trip); an empty page renders nothing.
    const { rows, total, language: stored } = await this.deps.notifications.list(actor.userId, query);
    const language = renderLanguage(stored);
    return {
      data: { notifications: rows.map((row) => toNotification(row, language)) },
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

  /** Another user's notification answers exactly like a missing one (docs/api.md §1). */
  async markRead(actor: Actor, id: string): Promise<Notification> {
    const row = await this.deps.notifications.markRead(actor.userId, id);
    if (!row) throw notFound(NotificationMessages.notFound);
    return toNotification(row, await this.readerLanguage(actor.userId));
  }

  async markAllRead(actor: Actor): Promise<void> {
    await this.deps.notifications.markAllRead(actor.userId);
  }

  /**
   * Marks the user's unread notifications of `type` with `link` read, in the caller's transaction
   * (reading a chat conversation settles its CHAT_MESSAGE notification, so the next message is news).
   */
  async markReadByLink(executor: Executor, userId: string, type: NotificationType, link: string): Promise<void> {
    await this.deps.notifications.markReadByLink(userId, type, link, executor);
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
        : body.receiverId !== actor.userId && (await this.deps.cases.shareCase(actor.userId, body.receiverId));
    if (!allowed) throw notFound(PushMessages.receiverNotFound);
    return this.notifyNow({ userId: body.receiverId, type: 'ACCOUNT', content: body.content });
  }

  /** The key browsers subscribe with (PushManager.subscribe's applicationServerKey). */
  vapidPublicKey(): string {
    if (!this.deps.vapidPublicKey) throw new Error('web push is not configured');
    return this.deps.vapidPublicKey;
  }

  /**
   * Saves the browser's subscription; past PUSH_SUBSCRIPTIONS_PER_USER the least recently saved ones
   * go. Every notification becomes one push job per subscription, sent to an endpoint the client
   * chose, so an unbounded list would let one account multiply the server's outbound requests and
   * its job queue at will (the contract fuzzer's 100 subscriptions made each notification 100 jobs).
   */
  async subscribe(actor: Actor, body: PushSubscriptionBody): Promise<void> {
    const { notifications } = this.deps;
    // The endpoint is where the server will connect: only a push service's (push-endpoint.ts).
    if (!this.deps.pushEndpoints.allowed(body.endpoint)) {
      throw badRequest(ServerMessages.validationFailed, {
        fields: [{ field: 'endpoint', message: PushMessages.endpointNotAllowed }],
      });
    }
    await notifications.upsertSubscription(
      actor.userId,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      this.deps.clock.now(),
    );
    await notifications.pruneSubscriptions(actor.userId, PUSH_SUBSCRIPTIONS_PER_USER);
  }

  /** Idempotent: an endpoint that is not (or no longer) the caller's is simply not there. */
  async unsubscribe(actor: Actor, endpoint: string): Promise<void> {
    await this.deps.notifications.deleteSubscription(actor.userId, endpoint);
  }
}

function isTemplated(content: LocalizedText): content is NotificationContent {
  return typeof (content as Partial<NotificationContent>).template === 'string';
}

function toPreference(row: PreferenceRow): NotificationPreference {
  return {
    type: row.type,
    displayName: NOTIFICATION_TYPE_NAMES[row.type].en,
    emailEnabled: row.emailEnabled,
    webPushEnabled: row.webPushEnabled,
  };
}

/**
 * A stored notification as the API shows it: rendered from its template in `language` (issue 20);
 * a row without a known template (older rows, text a person wrote) shows its stored content.
 */
export function toNotification(row: NotificationRow, language: 'en' | 'bn'): Notification {
  return {
    id: row.id,
    type: row.type,
    content: renderNotification(row.template, row.params, language) ?? row.content,
    link: row.link,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored account language as the templates are rendered in: Bangla, or English for anything else. */
function renderLanguage(stored: string | null | undefined): 'en' | 'bn' {
  return stored === 'bn' ? 'bn' : 'en';
}
