/**
 * SQL of the data rights (docs/decisions/0012-data-rights.md): reading everything of one user for
 * the export, with every column named (so a secret added to a table later stays out until someone
 * chooses to add it here), and the deletion: what goes, what is anonymised, in one transaction.
 */
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DELETED_USER_NAME } from '../../../contract/data-rights';
import type { Database, Executor } from '../../db/client';
import {
  aiMessages,
  aiSessionDocuments,
  aiSessions,
  availabilitySlots,
  blogs,
  blogSubscriptions,
  calendarFeeds,
  cases,
  complaints,
  conversations,
  documents,
  feedback,
  googleCalendarLinks,
  idempotencyRecords,
  lawyerProfiles,
  meetings,
  bookings,
  messages,
  notes,
  notificationPreferences,
  notifications,
  otps,
  payments,
  paymentStatusHistory,
  pushSubscriptions,
  reviews,
  schedules,
  sessions,
  users,
} from '../../db/schema';
import { deletedEmail, isDeletedEmail } from './deleted-account';
import { pictureKey, pictureUrl } from './pictures';

type Row = Record<string, unknown>;

/** The export's rows, before the envelope of contract/data-rights.ts DataExportSchema. */
export interface UserDataRows {
  account: Row;
  lawyerProfile: Row | null;
  availabilitySlots: Row[];
  cases: Row[];
  notes: Row[];
  documents: Row[];
  schedules: Row[];
  conversations: Row[];
  meetings: Row[];
  bookings: Row[];
  payments: Row[];
  blogs: Row[];
  blogFollows: Row[];
  reviewsWritten: Row[];
  reviewsReceived: Row[];
  complaints: Row[];
  feedback: Row[];
  notifications: Row[];
  notificationPreferences: Row[];
  aiSessions: Row[];
  pushSubscriptions: Row[];
  sessions: Row[];
  calendar: { feedEnabled: boolean; googleLinked: boolean };
}

/** The locked row of an account being deleted. */
export interface LiveUser {
  email: string;
  picture: string | null;
  thumbnail: string | null;
}

/** Statuses of money that is not settled yet: an account with such a payment cannot be deleted. */
export const OPEN_PAYMENT_STATUSES = ['PENDING', 'PAID'] as const;

/** Only the origin of a push endpoint (the rest of the URL is a capability of the push service). */
function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}

export class DataRightsRepository {
  constructor(private readonly db: Database) {}

