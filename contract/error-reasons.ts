/**
 * `error.reason`: the stable machine code of every error the API answers with (issue 20), beside the
 * English `error.message` (wire contract, unchanged) and `error.code` (the HTTP status). Clients key
 * their own text on the reason, so the Bangla interface never shows the server's English.
 *
 * The server does not name reasons at its throw sites: a thrown message is looked up here
 * (`reasonFor`), so every module's existing errors carry their reason, and an error this table does
 * not know still carries its status's generic reason. A reason, once published, never changes
 * meaning; add new ones rather than renaming.
 *
 * The messages are written out here rather than imported from each module's catalogue, so the
 * client's first load does not carry every contract schema (and zod) for them;
 * contract/error-reasons.test.ts holds each one equal to its catalogue's text.
 */
import { ServerMessages } from './errors';

/** The reason of an error whose message this table does not know, by HTTP status. */
export const GENERIC_REASONS = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URL_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  431: 'HEADERS_TOO_LARGE',
  500: 'INTERNAL',
  503: 'SERVICE_UNAVAILABLE',
} as const;
export type GenericReason = (typeof GENERIC_REASONS)[keyof typeof GENERIC_REASONS];

/** Each specific reason and the English message the server sends with it. */
export const REASON_MESSAGES = {
  VALIDATION_FAILED: ServerMessages.validationFailed,
  NOT_FOUND: ServerMessages.notFound,
  RATE_LIMITED: ServerMessages.rateLimited,
  INTERNAL: ServerMessages.internal,
  PAYLOAD_TOO_LARGE: ServerMessages.payloadTooLarge,
  UNSUPPORTED_MEDIA_TYPE: ServerMessages.unsupportedMediaType,
  URL_TOO_LONG: ServerMessages.urlTooLong,
  HEADERS_TOO_LARGE: ServerMessages.headersTooLarge,
  MALFORMED_JSON: ServerMessages.malformedJson,
  AUTHENTICATION_REQUIRED: ServerMessages.unauthorized,
  INVALID_TOKEN: ServerMessages.invalidToken,
  EMAIL_NOT_VERIFIED: ServerMessages.emailNotVerified,
  ACCESS_DENIED: ServerMessages.accessDenied,
  ROUTE_NOT_FOUND: ServerMessages.routeNotFound,
  PASSWORD_CHECK_BUSY: ServerMessages.passwordCheckBusy,
  IDEMPOTENCY_KEY_REUSED: ServerMessages.idempotencyMismatch,
  IDEMPOTENCY_IN_PROGRESS: ServerMessages.idempotencyInProgress,
  INVALID_TEXT: ServerMessages.invalidText,
  MALFORMED_MULTIPART: ServerMessages.malformedMultipart,
  MALFORMED_URL: ServerMessages.malformedUrl,
  MALFORMED_REQUEST: ServerMessages.malformedRequest,
  USER_EXISTS: ServerMessages.userExists,
  INVALID_CREDENTIALS: ServerMessages.invalidCredentials,
  EMAIL_ALREADY_VERIFIED: ServerMessages.emailAlreadyVerified,
  INVALID_VERIFICATION_CODE: ServerMessages.invalidVerificationCode,
  OTP_INVALID: ServerMessages.otpInvalid,
  OTP_COOLDOWN: ServerMessages.otpCooldown,
  REFRESH_TOKEN_INVALID: ServerMessages.refreshInvalid,
  OLD_PASSWORD_INCORRECT: ServerMessages.oldPasswordIncorrect,
  PASSWORD_UNCHANGED: ServerMessages.passwordSame,
  INVALID_IMAGE: ServerMessages.invalidImage,
  FILE_REQUIRED: ServerMessages.fileRequired,
  PASSWORD_INCORRECT: ServerMessages.passwordIncorrect,
  DELETE_CONFIRMATION_REQUIRED: ServerMessages.deleteConfirmationRequired,
  ACCOUNT_PAYMENTS_OPEN: ServerMessages.accountDeletionPaymentsOpen,
  LAWYER_NOT_APPROVED: 'Your lawyer profile must be approved before you can do this',
  LAWYER_NOT_FOUND: 'Lawyer not found',
  LAWYER_PROFILE_NOT_CREATED: 'Lawyer profile has not been created yet',
  LAWYER_PROFILE_EXISTS: 'Lawyer profile already exists',
  BAR_NUMBER_TAKEN: 'A lawyer with this bar certificate number already exists',
  BAR_NUMBER_IMMUTABLE: 'Bar certificate number cannot be changed',
  CREDENTIALS_INVALID: 'Bar certificate must be a PDF, JPEG or PNG file of at most 5 MB',
  CREDENTIALS_MISSING: 'No bar certificate has been uploaded',
  SLOT_OVERLAP: 'This slot overlaps another of your availability slots',
  SLOT_NOT_FOUND: 'Availability slot not found',
  REVIEW_NOT_FOUND: 'Review not found',
  REVIEW_EXISTS: 'You have already reviewed this case',
  REVIEW_CASE_NOT_RESOLVED: 'Only a resolved case can be reviewed',
  REVIEW_NOT_YOUR_CASE: 'You can only review your own cases',
  CASE_CLIENT_NOT_FOUND: 'No client is found with this email address',
  CASE_NOT_FOUND: 'Case not found',
  CASE_STATUS_UNCHANGED: 'The case already has this status',
  NOTE_NOT_FOUND: 'Note not found',
  DOCUMENT_NOT_FOUND: 'Document not found',
  FILE_EMPTY: 'File is empty',
  FILE_TOO_LARGE: 'File is larger than 10 MB',
  FILE_TYPE_UNSUPPORTED: 'Only PDF, DOCX, TXT, PNG and JPEG files are accepted',
  FILE_NAME_MISMATCH: 'The file name does not match its content',
  ONE_FILE_ONLY: 'Upload one file at a time',
  SCHEDULE_NOT_FOUND: 'Schedule not found',
  CASE_RESOLVED: 'Schedules cannot be added to a resolved case',
  GOOGLE_NOT_CONFIGURED: 'Google Calendar integration is not configured',
  GOOGLE_STATE_INVALID: 'Invalid or expired Google authorization request',
  MEETING_NOT_FOUND: 'Meeting not found',
  MEETING_CLIENT_NOT_FOUND: 'No client account with this email',
  NO_HOURLY_CHARGE: 'Set your hourly charge before scheduling a paid meeting',
  MEETING_START_IN_PAST: 'Start time must be in the future',
  MEETING_LOCKED: 'A meeting can only be changed while unpaid and before it starts',
  MEETING_NOT_STARTED: 'Meeting has not started yet',
  MEETING_ENDED: 'Meeting has already ended',
  MEETING_PAYMENT_REQUIRED: 'Payment must be completed before joining the meeting',
  PAYMENT_NOT_FOUND: 'Payment not found',
  PAYMENT_NOT_PENDING: 'Only a pending payment can be paid',
  PAYMENT_NOT_PAID: 'Only a held (PAID) payment can be released',
  PAYMENT_CANNOT_CANCEL: 'This payment can no longer be cancelled',
  PAYMENT_HOLD_NOT_CONFIRMED: 'The payment provider has not confirmed the payment',
  CHECKOUT_SESSION_NOT_FOUND: 'Checkout session not found',
  CARD_DECLINED: 'Your card was declined',
  WALLET_WRONG_CODE: 'The verification code is wrong',
  WALLET_INSUFFICIENT_BALANCE: 'Your bKash balance is not enough for this payment',
  WALLET_WRONG_PIN: 'The bKash PIN is wrong',
  WALLET_LOCKED: 'This bKash wallet is locked after too many wrong PINs. Call bKash on 16247 to unlock it.',
  WALLET_TIMED_OUT: 'The bKash payment timed out. Please try again.',
  WALLET_DECLINED: 'bKash did not approve the payment',
  WALLET_CANCELLED: 'The bKash payment was cancelled',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment service is not answering right now. Please try again in a few minutes.',
  PAYMENT_METHOD_NOT_OFFERED: 'This payment method is not offered here',
  RETURN_URL_NOT_ALLOWED: 'Return URLs must be on an allowed origin',
  MEETING_PAYMENT_EXISTS: 'This meeting already has an open payment',
  PAYMENT_PARTIES_MISMATCH: 'The payer must be the meeting’s client and the payee its lawyer',
  CHAT_INVALID_RECIPIENT: 'Invalid message recipient.',
  CHAT_RECIPIENT_DELETED: 'This person has deleted their account and can no longer receive messages',
  CONVERSATION_NOT_FOUND: 'Conversation not found',
  MESSAGE_NOT_FOUND: 'Message not found',
  NOTIFICATION_NOT_FOUND: 'Notification not found',
  PUSH_RECEIVER_NOT_FOUND: 'Receiver not found',
  PUSH_ENDPOINT_NOT_ALLOWED: 'This browser’s push service is not one the server sends to',
  INVALID_CALL_SIGNAL: 'Invalid call signal',
  BLOG_NOT_FOUND: 'Blog not found',
  BLOG_STATUS_UNCHANGED: 'The blog already has this status',
  BLOG_CONTENT_EMPTY: 'Content must contain some text',
  BLOG_TITLE_LENGTH: 'Title must be between 2 and 255 characters',
  AUTHOR_NOT_FOUND: 'Author not found',
  SUBSCRIBE_SELF: 'You cannot subscribe to yourself',
  ALREADY_SUBSCRIBED: 'You are already subscribed to this author',
  NOT_SUBSCRIBED: 'You are not subscribed to this author',
  FEEDBACK_NOT_FOUND: 'Feedback not found',
  COMPLAINT_NOT_FOUND: 'Complaint not found',
  COMPLAINT_CASE_MISMATCH: 'This case is not between you and this lawyer',
  AI_NOT_ALLOWED: 'The AI assistant is for clients and approved lawyers',
  AI_SESSION_NOT_FOUND: 'Chat session not found',
  AI_OWN_SESSIONS_ONLY: 'You can only list your own chat sessions',
  AI_DOCUMENT_TYPE_NOT_ALLOWED: 'Attach a PDF, DOCX or TXT file',
  AI_TOO_MANY_DOCUMENTS: 'A chat can hold at most 10 documents',
  AI_DOCUMENT_NOT_FOUND: 'Document not found in this chat',
  PASSWORD_TOO_WEAK: ServerMessages.passwordMustContain,
  LAWYER_ALREADY_DECIDED: 'This lawyer has already been {status}',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be',
  DATABASE_UNAVAILABLE: 'Database unavailable',
} as const;
export type SpecificReason = keyof typeof REASON_MESSAGES;

