/**
 * SQL for notifications, their per-type preferences and web-push subscriptions. Every read and
 * write of a user's rows is scoped to that user.
 */
import { and, asc, count, desc, eq, getTableColumns, notInArray, sql, type Placeholder } from 'drizzle-orm';
import { NotificationTypeSchema, type NotificationType } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { notificationPreferences, notifications, pushSubscriptions, users } from '../../db/schema';
import { lazy, lazyByKey, preparedRead } from '../../db/prepared';
import { pageOffset, withTotal, type PageRequest } from '../../http/paging';

/** A user's notifications (the user a value or a placeholder), or only the unread ones. */
const ofUser = (userId: string | Placeholder, unreadOnly: boolean) =>
  unreadOnly ? and(eq(notifications.userId, userId), eq(notifications.read, false)) : eq(notifications.userId, userId);

export type NotificationRow = typeof notifications.$inferSelect;

export type PreferenceRow = typeof notificationPreferences.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Mail is on for what a user must not miss; web push is on for everything. */
const EMAILED_BY_DEFAULT: ReadonlySet<NotificationType> = new Set([
  'ACCOUNT',
  'SCHEDULE_REMINDER',
  'PAYMENT_UPDATE',
  'MEETING_UPDATE',
  'REVIEW_ADDED',
]);

export function defaultPreference(type: NotificationType): { emailEnabled: boolean; webPushEnabled: boolean } {
  return { emailEnabled: EMAILED_BY_DEFAULT.has(type), webPushEnabled: true };
}

export interface NewNotification {
  userId: string;
  type: NotificationType;
  content: string;
  /** The catalogue entry and its parameters (texts.ts), or null for text a person wrote. */
  template: string | null;
  params: unknown;
  link: string | null;
  now: Date;
}

