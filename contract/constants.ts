/** Business constants and limits (docs/product.md §9, docs/api.md §1–2). One place, imported by client, SW and server. */

export const HTTP_TIMEOUT_MS = 10_000;
export const DEFAULT_PAGE_SIZE = 10;
export const CHAT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
export const JWT_ISSUER = 'LegalConnect';
export const JWT_AUDIENCE = 'LegalConnect-API';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

export const RATE_LIMITS = {
  failedLogin: { max: 5, windowSeconds: 60 },
  otpSend: { max: 3, windowSeconds: 10 * 60 },
  verify: { max: 10, windowSeconds: 10 * 60 },
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const PASSWORD_SPECIALS = '@#$%^&+=!*()_-[]{}|;:,.<>?';
export const NAME_MIN = 2;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
/** A password typed to prove who one is (sign-in, re-authentication): any text up to this long. */
export const CURRENT_PASSWORD_MAX = PASSWORD_MAX * 4;
/**
 * What a valid email address looks like: zod's own `z.email()` pattern (zod's regexes.email), written
 * out so checks that run without zod (the sign-in form, src/features/auth/login-checks.ts) accept
 * exactly what contract/auth.ts's EmailSchema accepts; EmailSchema uses this constant, and
 * src/features/auth/login-checks.test.ts keeps it equal to zod's.
 */
export const EMAIL_PATTERN =
  // eslint-disable-next-line no-useless-escape -- zod's source character for character (its `\-`s included), so the test can compare the two
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const IDEMPOTENCY_KEY_MAX = 255;

export const NOTIFICATION_RETRIES = 2;
export const NOTIFICATION_RETRY_MAX_DELAY_MS = 5000;
export const WS_RECONNECT_ATTEMPTS = 5;
export const WS_BASE_DELAY_MS = 1000;
export const WS_MAX_DELAY_MS = 30_000;
export const WS_HEARTBEAT_MS = 4000;
export const DISCONNECTED_BANNER_AFTER_MS = 30_000;
export const BANNERS_MAX = 3;
export const BANNER_AUTO_DISMISS_MS = 5000;
export const SWIPE_THRESHOLD_PX = 80;

export const MARKETING_STATS = { lawyers: '500+', cases: '10K+', satisfaction: '98%' } as const;
export const THEME_PRIMARY = { light: '#0693e3', dark: '#27374D' } as const;

/** Client-stored keys (docs/product.md §3). */
export const STORAGE_KEYS = {
  token: 'auth_token',
  isLoggedIn: 'auth_isLoggedIn',
  userType: 'auth_userType',
  userInfo: 'auth_userInfo',
  refreshToken: 'auth_refreshToken',
  theme: 'theme',
  language: 'language',
} as const;

/** docs/api.md §4 Chat: a message is 1–1000 characters. */
export const CHAT_CONTENT_MAX = 1000;

/**
 * The HTML elements a blog post may hold (docs/api.md §4 Blogs). The server's sanitiser cuts posts
 * down to these before they are stored (the authority); the reader rebuilds only these as a second
 * line; the editor's schema offers no other.
 */
export const BLOG_HTML_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'a',
  'code',
  'pre',
] as const;
