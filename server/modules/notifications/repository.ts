/** SQL for notifications. Every read and write of a user's notifications is scoped to that user. */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../contract/enums';
import type { Database, Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { pageOffset, type PageRequest } from '../../http/paging';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  content: string;
  link: string | null;
  now: Date;
}

export class NotificationsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewNotification, tx: Executor = this.db): Promise<NotificationRow> {
    const [created] = await tx
      .insert(notifications)
      .values({ userId: row.userId, type: row.type, content: row.content, link: row.link, createdAt: row.now })
      .returning();
    if (!created) throw new Error('notification insert returned nothing');
    return created;
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

  async list(
    userId: string,
    options: PageRequest & { unreadOnly: boolean },
  ): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = options.unreadOnly
      ? and(eq(notifications.userId, userId), eq(notifications.read, false))
      : eq(notifications.userId, userId);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(options.size)
        .offset(pageOffset(options)),
      this.db.select({ n: count() }).from(notifications).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
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
}
