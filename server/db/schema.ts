/**
 * The database schema (Drizzle pg-core). Tables are snake_case plurals; `drizzle-kit generate`
 * turns changes here into SQL under ./migrations, which PGlite and PostgreSQL both apply at start.
 * Keep it PostgreSQL-15 compatible: PGlite is 18, production may be 15.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '../../contract/auth';

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
 * Idempotency-Key records (CONTRACT §1): the first response to (user, key) is kept for 24 h and
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_records_created_at_idx').on(t.createdAt)],
);
