/**
 * The database schema (Drizzle pg-core). Tables are snake_case plurals; `drizzle-kit generate`
 * turns changes here into SQL under ./migrations, which PGlite and PostgreSQL both apply at start.
 * Keep it PostgreSQL-15 compatible: PGlite is 18, production may be 15.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../contract/auth';
import { BookingStatusSchema } from '../../contract/bookings';
import {
  AssetPrivacySchema,
  BlogStatusSchema,
  CaseStatusSchema,
  DayOfWeekSchema,
  DistrictSchema,
  DivisionSchema,
  LanguageSchema,
  NotificationTypeSchema,
  PaymentMethodSchema,
  PaymentStatusSchema,
  PracticingCourtSchema,
  ScheduleTypeSchema,
  SpecializationSchema,
  VerificationStatusSchema,
} from '../../contract/enums';
import {
  ComplaintCategorySchema,
  ComplaintStatusSchema,
  FeedbackCategorySchema,
  FeedbackStatusSchema,
} from '../../contract/feedback';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The contract's roles; the assertion below fails to compile if the two lists drift apart. */
const ROLES = ['USER', 'LAWYER', 'ADMIN'] as const satisfies readonly Role[];
type SameMembers<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const rolesMatchContract: SameMembers<(typeof ROLES)[number], Role> = true;
void rolesMatchContract;

export const userRole = pgEnum('user_role', ROLES);
export const otpPurpose = pgEnum('otp_purpose', ['VERIFY_EMAIL', 'RESET_PASSWORD']);
export type OtpPurpose = (typeof otpPurpose.enumValues)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case; the contract's EmailSchema lower-cases input. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: userRole('role').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Stored file names (generated), not URLs: the URL prefix is the server's business. */
    profilePicture: text('profile_picture'),
    profileThumbnail: text('profile_thumbnail'),
    /** Language of mail sent to this user. */
    language: text('language').notNull().default('en'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_language_check', sql`${t.language} in ('en', 'bn')`),
  ],
);

/** One row per sign-in; the access token's `sid`. Checked on every request, so revocation is immediate. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. A rotated token stays (with rotated_at set) so a
 * second use of it is recognised as theft and ends the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_id_idx').on(t.sessionId),
  ],
);

/** Mailed one-time codes, hashed; one live code per (email, purpose) by the unique index. */
export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: otpPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('otps_email_purpose_key').on(t.email, t.purpose)],
);

/**
 * Idempotency-Key records (docs/api.md §1): the first response to (user, key) is kept for 24 h and
 * replayed to retries. `status_code` is null while the first request is still running.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    contentType: text('content_type'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The instance running the request while it has no answer (server/plugins/idempotency.ts). */
    owner: text('owner'),
    /** Until when that instance vouches for it; it renews this while the request runs. */
    leaseUntil: timestamptz('lease_until'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_records_created_at_idx').on(t.createdAt)],
);

// ── Marketplace (issue 3): lawyer profiles, availability, cases, reviews, notifications, feedback ──

/** A contract enum's wire values as the non-empty tuple pgEnum wants (same order, so ORDER BY follows it). */
function values<T extends string>(schema: { options: readonly T[] }): [T, ...T[]] {
  const [first, ...rest] = schema.options;
  if (first === undefined) throw new Error('empty enum');
  return [first, ...rest];
}

export const verificationStatus = pgEnum('verification_status', values(VerificationStatusSchema));
export const practicingCourt = pgEnum('practicing_court', values(PracticingCourtSchema));
export const division = pgEnum('division', values(DivisionSchema));
export const district = pgEnum('district', values(DistrictSchema));
export const specialization = pgEnum('specialization', values(SpecializationSchema));
export const lawyerLanguage = pgEnum('lawyer_language', values(LanguageSchema));
/** Declared SAT … FRI, so ordering by the column is the Saturday-first week of docs/api.md §3. */
export const dayOfWeek = pgEnum('day_of_week', values(DayOfWeekSchema));
export const caseStatus = pgEnum('case_status', values(CaseStatusSchema));
export const notificationType = pgEnum('notification_type', values(NotificationTypeSchema));
export const feedbackCategory = pgEnum('feedback_category', values(FeedbackCategorySchema));
export const feedbackStatus = pgEnum('feedback_status', values(FeedbackStatusSchema));
export const complaintCategory = pgEnum('complaint_category', values(ComplaintCategorySchema));
export const complaintStatus = pgEnum('complaint_status', values(ComplaintStatusSchema));

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The directory's search vector. Its lexemes are the tokens the server wrote into search_title and
 * search_body (server/search/db-query.ts indexDocument: NFC, lower case, split on anything that is
 * not a letter, mark or digit, each word as written and its stems), taken verbatim by array_to_tsvector. PostgreSQL's own text parser
 * is not used because it splits Bangla differently per server locale (C.UTF-8 breaks words at a
 * zero-width joiner, PGlite does not), and there is no Bangla dictionary anyway.
 */