/** The user's unread notifications of one type pointing at one place (coalesced notifications). */
function unreadWithLink(userId: string, type: NotificationType, link: string) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.type, type),
    eq(notifications.link, link),
    sql`not ${notifications.read}`,
  );
}

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewNotification, tx: Executor = this.db): Promise<NotificationRow> {
    const [created] = await tx
      .insert(notifications)
      .values({
        userId: row.userId,
        type: row.type,
        content: row.content,
        template: row.template,
        params: row.params ?? null,
        link: row.link,
        createdAt: row.now,
      })
      .returning();
    if (!created) throw new Error('notification insert returned nothing');
    return created;
  }

  /** The user's unread notification of this type and link (the newest, should there be several). */
  async findUnreadByLink(
    userId: string,
    type: NotificationType,
    link: string,
    tx: Executor = this.db,
  ): Promise<NotificationRow | null> {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(unreadWithLink(userId, type, link))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    return row ?? null;
  }

  /** Gives a notification new content and time (a coalesced notification: see NotifyInput.coalesce). */
  async refresh(
    id: string,
    values: { content: string; template: string | null; params: unknown; now: Date },
    tx: Executor = this.db,
  ): Promise<NotificationRow> {
    const [row] = await tx
      .update(notifications)
      .set({ content: values.content, template: values.template, params: values.params ?? null, createdAt: values.now })
      .where(eq(notifications.id, id))
      .returning();
    if (!row) throw new Error('notification refresh returned nothing');
    return row;
  }

  async markReadByLink(userId: string, type: NotificationType, link: string, tx: Executor = this.db): Promise<void> {
    await tx
      .update(notifications)
      .set({ read: true })
      .where(unreadWithLink(userId, type, link));
  }

  /** Who a notification goes to: the address and the language of their mail and texts. */
  async recipient(userId: string, tx: Executor = this.db): Promise<{ email: string; language: string } | null> {
    const [row] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /**
   * A page of the user's notifications with their count and the reader's language (what the
   * templates are rendered in), in one round trip; `language` is null only when the page is empty.
   */
  async list(
    userId: string,
    options: PageRequest & { unreadOnly: boolean },
  ): Promise<{ rows: NotificationRow[]; total: number; language: string | null }> {
    const offset = pageOffset(options);
    const rows = await this.listQuery(options.unreadOnly ? 'unread' : 'all')({ userId, limit: options.size, offset });
    const language = rows[0]?.language ?? null;
    const { rows: page, total } = await withTotal(rows, offset, async () => {
      const [row] = await this.db.select({ n: count() }).from(notifications).where(ofUser(userId, options.unreadOnly));
      return row?.n ?? 0;
    });
    return { rows: page.map(({ language: _language, ...row }) => row), total, language };
  }

  /** The bell's list with its count and the reader's language, built once per filter (server/db/prepared.ts). */
  private readonly listQuery = lazyByKey((filter: 'unread' | 'all') => {
    const where = ofUser(sql.placeholder('userId'), filter === 'unread');
    const counted = this.db.select({ n: count() }).from(notifications).where(where);
    const language = this.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')));
    const selection = {
      ...getTableColumns(notifications),
      total: sql<number>`(${counted})`.mapWith(Number),
      language: sql<string>`(${language})`,
    };
    const query = this.db
      .select(selection)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const name = `notifications_list_${filter}`;
    // On PostgreSQL the rows are read without drizzle's generic mapping (server/db/prepared.ts, rowReader).
    return preparedRead(this.db, name, query, selection);
  });

  /** Asked on every screen (the bell), built once. */
  private readonly unread = lazy(() =>
    this.db
      .select({ n: count() })
      .from(notifications)
      .where(ofUser(sql.placeholder('userId'), true))
      .prepare('notifications_unread_count'),
  );

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.unread().execute({ userId });
    return row?.n ?? 0;
  }

  /** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
  async markRead(userId: string, id: string): Promise<NotificationRow | null> {
    const [row] = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning();
    return row ?? null;
  }

  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), sql`not ${notifications.read}`))
      .returning({ id: notifications.id });
    return rows.length;
  }

  // ── Preferences: one row per (user, type), created with the defaults on first use ───────────

  /** Adds the missing (user, type) rows with their defaults; existing rows are left alone. */
  async ensurePreferences(userId: string, tx: Executor = this.db): Promise<void> {
    await tx
      .insert(notificationPreferences)
      .values(NotificationTypeSchema.options.map((type) => ({ userId, type, ...defaultPreference(type) })))
      .onConflictDoNothing();
  }

  /** All of the user's preferences in the enum's order (creating them on first read). */
  async preferences(userId: string): Promise<PreferenceRow[]> {
    await this.ensurePreferences(userId);
    return this.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .orderBy(asc(notificationPreferences.type));
  }

  /** One type's setting; the default when the user's rows do not exist yet. */
  async preference(
    userId: string,
    type: NotificationType,
    tx: Executor = this.db,
  ): Promise<{ emailEnabled: boolean; webPushEnabled: boolean }> {
    const [row] = await tx
      .select({
        emailEnabled: notificationPreferences.emailEnabled,
        webPushEnabled: notificationPreferences.webPushEnabled,
      })
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
      .limit(1);
    return row ?? defaultPreference(type);
  }

  async updatePreference(
    userId: string,
    type: NotificationType,
    values: { emailEnabled: boolean; webPushEnabled: boolean },
    now: Date,
  ): Promise<PreferenceRow> {
    return this.db.transaction(async (tx) => {
      await this.ensurePreferences(userId, tx);
      const [row] = await tx
        .update(notificationPreferences)
        .set({ ...values, updatedAt: now })
        .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
        .returning();
      if (!row) throw new Error('preference update returned nothing');
      return row;
    });
  }

  // ── Web-push subscriptions ──────────────────────────────────────────────────────────────────

  /** Saves a subscription by endpoint; an endpoint seen before now belongs to this user. */
  async upsertSubscription(
    userId: string,
    subscription: { endpoint: string; p256dh: string; auth: string },
    now: Date,
  ): Promise<PushSubscriptionRow> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...subscription, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: subscription.p256dh, auth: subscription.auth, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('push subscription upsert returned nothing');
    return row;
  }

  /**
   * Keeps the user's `keep` most recently saved subscriptions and deletes the rest (a browser that
   * is still in use saves its subscription again on every start, so the stale ones go first).
   */
  async pruneSubscriptions(userId: string, keep: number): Promise<number> {
    const kept = this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
      .limit(keep);
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)))
      .returning({ id: pushSubscriptions.id });
    return rows.length;
  }

  /** Deletes one of the user's subscriptions; false when it is not theirs (or unknown). */
  async deleteSubscription(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  /** One of the user's subscriptions; null once it is gone or its endpoint has moved to another user. */
  async subscriptionOf(userId: string, id: string): Promise<PushSubscriptionRow | null> {
    const [row] = await this.db
      .select()
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
      .limit(1);
    return row ?? null;
  }

  /** Forgets a subscription the push service called gone (404/410). */
  async deleteSubscriptionById(id: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }

  async subscriptions(userId: string, tx: Executor = this.db): Promise<PushSubscriptionRow[]> {
    return tx
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt));
  }
}