export type ErrorReason = GenericReason | SpecificReason;

export const ERROR_REASONS: readonly ErrorReason[] = [
  ...new Set<ErrorReason>([
    ...(Object.values(GENERIC_REASONS) as GenericReason[]),
    ...(Object.keys(REASON_MESSAGES) as SpecificReason[]),
  ]),
];

/** Messages with a variable part, recognised by their fixed beginning. */
const REASON_PATTERNS: readonly (readonly [prefix: string, reason: SpecificReason])[] = [
  [ServerMessages.passwordMustContain, 'PASSWORD_TOO_WEAK'],
  ['This lawyer has already been ', 'LAWYER_ALREADY_DECIDED'],
  ['Idempotency-Key must be', 'IDEMPOTENCY_KEY_INVALID'],
];

const BY_MESSAGE: ReadonlyMap<string, SpecificReason> = (() => {
  const map = new Map<string, SpecificReason>();
  for (const [reason, message] of Object.entries(REASON_MESSAGES) as [SpecificReason, string][]) {
    if (!map.has(message)) map.set(message, reason);
  }
  return map;
})();

/** The generic reason of an HTTP status (an unlisted 4xx is BAD_REQUEST, an unlisted 5xx INTERNAL). */
export function genericReason(status: number): GenericReason {
  const known = (GENERIC_REASONS as Record<number, GenericReason>)[status];
  if (known) return known;
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
}

/**
 * The reason of an error the server answers with `status` and `message`. An unknown 400 carrying
 * per-field errors is a VALIDATION_FAILED (its message joins the field messages).
 */
export function reasonFor(status: number, message: string, hasFields = false): ErrorReason {
  const exact = BY_MESSAGE.get(message);
  if (exact) return exact;
  for (const [prefix, reason] of REASON_PATTERNS) if (message.startsWith(prefix)) return reason;
  if (status === 400 && hasFields) return 'VALIDATION_FAILED';
  return genericReason(status);
}