const searchVectorExpression: SQL = sql`array_to_tsvector(string_to_array(btrim(search_title || ' ' || search_body), ' '))`;
/** The names and firm alone: a match there ranks above a match in the bio. */
const titleVectorExpression: SQL = sql`array_to_tsvector(string_to_array(search_title, ' '))`;

export const lawyerProfiles = pgTable(
  'lawyer_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firm: text('firm').notNull(),
    yearsOfExperience: smallint('years_of_experience').notNull(),
    barCertificateNumber: text('bar_certificate_number').notNull(),
    barAssociation: text('bar_association'),
    practicingCourt: practicingCourt('practicing_court').notNull(),
    division: division('division').notNull(),
    district: district('district').notNull(),
    bio: text('bio').notNull().default(''),
    languages: lawyerLanguage('languages')
      .array()
      .notNull()
      .default(sql`'{BN}'`),
    specializations: specialization('specializations').array().notNull(),
    hourlyCharge: numeric('hourly_charge', { precision: 12, scale: 2, mode: 'number' }),
    verificationStatus: verificationStatus('verification_status').notNull().default('PENDING'),
    /** When the profile last entered PENDING: the admin queue is oldest first by this. */
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    verifiedAt: timestamptz('verified_at'),
    rejectionReason: text('rejection_reason'),
    /** The bar certificate: storage key (generated name), type by content, the uploader's file name. */
    certificateKey: text('certificate_key'),
    certificateContentType: text('certificate_content_type'),
    certificateName: text('certificate_name'),
    certificateSize: integer('certificate_size'),
    certificateUploadedAt: timestamptz('certificate_uploaded_at'),
    /** Denormalised from reviews in the same transaction as every review write (the directory sorts by them). */
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    reviewCount: integer('review_count').notNull().default(0),
    /** Search tokens of the names and firm, and of the bio (see searchVectorExpression). */
    searchTitle: text('search_title').notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchVectorExpression),
    searchTitleVector: tsvector('search_title_vector').generatedAlwaysAs(titleVectorExpression),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lawyer_profiles_user_id_key').on(t.userId),
    // Case-insensitive: "dhk/1234" and "DHK/1234" are the same enrolment.
    uniqueIndex('lawyer_profiles_bar_certificate_number_key').on(sql`upper(${t.barCertificateNumber})`),
    index('lawyer_profiles_status_submitted_idx').on(t.verificationStatus, t.submittedAt),
    // The directory lists APPROVED profiles only: partial indexes keep every filter and sort small.
    // Each sort of modules/directory/repository.ts reads one of these in order (nulls last both ways).
    index('lawyer_profiles_dir_rating_desc_idx')
      .on(sql`${t.averageRating} desc nulls last`, sql`${t.reviewCount} desc`, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_rating_asc_idx')
      .on(sql`${t.averageRating} asc nulls last`, t.reviewCount, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_experience_idx')
      .on(t.yearsOfExperience, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_charge_asc_idx')
      .on(sql`${t.hourlyCharge} asc nulls last`, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_charge_desc_idx')
      .on(sql`${t.hourlyCharge} desc nulls last`, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_division_idx')
      .on(t.division, t.district)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_district_idx')
      .on(t.district)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    index('lawyer_profiles_dir_court_idx')
      .on(t.practicingCourt)
      .where(sql`${t.verificationStatus} = 'APPROVED'`),
    // Also lawyer_profiles_dir_count_idx (migration 0020): (division, district) INCLUDE the charge,
    // court, experience and rating, so counting matches reads the index only. drizzle's builder has
    // no INCLUDE. And lawyer_profiles_search_text_trgm_idx (migration 0021): a pg_trgm GIN index on
    // (search_title || ' ' || search_body) for the substring fallback; the builder takes no operator
    // class on an expression.
    index('lawyer_profiles_specializations_idx').using('gin', t.specializations).with({ fastupdate: false }),
    index('lawyer_profiles_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('lawyer_profiles_years_check', sql`${t.yearsOfExperience} between 0 and 50`),
    check('lawyer_profiles_charge_check', sql`${t.hourlyCharge} is null or ${t.hourlyCharge} > 0`),
    check('lawyer_profiles_rating_check', sql`${t.averageRating} is null or ${t.averageRating} between 1 and 5`),
  ],
);

/** Weekly availability: a lawyer's recurring free hours, Saturday first. */
export const availabilitySlots = pgTable(
  'availability_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: dayOfWeek('day').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('availability_slots_lawyer_day_idx').on(t.lawyerId, t.day, t.startTime),
    check('availability_slots_order_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

/** A case between a lawyer and a client (docs/api.md §4 Cases; its routes arrive with issue 4). */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: caseStatus('status').notNull().default('IN_PROGRESS'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('cases_lawyer_id_idx').on(t.lawyerId, t.createdAt),
    index('cases_client_id_idx').on(t.clientId, t.createdAt),
  ],
);

/** One review per case, by its client, of its lawyer. */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    review: text('review').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_case_id_key').on(t.caseId),
    index('reviews_lawyer_created_idx').on(t.lawyerId, t.createdAt),
    index('reviews_client_id_idx').on(t.clientId),
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** In-app notifications; every module creates them through modules/notifications (one notify()). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    /** The text in the recipient's language when written: what is shown when `template` is null or unknown. */
    content: text('content').notNull(),
    /**
     * The catalogue entry (server/modules/notifications/texts.ts) and its parameters: the text is
     * rendered when read, in the reader's language then (issue 20). Null for rows from before, and
     * for text a person wrote (POST /notifications/send).
     */
    template: text('template'),
    params: jsonb('params'),
    link: text('link'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`not ${t.read}`),
  ],
);

/**
 * The version of each user's case list and notification list, bumped by triggers in the writer's
 * transaction (migration 0022; server/db/read-versions.ts reads it before answering from memory).
 */
export const readVersions = pgTable(
  'read_versions',
  {
    userId: uuid('user_id').notNull(),
    list: text('list').$type<ReadVersionList>().notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'read_versions_pkey', columns: [t.userId, t.list] })],
);

/** The lists whose versions the triggers of migration 0022 keep. */
export type ReadVersionList = 'cases' | 'notifications' | 'conversations';

/** Whether each type of notification is also mailed and pushed: one row per (user, type). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    emailEnabled: boolean('email_enabled').notNull(),
    webPushEnabled: boolean('web_push_enabled').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** A browser's web-push subscription (PushSubscription.toJSON()); the endpoint is unique. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
  ],
);

/** Product feedback from any signed-in user, answered by the admin. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: feedbackCategory('category').notNull(),
    message: text('message').notNull(),
    pagePath: text('page_path'),
    status: feedbackStatus('status').notNull().default('OPEN'),
    response: text('response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    index('feedback_sender_created_idx').on(t.senderId, t.createdAt),
    index('feedback_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** A client's complaint about a lawyer, optionally about one of their shared cases. */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    complainantId: uuid('complainant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    category: complaintCategory('category').notNull(),
    description: text('description').notNull(),
    status: complaintStatus('status').notNull().default('OPEN'),
    response: text('response'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    index('complaints_complainant_created_idx').on(t.complainantId, t.createdAt),
    index('complaints_status_created_idx').on(t.status, t.createdAt),
    index('complaints_lawyer_id_idx').on(t.lawyerId),
  ],
);

// ── Durable jobs (server/jobs) ──────────────────────────────────────────────────────────────────

/**
 * Work that must happen after a transaction commits, or later, and must survive a restart: web push,
 * notification mail, reminders, payment release. A row is inserted in the transaction of the data it
 * acts on, deleted once its handler succeeds, and kept with `dead_at` and its last error when it runs
 * out of attempts. `locked_until` is the lease of the worker running it: past it, the job is claimable
 * again (that worker died). `attempts` counts claims, so it also names the claim a worker holds.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** At most one live (not dead) job per key: enqueue is idempotent, cancel finds it by this. */
    dedupeKey: text('dedupe_key'),
    runAt: timestamptz('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    deadAt: timestamptz('dead_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_key')
      .on(t.dedupeKey)
      .where(sql`${t.deadAt} is null`),
    // In claim order (run_at, id): a claim reads the first few entries instead of sorting every due row.
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.deadAt} is null`),
    check('jobs_max_attempts_check', sql`${t.maxAttempts} >= 1`),
  ],
);

// ── Chat (issue 6) ──────────────────────────────────────────────────────────────────────────────

/**
 * One conversation per unordered pair of users, stored in order (user_low < user_high) so the pair
 * has one key. `last_seq` is the seq of its newest message: a send locks the row (SELECT … FOR
 * UPDATE) and bumps it, so seqs are 1, 2, 3 … without gaps even when both users send at once.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the newest message arrived: the inbox is ordered by it. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.userLow, t.userHigh),
    index('conversations_user_low_updated_idx').on(t.userLow, t.updatedAt),
    index('conversations_user_high_updated_idx').on(t.userHigh, t.updatedAt),
    check('conversations_pair_order_check', sql`${t.userLow} < ${t.userHigh}`),
    check('conversations_last_seq_check', sql`${t.lastSeq} >= 0`),
  ],
);

/**
 * Chat messages. (conversation_id, seq) is unique and dense; (sender_id, client_message_id) is
 * unique, so an outbox that sends one message many times stores it once. Unread = read_at is null.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    readAt: timestamptz('read_at'),
    clientMessageId: uuid('client_message_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_message_id_key')
      .on(t.senderId, t.clientMessageId)
      .where(sql`${t.clientMessageId} is not null`),
    // Unread counts read only this (small) index.
    index('messages_unread_idx')
      .on(t.receiverId, t.conversationId)
      .where(sql`${t.readAt} is null`),
    check('messages_seq_check', sql`${t.seq} >= 1`),
    check('messages_content_check', sql`char_length(${t.content}) between 1 and 1000`),
  ],
);

// ── Case assets (issue 4) ───────────────────────────────────────────────────────────────────────

export const assetPrivacy = pgEnum('asset_privacy', values(AssetPrivacySchema));

/** A note on a case by one of its parties; PRIVATE ones exist for their owner alone. */
export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    privacy: assetPrivacy('privacy').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('notes_case_created_idx').on(t.caseId, t.createdAt),
    check('notes_content_check', sql`char_length(${t.content}) between 1 and 10000`),
  ],
);

/**
 * A file on a case, uploaded by one of its parties. The bytes live in file storage under
 * `storage_key` (a generated name); `file_name` is the client's name, cleaned, for downloads only.
 * `extracted_text` is what the AI document search reads (null when the file has no text layer);
 * `text_status` says why: EXTRACTED, NO_TEXT (an image or a scan), UNSEARCHABLE_ENCODING (a
 * Bijoy/SutonnyMJ PDF whose glyphs are not Unicode Bangla) or FAILED.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    privacy: assetPrivacy('privacy').notNull(),
    extractedText: text('extracted_text'),
    textStatus: text('text_status').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('documents_case_created_idx').on(t.caseId, t.createdAt),
    uniqueIndex('documents_storage_key_key').on(t.storageKey),
    check('documents_size_check', sql`${t.size} between 1 and 10485760`),
    check(
      'documents_text_status_check',
      sql`${t.textStatus} in ('EXTRACTED', 'NO_TEXT', 'UNSEARCHABLE_ENCODING', 'FAILED')`,
    ),
  ],
);

// ── Schedules and the calendar (issue 4) ────────────────────────────────────────────────────────

export const scheduleType = pgEnum('schedule_type', values(ScheduleTypeSchema));

/**
 * An event on a case (hearing, filing deadline, consultation …), made by either party. `date`,
 * `start_time` and `end_time` are wall-clock times in Asia/Dhaka as the contract carries them;
 * `starts_at`/`ends_at` are the same instants as timestamps, for ordering, calendar ranges and the
 * reminder jobs (`schedule-reminder:{id}:24h` and `:1h`).
 */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: scheduleType('type').notNull(),
    description: text('description').notNull().default(''),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('schedules_case_starts_idx').on(t.caseId, t.startsAt),
    index('schedules_starts_idx').on(t.startsAt),
    check('schedules_order_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A user's private calendar feed (an ICS URL that Google, Apple and Outlook calendars subscribe to).
 * The URL carries a random 256-bit token, kept here so GET can show the same URL again; rotating
 * replaces it, so the old URL stops working at once. The feed is read-only and shows titles and
 * times of the user's own events, which is what a leaked URL would expose until rotated.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** A user's link to Google Calendar (OAuth 2.0, offline access), when GOOGLE_CLIENT_ID is set. */
export const googleCalendarLinks = pgTable('google_calendar_links', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refreshToken: text('refresh_token').notNull(),
  accessToken: text('access_token'),
  accessTokenExpiresAt: timestamptz('access_token_expires_at'),
  scope: text('scope').notNull().default(''),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// ── Law corpus for the AI assistant and document search (issue 10) ─────────────────────────────

/**
 * An Act of the shipped law corpus (server/ai/corpus): `act_id` is the bdlaws id, `url` the official
 * page. `corpus_version` is the packed corpus's fingerprint, so a start that finds an older one
 * reloads (server/ai/corpus/load.ts); the rows are never edited by users.
 */
export const lawActs = pgTable('law_acts', {
  actId: integer('act_id').primaryKey(),
  title: text('title').notNull(),
  actNo: text('act_no').notNull(),
  year: integer('year'),
  language: text('language').notNull(),
  url: text('url').notNull(),
  corpusVersion: text('corpus_version').notNull(),
});

/** One section (an article of the Constitution) of a corpus Act; `section` is null for a preamble. */
export const lawSections = pgTable(
  'law_sections',
  {
    id: text('id').primaryKey(),
    actId: integer('act_id')
      .notNull()
      .references(() => lawActs.actId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    section: text('section'),
    heading: text('heading').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('law_sections_act_position_idx').on(t.actId, t.position)],
);

// ── Law Insights: lawyers' blog posts and their followers (issue 9) ─────────────────────────────

export const blogStatus = pgEnum('blog_status', values(BlogStatusSchema));

/**
 * A lawyer's post. `content` is HTML already sanitised against the allowlist
 * (server/modules/blogs/sanitize.ts); `plain_text` is its text, for excerpts and highlighted search
 * snippets; `search_title`/`search_body` are its search tokens, made like the directory's
 * (server/search/db-query.ts) so English and Bangla search the same on PGlite and
 * PostgreSQL. `published_at` is set by the first publication (the one that notifies followers).
 */
export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    plainText: text('plain_text').notNull(),
    language: text('language').notNull().default('en'),
    status: blogStatus('status').notNull().default('DRAFT'),
    publishedAt: timestamptz('published_at'),
    searchTitle: text('search_title').notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchVectorExpression),
    searchTitleVector: tsvector('search_title_vector').generatedAlwaysAs(titleVectorExpression),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('blogs_author_created_idx').on(t.authorId, t.createdAt),
    index('blogs_published_idx')
      .on(t.publishedAt, t.id)
      .where(sql`${t.status} = 'PUBLISHED'`),
    index('blogs_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('blogs_language_check', sql`${t.language} in ('en', 'bn')`),
    check('blogs_title_check', sql`char_length(${t.title}) between 2 and 255`),
  ],
);

/** A reader following a lawyer's posts: one row per (follower, author), never oneself. */
export const blogSubscriptions = pgTable(
  'blog_subscriptions',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.authorId] }),
    index('blog_subscriptions_author_idx').on(t.authorId, t.createdAt),
    check('blog_subscriptions_self_check', sql`${t.followerId} <> ${t.authorId}`),
  ],
);

// ── Video meetings and escrowed payments (issue 8) ─────────────────────────────────────────────

export const paymentStatus = pgEnum('payment_status', values(PaymentStatusSchema));
export const paymentMethod = pgEnum('payment_method', values(PaymentMethodSchema));

/** A paid 1:1 video meeting a lawyer schedules with a client; `room_name` is generated, unguessable. */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    roomName: text('room_name').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('meetings_room_name_idx').on(t.roomName),
    index('meetings_lawyer_starts_idx').on(t.lawyerId, t.startsAt),
    index('meetings_client_starts_idx').on(t.clientId, t.startsAt),
    check('meetings_end_after_start_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('meetings_parties_check', sql`${t.lawyerId} <> ${t.clientId}`),
  ],
);

/**
 * Money held in escrow for a meeting: BDT to the paisa (numeric(12,2), read as a decimal string so
 * no float ever touches it). `provider_session_id` is the checkout session; `transaction_id` the
 * provider's hold (sandbox: a ledger hold id; Stripe: the PaymentIntent).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    payeeId: uuid('payee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    currency: text('currency').notNull().default('BDT'),
    status: paymentStatus('status').notNull().default('PENDING'),
    paymentMethod: paymentMethod('payment_method'),
    transactionId: text('transaction_id'),
    paymentDate: timestamptz('payment_date'),
    providerSessionId: text('provider_session_id'),
    /** How the payer chose to pay at checkout (CARD or BKASH); null until a checkout was opened. */
    method: text('method', { enum: ['CARD', 'BKASH'] }),
    /** Which provider holds the money (`sandbox`, `stripe`, `bkash`); null before the first checkout (→ the card provider). */
    provider: text('provider'),
    /** The provider's transaction id of the capture (bKash `trxID`), once captured. */
    trxId: text('trx_id'),
    /** Why the payment ended as it did when the parties did not do it themselves (e.g. AUTHORIZATION_EXPIRED). */
    statusReason: text('status_reason'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_idx').on(t.providerSessionId),
    check('payments_method_check', sql`${t.method} in ('CARD', 'BKASH')`),
    index('payments_payer_created_idx').on(t.payerId, t.createdAt),
    index('payments_payee_created_idx').on(t.payeeId, t.createdAt),
    index('payments_meeting_idx').on(t.meetingId),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_currency_check', sql`${t.currency} = 'BDT'`),
  ],
);

/**
 * A client's request for a consultation in one of a lawyer's free times (issue 19). While
 * REQUESTED it holds the time; accepting opens a meeting (`meeting_id`), which holds it from then on.
 * No two REQUESTED bookings or meetings of one lawyer overlap: the `lawyer_time_guard` trigger
 * (migration 0017, on this table and on meetings) takes a per-lawyer transaction lock and refuses an
 * overlap with SQLSTATE 23P01 (decision 0015).
 */
export const bookingStatus = pgEnum('booking_status', values(BookingStatusSchema));
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lawyerId: uuid('lawyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    minutes: integer('minutes').notNull(),
    topic: text('topic').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    status: bookingStatus('status').notNull().default('REQUESTED'),
    declineReason: text('decline_reason'),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bookings_lawyer_starts_idx').on(t.lawyerId, t.startsAt),
    index('bookings_client_starts_idx').on(t.clientId, t.startsAt),
    check('bookings_minutes_check', sql`${t.minutes} in (30, 60)`),
    check('bookings_end_after_start_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('bookings_parties_check', sql`${t.lawyerId} <> ${t.clientId}`),
  ],
);

/** Every status a payment entered, with who or what moved it (a user id, or null for a job). */
export const paymentStatusHistory = pgTable(
  'payment_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: paymentStatus('status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('payment_status_history_payment_idx').on(t.paymentId, t.createdAt)],
);

export const sandboxHoldStatus = pgEnum('sandbox_hold_status', [
  'OPEN',
  'AUTHORIZED',
  'CAPTURED',
  'VOIDED',
  'DECLINED',
]);

/**
 * The sandbox provider's ledger: one row per checkout session. OPEN until the card form is
 * submitted; AUTHORIZED holds `amount_minor` paisa; CAPTURED/VOIDED close the hold. `capture_key`
 * is the idempotency key of the one capture (a second capture with the same key is a no-op).
 */
export const sandboxHolds = pgTable(
  'sandbox_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id').notNull(),
    reference: text('reference').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull().default('BDT'),
    status: sandboxHoldStatus('status').notNull().default('OPEN'),
    cardLast4: text('card_last4'),
    /** CARD (the card form) or BKASH (the wallet steps). */
    method: text('method', { enum: ['CARD', 'BKASH'] })
      .notNull()
      .default('CARD'),
    /** The wallet number that approved or was refused (BKASH). */
    wallet: text('wallet'),
    /** Why the last attempt was refused (INSUFFICIENT_BALANCE, WRONG_PIN, WALLET_LOCKED, …). */
    declineReason: text('decline_reason'),
    /** The transaction id given at capture (like bKash's trxID). */
    trxId: text('trx_id'),
    authorizedAt: timestamptz('authorized_at'),
    capturedAt: timestamptz('captured_at'),
    capturedMinor: integer('captured_minor'),
    captureKey: text('capture_key'),
    voidedAt: timestamptz('voided_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_holds_session_idx').on(t.sessionId),
    check('sandbox_holds_amount_check', sql`${t.amountMinor} > 0`),
    check('sandbox_holds_method_check', sql`${t.method} in ('CARD', 'BKASH')`),
  ],
);

/**
 * The sandbox's test wallets: wrong PINs counted per wallet, as bKash does; the third locks the
 * wallet (every later payment from it is refused as locked).
 */
export const sandboxWallets = pgTable('sandbox_wallets', {
  wallet: text('wallet').primaryKey(),
  pinFailures: integer('pin_failures').notNull().default(0),
  lockedAt: timestamptz('locked_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

// ── AI assistant sessions (docs/api.md §9) ──────────────────────────────────────────────────────

/**
 * An AI chat session of one user. The id is text: a UUID made by the server, or a client-made
 * `session_{digits}_{alphanumerics}` (docs/product.md §2: the session id guard accepts both).
 */
export const aiSessions = pgTable(
  'ai_sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('ai_sessions_user_updated_idx').on(t.userId, t.updatedAt)],
);

/** A question or an answer in a session; an answer's metadata holds its citations. */
export const aiMessages = pgTable(
  'ai_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => aiSessions.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ai_messages_session_created_idx').on(t.sessionId, t.createdAt),
    check('ai_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
  ],
);

/**
 * A file attached to one AI chat session: only its extracted text is kept (the bytes are not
 * stored), and it joins the retrieval of that session only. The owner is kept beside the session
 * so every read can take the caller; a deleted session or user takes its documents with it.
 */
export const aiSessionDocuments = pgTable(
  'ai_session_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => aiSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    textStatus: text('text_status').notNull(),
    extractedText: text('extracted_text'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ai_session_documents_session_idx').on(t.sessionId, t.createdAt),
    check(
      'ai_session_documents_status_check',
      sql`${t.textStatus} in ('EXTRACTED', 'NO_TEXT', 'UNSEARCHABLE_ENCODING', 'FAILED')`,
    ),
  ],
);

/**
 * The directory's searchable columns of every profile, narrow and fixed-width first (migration 0024,
 * docs/decisions/0025-directory-search-table.md): free-text counts and the relevance ranking read
 * it, about a third of the pages the wide profiles take. Kept by triggers on lawyer_profiles; the
 * repository never writes it.
 */
export const directorySearch = pgTable(
  'directory_search',
  {
    id: uuid('id').primaryKey(),
    verificationStatus: verificationStatus('verification_status').notNull(),
    division: division('division').notNull(),
    district: district('district').notNull(),
    practicingCourt: practicingCourt('practicing_court').notNull(),
    yearsOfExperience: smallint('years_of_experience').notNull(),
    hourlyCharge: numeric('hourly_charge', { precision: 12, scale: 2, mode: 'number' }),
    averageRating: numeric('average_rating', { precision: 3, scale: 2, mode: 'number' }),
    specializations: specialization('specializations').array().notNull(),
    searchTitleVector: tsvector('search_title_vector'),
    searchVector: tsvector('search_vector'),
  },
  (t) => [
    index('directory_search_vector_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('directory_search_specializations_idx').using('gin', t.specializations).with({ fastupdate: false }),
  ],
);

/**
 * How many APPROVED lawyers each directory filter holds, per hourly charge: NULL in a filter column
 * means "any", a NULL charge a lawyer without one. Kept by triggers on lawyer_profiles in the
 * writer's transaction (migration 0023, which also holds its unique key, NULLS NOT DISTINCT);
 * server/modules/directory/repository.ts sums it for a search's count.
 */
export const directoryCounts = pgTable('directory_counts', {
  division: division('division'),
  district: district('district'),
  specialization: specialization('specialization'),
  hourlyCharge: numeric('hourly_charge', { precision: 12, scale: 2, mode: 'number' }),
  lawyers: integer('lawyers').notNull(),
});
