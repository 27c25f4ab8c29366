/**
 * The texts of the contract's domain modules (bookings, chat, documents, meetings, push, payments,
 * schedules): what the server answers in `message` and `error.message`. They are part of the wire
 * contract like contract/errors.ts, and each domain module re-exports its own, so the server keeps
 * importing them from there. Kept here, apart from the zod schemas, because the web client
 * translates every one of them (src/lib/contract-text.ts) on screens that validate nothing with zod,
 * such as /login: importing a text from a schema module would load zod and the schemas with it
 * (docs/benchmarks.md, issue 18).
 */
import type { TextStatus } from './documents';

// The sign-in fields (contract/auth.ts's EmailSchema and CurrentPasswordSchema), also checked
// without zod by the sign-in form (src/features/auth/login-checks.ts).
export const AuthFieldMessages = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Email must be a valid email address',
  passwordRequired: 'Password is required',
} as const;

// Bookings (contract/bookings.ts).
export const BookingMessages = {
  created: 'Booking request sent',
  accepted: 'Booking accepted; the client has been asked to pay',
  declined: 'Booking declined',
  cancelled: 'Booking cancelled',
  notFound: 'Booking not found',
  lawyerNotFound: 'Lawyer not found',
  taken: 'This time is no longer free',
  notFree: "This time is not one of the lawyer's free times",
  notWaiting: 'This booking is no longer waiting for an answer',
  lawyerOnly: 'Only the lawyer can answer a booking request',
  clientOnly: 'Only the client can cancel a booking request',
  topicLength: 'Describe your matter in 10 to 1000 characters',
  reasonLength: 'The reason must be 10 to 1000 characters',
  minutes: 'A consultation lasts 30 or 60 minutes',
  invalidStart: 'Start must be an ISO-8601 date-time with an offset',
  invalidEmail: 'Email must be a valid email address',
  invalidDays: 'Days must be a whole number from 1 to 28',
} as const;

// Chat (contract/chat.ts).
/** docs/product.md §5: a recipient must be present and differ from the sender. */
export const ChatMessages = {
  invalidRecipient: 'Invalid message recipient.',
  recipientDeleted: 'This person has deleted their account and can no longer receive messages',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  sent: 'Message sent',
  conversationRead: 'Conversation marked as read',
} as const;

// Case documents (contract/documents.ts).
export const DocumentMessages = {
  documentNotFound: 'Document not found',
  documentUploaded: 'Document uploaded',
  documentUpdated: 'Document updated',
  documentDeleted: 'Document deleted',
  oneFileOnly: 'Upload one file at a time',
  fileEmpty: 'File is empty',
  fileTooLarge: 'File is larger than 10 MB',
  unsupportedType: 'Only PDF, DOCX, TXT, PNG and JPEG files are accepted',
  nameMismatch: 'The file name does not match its content',
} as const;

/** What the client tells the uploader about the text of a file, by its status (none for EXTRACTED). */
export const TextStatusMessages = {
  NO_TEXT: 'This file has no text that can be searched',
  UNSEARCHABLE_ENCODING:
    'The text of this file cannot be searched: it uses a Bijoy font such as SutonnyMJ. Save it with a Unicode Bangla font to make it searchable.',
  FAILED: 'The text of this file could not be read for search',
} as const satisfies Record<Exclude<TextStatus, 'EXTRACTED'>, string>;

// Video meetings (contract/meetings.ts).
export const MeetingMessages = {
  meetingNotFound: 'Meeting not found',
  meetingCreated: 'Meeting scheduled',
  meetingUpdated: 'Meeting updated',
  meetingDeleted: 'Meeting cancelled',
  clientNotFound: 'No client account with this email',
  noHourlyCharge: 'Set your hourly charge before scheduling a paid meeting',
  startInPast: 'Start time must be in the future',
  endBeforeStart: 'End time must be after start time',
  tooLong: 'A meeting can last at most 8 hours',
  invalidDateTime: 'Date and time must be ISO-8601 with an offset',
  titleRequired: 'Title is required',
  titleLength: 'Title must be between 2 and 255 characters',
  invalidEmail: 'Email must be a valid email address',
  locked: 'A meeting can only be changed while unpaid and before it starts',
  notStarted: 'Meeting has not started yet',
  ended: 'Meeting has already ended',
  paymentRequired: 'Payment must be completed before joining the meeting',
  invalidMeetingId: 'Invalid meeting id',
  timeTaken: 'This time overlaps another of your meetings or booking requests',
} as const;

