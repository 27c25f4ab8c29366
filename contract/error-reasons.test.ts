/**
 * contract/error-reasons.ts writes each reason's message out (to keep the client's first load
 * small); here each one is held equal to the module catalogue the server throws it from.
 */
import { describe, expect, it } from 'vitest';
import { AiChatMessages, AiDocumentMessages, AiMessages } from './ai';
import { BLOG_TITLE_MAX, BLOG_TITLE_MIN, BlogMessages } from './blogs';
import { CaseMessages } from './cases';
import { ChatMessages } from './chat';
import { DocumentMessages } from './documents';
import { ServerMessages } from './errors';
import { FeedbackMessages } from './feedback';
import { LawyerMessages } from './lawyers';
import { MeetingMessages } from './meetings';
import { NotificationMessages, PushMessages } from './notifications';
import { PaymentMessages } from './payments';
import { CalendarMessages, ScheduleMessages } from './schedules';
import { REASON_MESSAGES, reasonFor } from './error-reasons';

const FROM_CATALOGUES: Record<string, string> = {
  // Requests and sessions (contract/errors.ts)
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
  // Accounts
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
  // Lawyers, directory and reviews
  LAWYER_NOT_APPROVED: LawyerMessages.notApproved,
  LAWYER_NOT_FOUND: LawyerMessages.lawyerNotFound,
  LAWYER_PROFILE_NOT_CREATED: LawyerMessages.profileNotCreated,
  LAWYER_PROFILE_EXISTS: LawyerMessages.profileExists,
  BAR_NUMBER_TAKEN: LawyerMessages.barNumberTaken,
  BAR_NUMBER_IMMUTABLE: LawyerMessages.barNumberImmutable,
  CREDENTIALS_INVALID: LawyerMessages.credentialsInvalid,
  CREDENTIALS_MISSING: LawyerMessages.credentialsMissing,
  SLOT_OVERLAP: LawyerMessages.slotOverlap,
  SLOT_NOT_FOUND: LawyerMessages.slotNotFound,
  REVIEW_NOT_FOUND: LawyerMessages.reviewNotFound,
  REVIEW_EXISTS: LawyerMessages.reviewExists,
  REVIEW_CASE_NOT_RESOLVED: LawyerMessages.reviewCaseNotResolved,
  REVIEW_NOT_YOUR_CASE: LawyerMessages.reviewNotYourCase,
  // Cases, notes, documents, schedules, calendar
  CASE_CLIENT_NOT_FOUND: CaseMessages.clientNotFound,
  CASE_NOT_FOUND: CaseMessages.caseNotFound,
  CASE_STATUS_UNCHANGED: CaseMessages.statusUnchanged,
  NOTE_NOT_FOUND: CaseMessages.noteNotFound,
  DOCUMENT_NOT_FOUND: DocumentMessages.documentNotFound,
  FILE_EMPTY: DocumentMessages.fileEmpty,
  FILE_TOO_LARGE: DocumentMessages.fileTooLarge,
  FILE_TYPE_UNSUPPORTED: DocumentMessages.unsupportedType,
  FILE_NAME_MISMATCH: DocumentMessages.nameMismatch,
  ONE_FILE_ONLY: DocumentMessages.oneFileOnly,
  SCHEDULE_NOT_FOUND: ScheduleMessages.scheduleNotFound,
  CASE_RESOLVED: ScheduleMessages.caseResolved,
  GOOGLE_NOT_CONFIGURED: CalendarMessages.googleNotConfigured,
  GOOGLE_STATE_INVALID: CalendarMessages.googleStateInvalid,
  // Meetings and payments
  MEETING_NOT_FOUND: MeetingMessages.meetingNotFound,
  MEETING_CLIENT_NOT_FOUND: MeetingMessages.clientNotFound,
  NO_HOURLY_CHARGE: MeetingMessages.noHourlyCharge,
  MEETING_START_IN_PAST: MeetingMessages.startInPast,
  MEETING_LOCKED: MeetingMessages.locked,
  MEETING_NOT_STARTED: MeetingMessages.notStarted,
  MEETING_ENDED: MeetingMessages.ended,
  MEETING_PAYMENT_REQUIRED: MeetingMessages.paymentRequired,
  PAYMENT_NOT_FOUND: PaymentMessages.paymentNotFound,
  PAYMENT_NOT_PENDING: PaymentMessages.notPending,
  PAYMENT_NOT_PAID: PaymentMessages.notPaid,
  PAYMENT_CANNOT_CANCEL: PaymentMessages.cannotCancel,
  PAYMENT_HOLD_NOT_CONFIRMED: PaymentMessages.holdNotConfirmed,
  CHECKOUT_SESSION_NOT_FOUND: PaymentMessages.sessionNotFound,
  CARD_DECLINED: PaymentMessages.cardDeclined,
  WALLET_WRONG_CODE: PaymentMessages.walletWrongCode,
  WALLET_INSUFFICIENT_BALANCE: PaymentMessages.walletInsufficientBalance,
  WALLET_WRONG_PIN: PaymentMessages.walletWrongPin,
  WALLET_LOCKED: PaymentMessages.walletLocked,
  WALLET_TIMED_OUT: PaymentMessages.walletTimedOut,
  WALLET_DECLINED: PaymentMessages.walletDeclined,
  WALLET_CANCELLED: PaymentMessages.walletCancelled,
  PAYMENT_PROVIDER_UNAVAILABLE: PaymentMessages.providerUnavailable,
  PAYMENT_METHOD_NOT_OFFERED: PaymentMessages.methodNotOffered,
  RETURN_URL_NOT_ALLOWED: PaymentMessages.returnUrlOrigin,
  MEETING_PAYMENT_EXISTS: 'This meeting already has an open payment',
  PAYMENT_PARTIES_MISMATCH: 'The payer must be the meeting’s client and the payee its lawyer',
  // Chat, notifications, push
  CHAT_INVALID_RECIPIENT: ChatMessages.invalidRecipient,
  CHAT_RECIPIENT_DELETED: ChatMessages.recipientDeleted,
  CONVERSATION_NOT_FOUND: ChatMessages.conversationNotFound,
  MESSAGE_NOT_FOUND: ChatMessages.messageNotFound,
  NOTIFICATION_NOT_FOUND: NotificationMessages.notFound,
  PUSH_RECEIVER_NOT_FOUND: PushMessages.receiverNotFound,
  PUSH_ENDPOINT_NOT_ALLOWED: PushMessages.endpointNotAllowed,
  INVALID_CALL_SIGNAL: 'Invalid call signal',
  // Law Insights
  BLOG_NOT_FOUND: BlogMessages.blogNotFound,
  BLOG_STATUS_UNCHANGED: BlogMessages.statusUnchanged,
  BLOG_CONTENT_EMPTY: BlogMessages.contentEmpty,
  BLOG_TITLE_LENGTH: `Title must be between ${BLOG_TITLE_MIN} and ${BLOG_TITLE_MAX} characters`,
  AUTHOR_NOT_FOUND: BlogMessages.authorNotFound,
  SUBSCRIBE_SELF: BlogMessages.subscribeSelf,
  ALREADY_SUBSCRIBED: BlogMessages.alreadySubscribed,
  NOT_SUBSCRIBED: BlogMessages.notSubscribed,
  // Feedback and complaints
  FEEDBACK_NOT_FOUND: FeedbackMessages.feedbackNotFound,
  COMPLAINT_NOT_FOUND: FeedbackMessages.complaintNotFound,
  COMPLAINT_CASE_MISMATCH: FeedbackMessages.complaintCaseMismatch,
  // AI assistant
  AI_NOT_ALLOWED: AiMessages.notAllowed,
  AI_SESSION_NOT_FOUND: AiChatMessages.sessionNotFound,
  AI_OWN_SESSIONS_ONLY: AiChatMessages.ownSessionsOnly,
  AI_DOCUMENT_TYPE_NOT_ALLOWED: AiDocumentMessages.typeNotAllowed,
  AI_TOO_MANY_DOCUMENTS: AiDocumentMessages.tooManyDocuments,
  AI_DOCUMENT_NOT_FOUND: AiDocumentMessages.documentNotFound,
  // Messages with a variable part (matched by REASON_PATTERNS, listed here for their reason)
  PASSWORD_TOO_WEAK: ServerMessages.passwordMustContain,
  LAWYER_ALREADY_DECIDED: LawyerMessages.alreadyDecided,
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be',
  DATABASE_UNAVAILABLE: 'Database unavailable',
};

describe('error reasons and the message catalogues', () => {
  it('names each catalogue message exactly as the server sends it', () => {
    expect(Object.keys(REASON_MESSAGES).sort()).toEqual(Object.keys(FROM_CATALOGUES).sort());
    for (const [reason, message] of Object.entries(FROM_CATALOGUES)) {
      expect(REASON_MESSAGES[reason as keyof typeof REASON_MESSAGES], reason).toBe(message);
    }
  });

  it('reads a complaint’s "Lawyer not found" and a decided lawyer as their reasons', () => {
    expect(reasonFor(404, FeedbackMessages.complaintLawyerNotFound)).toBe('LAWYER_NOT_FOUND');
    expect(reasonFor(409, LawyerMessages.alreadyDecided.replace('{status}', 'approved'))).toBe(
      'LAWYER_ALREADY_DECIDED',
    );
  });
});
