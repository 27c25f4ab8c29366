/**
 * Data rights (Bangladesh Personal Data Protection Ordinance 2025; issue 11): the signed-in user's
 * copy of everything the service holds about them, and the deletion of their account. What is
 * deleted, what is kept for the other party or the accounts, and why: docs/decisions/0012-data-rights.md.
 */
import { z } from 'zod';
import { CurrentPasswordSchema } from './auth';
import { ServerMessages } from './errors';
import { DHAKA_UTC_OFFSET_MINUTES } from './schedules';

/** The text a user types to confirm the deletion (the same in both languages: it is a code word). */
export const DELETE_CONFIRMATION = 'DELETE';

export const DeleteAccountBodySchema = z.object({
  password: CurrentPasswordSchema,
  confirm: z.literal(DELETE_CONFIRMATION, { error: ServerMessages.deleteConfirmationRequired }),
});
export type DeleteAccountBody = z.input<typeof DeleteAccountBodySchema>;

/**
 * The name a deleted account keeps where the other party's records still show it (shared cases,
 * messages, payments). Names are data, not interface text, so it reads in both languages at once.
 */
export const DELETED_USER_NAME = { firstName: 'Deleted user', lastName: '(মুছে ফেলা ব্যবহারকারী)' } as const;

/** The `format` of an export file; a later shape gets a new number. */
export const DATA_EXPORT_FORMAT = 'legalconnect-data-export/1';

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * The export file (GET /v1/user/data-export answers it as an attachment, not in the envelope).
 * Rows are plain JSON objects with ISO-8601 times; secrets (password hash, tokens, codes, push keys,
 * the calendar feed token, the Google refresh token, checkout session ids, meeting room names) are
 * never in it.
 */
export const DataExportSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  lawyerProfile: z.record(z.string(), z.unknown()).nullable(),
  availabilitySlots: rows,
  cases: rows,
  notes: rows,
  documents: rows,
  schedules: rows,
  conversations: rows,
  meetings: rows,
  /** [issue 19] Consultation requests I made or received. */
  bookings: rows,
  payments: rows,
  blogs: rows,
  blogFollows: rows,
  reviewsWritten: rows,
  reviewsReceived: rows,
  complaints: rows,
  feedback: rows,
  notifications: rows,
  notificationPreferences: rows,
  aiSessions: rows,
  pushSubscriptions: rows,
  sessions: rows,
  calendar: z.object({ feedEnabled: z.boolean(), googleLinked: z.boolean() }),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** `legalconnect-data-YYYY-MM-DD.json`, the date in Asia/Dhaka (UTC+6, no daylight saving). */
export function dataExportFileName(now: Date): string {
  const dhaka = new Date(now.getTime() + DHAKA_UTC_OFFSET_MINUTES * 60_000);
  return `legalconnect-data-${dhaka.toISOString().slice(0, 10)}.json`;
}