// Web push (contract/notifications.ts).
export const PushMessages = {
  subscribed: 'Push subscription saved',
  unsubscribed: 'Push subscription removed',
  receiverNotFound: 'Receiver not found',
  endpointNotAllowed: 'This browser’s push service is not one the server sends to',
} as const;

// Payments (contract/payments.ts).
export const PaymentMessages = {
  paymentNotFound: 'Payment not found',
  paymentCreated: 'Payment created',
  sessionCreated: 'Checkout session created',
  paymentCompleted: 'Payment completed',
  paymentReleased: 'Payment released',
  paymentCanceled: 'Payment cancelled',
  paymentRefunded: 'Payment refunded',
  notPending: 'Only a pending payment can be paid',
  notPaid: 'Only a held (PAID) payment can be released',
  cannotCancel: 'This payment can no longer be cancelled',
  holdNotConfirmed: 'The payment provider has not confirmed the payment',
  sessionNotFound: 'Checkout session not found',
  cardDeclined: 'Your card was declined',
  invalidCardNumber: 'Card number is invalid',
  invalidExpiry: 'Expiry date is invalid or in the past',
  invalidCvc: 'CVC must be 3 or 4 digits',
  invalidAmount: 'Amount must be a positive number with at most 2 decimals',
  // bKash (issue "Pay with bKash"): what a wallet payment can answer, in the envelope's error.message.
  invalidWallet: 'Enter your 11-digit bKash wallet number starting with 01',
  invalidOtp: 'The verification code has 6 digits',
  invalidPin: 'The bKash PIN has 5 digits',
  walletWrongCode: 'The verification code is wrong',
  walletInsufficientBalance: 'Your bKash balance is not enough for this payment',
  walletWrongPin: 'The bKash PIN is wrong',
  walletLocked: 'This bKash wallet is locked after too many wrong PINs. Call bKash on 16247 to unlock it.',
  walletTimedOut: 'The bKash payment timed out. Please try again.',
  walletDeclined: 'bKash did not approve the payment',
  walletCancelled: 'The bKash payment was cancelled',
  providerUnavailable: 'The payment service is not answering right now. Please try again in a few minutes.',
  methodNotOffered: 'This payment method is not offered here',
  authorizationExpired: 'bKash ended the hold before the payment was released, so the money was returned to the client',
  returnUrlOrigin: 'Return URLs must be on an allowed origin',
} as const;

// Schedules and the calendar (contract/schedules.ts).
export const ScheduleMessages = {
  scheduleNotFound: 'Schedule not found',
  scheduleCreated: 'Schedule created',
  scheduleUpdated: 'Schedule updated',
  scheduleDeleted: 'Schedule deleted',
  caseResolved: 'Schedules cannot be added to a resolved case',
  endBeforeStart: 'End time must be after start time',
  invalidDate: 'Date must be a valid date (YYYY-MM-DD)',
  invalidTime: 'Time must be HH:mm',
  oneDay: 'The date, start and end must fall on one day in Dhaka',
  rangeOrder: 'The end of the date range must not be before its start',
  titleRequired: 'Title is required',
  titleLength: 'Title must be between 2 and 255 characters',
  descriptionText: 'Description must be text',
  descriptionLength: 'Description must be at most 2000 characters',
  invalidCaseId: 'Invalid case id',
} as const;

export const CalendarMessages = {
  feedUrl: 'Calendar feed URL',
  feedRotated: 'Calendar feed URL replaced; the old URL no longer works',
  googleNotConfigured: 'Google Calendar integration is not configured',
  googleAuthorize: 'Open this URL to connect Google Calendar',
  googleStateInvalid: 'Invalid or expired Google authorization request',
} as const;