  /** Everything of `userId`, or null when there is no such user. */
  async exportRows(userId: string): Promise<UserDataRows | null> {
    const db = this.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return null;
    const me = userId;
    const lawyerUser = alias(users, 'lawyer_user');
    const clientUser = alias(users, 'client_user');
    const otherUser = alias(users, 'other_user');

    const [profile] = await db
      .select({
        id: lawyerProfiles.id,
        firm: lawyerProfiles.firm,
        yearsOfExperience: lawyerProfiles.yearsOfExperience,
        barCertificateNumber: lawyerProfiles.barCertificateNumber,
        barAssociation: lawyerProfiles.barAssociation,
        practicingCourt: lawyerProfiles.practicingCourt,
        division: lawyerProfiles.division,
        district: lawyerProfiles.district,
        bio: lawyerProfiles.bio,
        languages: lawyerProfiles.languages,
        specializations: lawyerProfiles.specializations,
        hourlyCharge: lawyerProfiles.hourlyCharge,
        verificationStatus: lawyerProfiles.verificationStatus,
        submittedAt: lawyerProfiles.submittedAt,
        verifiedAt: lawyerProfiles.verifiedAt,
        rejectionReason: lawyerProfiles.rejectionReason,
        certificateName: lawyerProfiles.certificateName,
        certificateContentType: lawyerProfiles.certificateContentType,
        certificateSize: lawyerProfiles.certificateSize,
        certificateUploadedAt: lawyerProfiles.certificateUploadedAt,
        averageRating: lawyerProfiles.averageRating,
        reviewCount: lawyerProfiles.reviewCount,
        createdAt: lawyerProfiles.createdAt,
        updatedAt: lawyerProfiles.updatedAt,
      })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, me));

    const slots = await db
      .select({
        id: availabilitySlots.id,
        day: availabilitySlots.day,
        startTime: availabilitySlots.startTime,
        endTime: availabilitySlots.endTime,
        createdAt: availabilitySlots.createdAt,
      })
      .from(availabilitySlots)
      .where(eq(availabilitySlots.lawyerId, me))
      .orderBy(asc(availabilitySlots.day), asc(availabilitySlots.startTime));

    const myCases = await db
      .select({
        id: cases.id,
        title: cases.title,
        description: cases.description,
        status: cases.status,
        lawyerId: cases.lawyerId,
        lawyerName: sql<string>`${lawyerUser.firstName} || ' ' || ${lawyerUser.lastName}`,
        clientId: cases.clientId,
        clientName: sql<string>`${clientUser.firstName} || ' ' || ${clientUser.lastName}`,
        createdAt: cases.createdAt,
        updatedAt: cases.updatedAt,
      })
      .from(cases)
      .innerJoin(lawyerUser, eq(lawyerUser.id, cases.lawyerId))
      .innerJoin(clientUser, eq(clientUser.id, cases.clientId))
      .where(or(eq(cases.lawyerId, me), eq(cases.clientId, me)))
      .orderBy(asc(cases.createdAt));
    const caseIds = myCases.map((c) => c.id);

    // Mine (any privacy), and what the other party shared on my cases.
    const myNotes = await db
      .select({
        id: notes.id,
        caseId: notes.caseId,
        ownerId: notes.ownerId,
        mine: sql<boolean>`${notes.ownerId} = ${me}`,
        title: notes.title,
        content: notes.content,
        privacy: notes.privacy,
        createdAt: notes.createdAt,
        updatedAt: notes.updatedAt,
      })
      .from(notes)
      .where(
        or(
          eq(notes.ownerId, me),
          caseIds.length > 0 ? and(inArray(notes.caseId, caseIds), eq(notes.privacy, 'SHARED')) : undefined,
        ),
      )
      .orderBy(asc(notes.createdAt));

    const myDocuments = await db
      .select({
        id: documents.id,
        caseId: documents.caseId,
        uploadedById: documents.uploadedById,
        mine: sql<boolean>`${documents.uploadedById} = ${me}`,
        title: documents.title,
        description: documents.description,
        fileName: documents.fileName,
        contentType: documents.contentType,
        size: documents.size,
        privacy: documents.privacy,
        textStatus: documents.textStatus,
        createdAt: documents.createdAt,
        updatedAt: documents.updatedAt,
      })
      .from(documents)
      .where(
        or(
          eq(documents.uploadedById, me),
          caseIds.length > 0 ? and(inArray(documents.caseId, caseIds), eq(documents.privacy, 'SHARED')) : undefined,
        ),
      )
      .orderBy(asc(documents.createdAt));

    const mySchedules =
      caseIds.length === 0
        ? []
        : await db
            .select({
              id: schedules.id,
              caseId: schedules.caseId,
              createdById: schedules.createdById,
              title: schedules.title,
              type: schedules.type,
              description: schedules.description,
              date: schedules.date,
              startTime: schedules.startTime,
              endTime: schedules.endTime,
              createdAt: schedules.createdAt,
              updatedAt: schedules.updatedAt,
            })
            .from(schedules)
            .where(inArray(schedules.caseId, caseIds))
            .orderBy(asc(schedules.startsAt));

    const myConversations = await db
      .select({
        id: conversations.id,
        otherUserId: otherUser.id,
        otherUserName: sql<string>`${otherUser.firstName} || ' ' || ${otherUser.lastName}`,
        createdAt: conversations.createdAt,
        updatedAt: conversations.updatedAt,
      })
      .from(conversations)
      .innerJoin(
        otherUser,
        sql`${otherUser.id} = case when ${conversations.userLow} = ${me} then ${conversations.userHigh} else ${conversations.userLow} end`,
      )
      .where(or(eq(conversations.userLow, me), eq(conversations.userHigh, me)))
      .orderBy(asc(conversations.createdAt));
    const conversationMessages =
      myConversations.length === 0
        ? []
        : await db
            .select({
              id: messages.id,
              conversationId: messages.conversationId,
              seq: messages.seq,
              senderId: messages.senderId,
              receiverId: messages.receiverId,
              content: messages.content,
              readAt: messages.readAt,
              createdAt: messages.createdAt,
            })
            .from(messages)
            .where(
              inArray(
                messages.conversationId,
                myConversations.map((c) => c.id),
              ),
            )
            .orderBy(asc(messages.conversationId), asc(messages.seq));

    const myMeetings = await db
      .select({
        id: meetings.id,
        lawyerId: meetings.lawyerId,
        clientId: meetings.clientId,
        title: meetings.title,
        startsAt: meetings.startsAt,
        endsAt: meetings.endsAt,
        createdAt: meetings.createdAt,
        updatedAt: meetings.updatedAt,
      })
      .from(meetings)
      .where(or(eq(meetings.lawyerId, me), eq(meetings.clientId, me)))
      .orderBy(asc(meetings.startsAt));

    const myBookings = await db
      .select()
      .from(bookings)
      .where(or(eq(bookings.lawyerId, me), eq(bookings.clientId, me)))
      .orderBy(asc(bookings.startsAt));

    const myPayments = await db
      .select({
        id: payments.id,
        payerId: payments.payerId,
        payeeId: payments.payeeId,
        meetingId: payments.meetingId,
        amount: payments.amount,
        currency: payments.currency,
        status: payments.status,
        paymentMethod: payments.paymentMethod,
        paymentDate: payments.paymentDate,
        createdAt: payments.createdAt,
        updatedAt: payments.updatedAt,
      })
      .from(payments)
      .where(or(eq(payments.payerId, me), eq(payments.payeeId, me)))
      .orderBy(asc(payments.createdAt));
    const history =
      myPayments.length === 0
        ? []
        : await db
            .select({
              paymentId: paymentStatusHistory.paymentId,
              status: paymentStatusHistory.status,
              byMe: sql<boolean>`coalesce(${paymentStatusHistory.actorId} = ${me}, false)`,
              createdAt: paymentStatusHistory.createdAt,
            })
            .from(paymentStatusHistory)
            .where(
              inArray(
                paymentStatusHistory.paymentId,
                myPayments.map((p) => p.id),
              ),
            )
            .orderBy(asc(paymentStatusHistory.createdAt));

    const myBlogs = await db
      .select({
        id: blogs.id,
        title: blogs.title,
        content: blogs.content,
        language: blogs.language,
        status: blogs.status,
        publishedAt: blogs.publishedAt,
        createdAt: blogs.createdAt,
        updatedAt: blogs.updatedAt,
      })
      .from(blogs)
      .where(eq(blogs.authorId, me))
      .orderBy(asc(blogs.createdAt));
    const follows = await db
      .select({ authorId: blogSubscriptions.authorId, createdAt: blogSubscriptions.createdAt })
      .from(blogSubscriptions)
      .where(eq(blogSubscriptions.followerId, me));

    const reviewColumns = {
      id: reviews.id,
      caseId: reviews.caseId,
      lawyerId: reviews.lawyerId,
      rating: reviews.rating,
      review: reviews.review,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    };
    const written = await db.select(reviewColumns).from(reviews).where(eq(reviews.clientId, me));
    const received = await db.select(reviewColumns).from(reviews).where(eq(reviews.lawyerId, me));

    // Complaints I filed; complaints about me are the complainant's and the admin's record.
    const myComplaints = await db
      .select({
        id: complaints.id,
        lawyerId: complaints.lawyerId,
        caseId: complaints.caseId,
        category: complaints.category,
        description: complaints.description,
        status: complaints.status,
        response: complaints.response,
        createdAt: complaints.createdAt,
        resolvedAt: complaints.resolvedAt,
      })
      .from(complaints)
      .where(eq(complaints.complainantId, me));
    const myFeedback = await db
      .select({
        id: feedback.id,
        category: feedback.category,
        message: feedback.message,
        pagePath: feedback.pagePath,
        status: feedback.status,
        response: feedback.response,
        createdAt: feedback.createdAt,
        resolvedAt: feedback.resolvedAt,
      })
      .from(feedback)
      .where(eq(feedback.senderId, me));

    const myNotifications = await db
      .select({
        id: notifications.id,
        type: notifications.type,
        content: notifications.content,
        link: notifications.link,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, me))
      .orderBy(desc(notifications.createdAt));
    const preferences = await db
      .select({
        type: notificationPreferences.type,
        emailEnabled: notificationPreferences.emailEnabled,
        webPushEnabled: notificationPreferences.webPushEnabled,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, me));

    const mySessions = await db
      .select({
        id: aiSessions.id,
        title: aiSessions.title,
        createdAt: aiSessions.createdAt,
        updatedAt: aiSessions.updatedAt,
      })
      .from(aiSessions)
      .where(eq(aiSessions.userId, me))
      .orderBy(asc(aiSessions.createdAt));
    const aiIds = mySessions.map((s) => s.id);
    const aiAll =
      aiIds.length === 0
        ? []
        : await db
            .select({
              sessionId: aiMessages.sessionId,
              role: aiMessages.role,
              content: aiMessages.content,
              metadata: aiMessages.metadata,
              createdAt: aiMessages.createdAt,
            })
            .from(aiMessages)
            .where(inArray(aiMessages.sessionId, aiIds))
            .orderBy(asc(aiMessages.createdAt));
    const aiDocs =
      aiIds.length === 0
        ? []
        : await db
            .select({
              sessionId: aiSessionDocuments.sessionId,
              fileName: aiSessionDocuments.fileName,
              contentType: aiSessionDocuments.contentType,
              size: aiSessionDocuments.size,
              textStatus: aiSessionDocuments.textStatus,
              createdAt: aiSessionDocuments.createdAt,
            })
            .from(aiSessionDocuments)
            .where(inArray(aiSessionDocuments.sessionId, aiIds));

    const push = await db
      .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me));
    const devices = await db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        revokedAt: sessions.revokedAt,
        userAgent: sessions.userAgent,
        ip: sessions.ip,
      })
      .from(sessions)
      .where(eq(sessions.userId, me))
      .orderBy(asc(sessions.createdAt));
    const [feed] = await db
      .select({ userId: calendarFeeds.userId })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, me));
    const [google] = await db
      .select({ userId: googleCalendarLinks.userId })
      .from(googleCalendarLinks)
      .where(eq(googleCalendarLinks.userId, me));

    const byKey = <T extends Row>(list: T[], key: keyof T) => {
      const map = new Map<unknown, T[]>();
      for (const item of list) {
        const group = map.get(item[key]) ?? [];
        group.push(item);
        map.set(item[key], group);
      }
      return map;
    };
    const messagesBy = byKey(conversationMessages, 'conversationId');
    const historyBy = byKey(history, 'paymentId');
    const aiMessagesBy = byKey(aiAll, 'sessionId');
    const aiDocsBy = byKey(aiDocs, 'sessionId');

    return {
      account: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        emailVerified: user.emailVerified,
        language: user.language,
        profilePicture: pictureUrl(user.profilePicture) ?? null,
        createdAt: user.createdAt,
        updatedAt: user.updatedAt,
      },
      lawyerProfile: profile ?? null,
      availabilitySlots: slots,
      cases: myCases,
      notes: myNotes,
      documents: myDocuments,
      schedules: mySchedules,
      conversations: myConversations.map((c) => ({
        ...c,
        messages: (messagesBy.get(c.id) ?? []).map(({ conversationId: _omit, ...m }) => m),
      })),
      meetings: myMeetings,
      bookings: myBookings,
      payments: myPayments.map((p) => ({
        ...p,
        history: (historyBy.get(p.id) ?? []).map(({ paymentId: _omit, ...h }) => h),
      })),
      blogs: myBlogs,
      blogFollows: follows,
      reviewsWritten: written,
      reviewsReceived: received,
      complaints: myComplaints,
      feedback: myFeedback,
      notifications: myNotifications,
      notificationPreferences: preferences,
      aiSessions: mySessions.map((s) => ({
        ...s,
        messages: (aiMessagesBy.get(s.id) ?? []).map(({ sessionId: _omit, ...m }) => m),
        documents: (aiDocsBy.get(s.id) ?? []).map(({ sessionId: _omit, ...d }) => d),
      })),
      pushSubscriptions: push.map((p) => ({ endpointOrigin: endpointOrigin(p.endpoint), createdAt: p.createdAt })),
      sessions: devices,
      calendar: { feedEnabled: Boolean(feed), googleLinked: Boolean(google) },
    };
  }

  /** Payments of `userId` (either side) whose money is not settled yet. */
  async openPaymentCount(userId: string, tx: Executor = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(
        and(
          or(eq(payments.payerId, userId), eq(payments.payeeId, userId)),
          inArray(payments.status, [...OPEN_PAYMENT_STATUSES]),
        ),
      );
    return row?.n ?? 0;
  }

  /**
   * Locks the user row (so two deletions, or a deletion and a rename, do not interleave) and
   * answers the live account (with the picture files eraseUser removes), or null.
   */
  async lockLiveUser(userId: string, tx: Executor): Promise<LiveUser | null> {
    const [row] = await tx
      .select({ email: users.email, picture: users.profilePicture, thumbnail: users.profileThumbnail })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!row || isDeletedEmail(row.email)) return null;
    return row;
  }

  /**
   * Deletes and anonymises everything of `userId` as the decision record says; returns the storage
   * keys whose bytes the caller removes after the commit. Sessions are revoked by the caller first.
   */
  async eraseUser(userId: string, user: LiveUser, now: Date, tx: Executor): Promise<string[]> {
    const { email } = user;
    const keys: string[] = [];
    for (const name of [user.picture, user.thumbnail]) if (name) keys.push(pictureKey(name));

    // Private notes and documents are theirs alone; shared ones are part of the other party's case record.
    await tx.delete(notes).where(and(eq(notes.ownerId, userId), eq(notes.privacy, 'PRIVATE')));
    const privateDocuments = await tx
      .delete(documents)
      .where(and(eq(documents.uploadedById, userId), eq(documents.privacy, 'PRIVATE')))
      .returning({ key: documents.storageKey });
    keys.push(...privateDocuments.map((d) => d.key));

    const profile = await tx
      .delete(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, userId))
      .returning({ key: lawyerProfiles.certificateKey });
    for (const p of profile) if (p.key) keys.push(p.key);
    await tx.delete(availabilitySlots).where(eq(availabilitySlots.lawyerId, userId));
    // Booking requests still waiting (issue 19) are withdrawn: nobody is left to answer or to meet.
    await tx
      .update(bookings)
      .set({ status: 'CANCELLED', updatedAt: now })
      .where(and(eq(bookings.status, 'REQUESTED'), or(eq(bookings.lawyerId, userId), eq(bookings.clientId, userId))));

    await tx.delete(blogs).where(eq(blogs.authorId, userId));
    await tx
      .delete(blogSubscriptions)
      .where(or(eq(blogSubscriptions.followerId, userId), eq(blogSubscriptions.authorId, userId)));
    // Their attached documents go with them (ai_session_documents cascades from ai_sessions).
    await tx.delete(aiSessions).where(eq(aiSessions.userId, userId));
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await tx.delete(feedback).where(eq(feedback.senderId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.delete(googleCalendarLinks).where(eq(googleCalendarLinks.userId, userId));
    await tx.delete(idempotencyRecords).where(eq(idempotencyRecords.userId, userId));
    await tx.delete(otps).where(eq(otps.email, email));
    // Revoked by the caller (so the sockets close); the rows go too: devices and addresses are personal data.
    await tx.delete(sessions).where(eq(sessions.userId, userId));

    // The row stays as an anonymous tombstone: shared cases, messages and payment records point at it.
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        passwordHash: '!deleted',
        firstName: DELETED_USER_NAME.firstName,
        lastName: DELETED_USER_NAME.lastName,
        emailVerified: false,
        profilePicture: null,
        profileThumbnail: null,
        language: 'en',
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    return keys;
  }
}
