/**
 * Every error text the server sends and every fallback the client shows (docs/api.md §1–2, docs/product.md §5, §8).
 * Texts are part of the wire contract: clients written for the reference system match on some of them.
 * The client translates them for display through the i18n catalogue, keyed by these English texts.
 */

export const ServerMessages = {
  validationFailed: 'Validation failed',
  malformedJson: 'Malformed JSON request body',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  emailNotVerified: 'Please verify your email before accessing this resource',
  accessDenied: "Access denied. You don't have permission to access this resource.",
  notFound: 'Resource not found',
  routeNotFound: 'No route matches this request',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
  passwordCheckBusy: 'The server is busy checking passwords. Please try again in a few seconds.',
  internal: 'An unexpected error occurred',
  payloadTooLarge: 'Request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  idempotencyMismatch: 'Idempotency-Key was already used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  invalidText: 'Text must not contain NUL characters or broken Unicode',
  malformedMultipart: 'Malformed multipart request body',
  malformedUrl: 'Malformed request address',
  urlTooLong: 'Request address is too long',
  headersTooLarge: 'Request address or headers are too large',
  malformedRequest: 'Malformed request',
  // Auth (docs/api.md §4 Auth and User)
  userExists: 'User with this email already exists',
  invalidCredentials: 'Invalid credentials',
  verificationCodeSent: 'Verification code sent to your email',
  emailAlreadyVerified: 'Email is already verified',
  invalidVerificationCode: 'Invalid or expired verification code',
  otpInvalid: 'Otp is Invalid or expired',
  otpCooldown: 'Please wait before requesting another code',
  refreshInvalid: 'Invalid or expired refresh token',
  logoutSuccessful: 'Logout successful',
  oldPasswordIncorrect: 'Old password is incorrect',
  passwordSame: 'Old and new password cannot be the same',
  passwordMustContain: 'Password must contain: ',
  invalidImage: 'Profile picture must be a PNG, JPEG or WebP image of at most 5 MB',
  fileRequired: 'A file is required',
  // Data rights (contract/data-rights.ts; docs/decisions/0012-data-rights.md)
  passwordIncorrect: 'Password is incorrect',
  deleteConfirmationRequired: 'Type DELETE to confirm',
  accountDeletionPaymentsOpen:
    'You have payments that are pending or held in escrow. Cancel or release them, or wait until they are settled, then delete your account.',
  accountDeleted: 'Your account was deleted',
  // Success messages
  registered: 'Registration successful. A verification code was sent to your email.',
  loggedIn: 'Login successful',
  emailVerified: 'Email verified successfully',
  passwordReset: 'Password reset successfully',
  passwordChanged: 'Password changed successfully',
  tokenRefreshed: 'Token refreshed',
  userInfo: 'User info retrieved',
  profilePictureUpdated: 'Profile picture updated',
  languageUpdated: 'Language updated',
} as const;

/** docs/product.md §5: the client refuses an auth response without a usable token. */
export const ClientAuthMessages = {
  invalidAuthResponse: 'Invalid authentication response from server',
  invalidAuthToken: 'Invalid authentication token received',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  sendOtpSuccess: 'OTP sent successfully',
  resetFailed: 'Failed to reset password. Please try again.',
  resetSuccess: 'Password reset successfully',
  sendCodeFailed: 'Failed to send verification code. Please try again.',
  sendCodeSuccess: 'Verification code sent successfully',
  verifyFailed: 'Failed to verify email. Please try again.',
  verifySuccess: 'Email verified successfully',
  changePasswordFailed: 'Failed to change password.',
  changePasswordSuccess: 'Password changed successfully.',
} as const;

/** docs/product.md §8: the one status → message mapping the client uses everywhere. */
export const StatusMessages = {
  badRequest: 'Invalid request. Please check your input.',
  unauthorized: 'You are not authorized. Please log in again.',
  forbidden: 'Access denied. You do not have permission for this action.',
  notFound: 'The requested resource was not found.',
  tooMany: 'Too many requests. Please wait a moment before trying again.',
  server: 'Server error. Please try again later.',
  other: 'Request failed with status {n}',
  network: 'Network error. Please check your connection and try again.',
  offline: 'No internet connection. Please check your network and try again.',
} as const;

// docs/product.md §2 error boundary texts: a file of their own, so the web client's entry (its error
// screen) carries them without every other text of this file.
export { ErrorBoundaryMessages } from './error-boundary';

/**
 * docs/product.md §8: the notification client's fallbacks, used when a call still fails after its retries and
 * the server gave no message of its own, and the store's and dropdown's texts.
 */
export const NotificationClientMessages = {
  fetchFailedAfterRetries: 'Failed to fetch notifications after multiple attempts',
  unreadFailedAfterRetries: 'Failed to fetch unread count after multiple attempts',
  markReadFailedAfterRetries: 'Failed to mark notification as read after multiple attempts',
  markAllFailedAfterRetries: 'Failed to mark all notifications as read after multiple attempts',
  preferencesFailedAfterRetries: 'Failed to fetch notification preferences after multiple attempts',
  preferenceUpdateFailedAfterRetries: 'Failed to update notification preference after multiple attempts',
  sendFailedAfterRetries: 'Failed to send notification after multiple attempts',
  fetchFailed: 'Failed to fetch notifications',
  unreadFailed: 'Failed to fetch unread count',
  markReadFailed: 'Failed to mark notification as read',
  markAllFailed: 'Failed to mark all notifications as read',
  preferencesFailed: 'Failed to fetch notification preferences',
  preferenceUpdateFailed: 'Failed to update notification preference',
  connectFailed: 'Failed to connect to notification service',
  loadDataFailed: 'Failed to load notification data',
  dropdownFailed: 'Failed to load notifications',
  disconnectedBanner: 'Disconnected from notification service. Some features may be unavailable.',
} as const;

/** docs/product.md §8: the chat client's fallbacks and the chat store's texts. */
export const ChatClientMessages = {
  authExpired: 'Authentication expired. Please log in again.',
  accessDenied: 'Access denied. You do not have permission for this action.',
  sendFailed: 'Failed to send message',
  fetchConversationsFailed: 'Failed to fetch conversations',
  fetchMessagesFailed: 'Failed to fetch conversation messages',
  markReadFailed: 'Failed to mark conversation as read',
  unreadFailed: 'Failed to fetch unread count',
  startFailed: 'Failed to start conversation',
  authRequired: 'Authentication required. Please log in to access chat features.',
  sessionExpired: 'Your session has expired. Please log in again.',
  invalidAuth: 'Invalid authentication. Please log in again.',
  invalidRecipient: 'Invalid message recipient.',
  noInternet: 'No internet connection',
  alreadyRetrying: 'Already retrying',
  noMoreMessages: 'No more messages to load',
  initFailed: 'Failed to initialize chat system',
  defaultFirstMessage: "Hello! I'd like to discuss my legal needs with you.",
} as const;
