/**
 * SQL for the calendar: each user's private feed token (calendar_feeds) and Google Calendar link
 * (google_calendar_links). A feed token is looked up only by its exact value; everything else is
 * read and written for the signed-in user alone.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { calendarFeeds, googleCalendarLinks, users } from '../../db/schema';

export interface FeedOwner {
  userId: string;
  firstName: string;
  lastName: string;
}

export interface GoogleLinkInput {
  refreshToken: string;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  scope: string;
}

export class CalendarRepository {
  constructor(private readonly db: Database) {}

  /**
   * The user's feed token, stored first as `candidate` when they have none. Two first calls at
   * once both end up with the one token that was stored.
   */
  async feedToken(userId: string, candidate: string, now: Date): Promise<string> {
    await this.db.insert(calendarFeeds).values({ userId, token: candidate, createdAt: now }).onConflictDoNothing({
      target: calendarFeeds.userId,
    });
    const [row] = await this.db
      .select({ token: calendarFeeds.token })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    if (!row) throw new Error('calendar feed vanished after insert');
    return row.token;
  }

  /** Replaces the user's feed token (or makes the first one); the old token matches nothing from now on. */
  async replaceFeedToken(userId: string, token: string, now: Date): Promise<void> {
    await this.db
      .insert(calendarFeeds)
      .values({ userId, token, createdAt: now })
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: now } });
  }

  /** The owner of a feed token, or null for a token that is not (or no longer) anyone's. */
  async feedOwner(token: string): Promise<FeedOwner | null> {
    const [row] = await this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(calendarFeeds)
      .innerJoin(users, eq(users.id, calendarFeeds.userId))
      .where(eq(calendarFeeds.token, token))
      .limit(1);
    return row ?? null;
  }

  /** Stores (or replaces) the user's Google Calendar link. */
  async saveGoogleLink(userId: string, link: GoogleLinkInput, now: Date): Promise<void> {
    await this.db
      .insert(googleCalendarLinks)
      .values({ userId, ...link, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: googleCalendarLinks.userId,
        set: { ...link, updatedAt: now },
      });
  }

  async hasGoogleLink(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: googleCalendarLinks.userId })
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.userId, userId))
      .limit(1);
    return row !== undefined;
  }
}
