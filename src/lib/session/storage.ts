/**
 * The session as it lives in localStorage under the keys of docs/product.md §3, so the reference client's
 * readers (and ours after a reload) find it. The Redux session slice is the live copy; this module
 * is the only code that reads or writes those keys.
 */
import { STORAGE_KEYS } from '../../../contract/constants';
import type { AuthResponse, Role } from '../../../contract/auth';

/**
 * What we keep about the signed-in user: the AuthResponse without its tokens (auth_userInfo).
 * `language` is optional: a session stored before issue 20 has none until the next user-info.
 */
export type SessionUser = Omit<AuthResponse, 'token' | 'refreshToken' | 'language'> & {
  language?: AuthResponse['language'];
};

export interface StoredSession {
  token: string;
  refreshToken: string | null;
  user: SessionUser;
}

const ROLES: readonly Role[] = ['USER', 'LAWYER', 'ADMIN'];

function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.email === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.emailVerified === 'boolean' &&
    ROLES.includes(v.role as Role)
  );
}

/**
 * The stored session, or null when any part is missing or damaged. A half-written session (for
 * example a token without user info) counts as signed out rather than as a user without a role.
 */
export function readStoredSession(storage: Storage = localStorage): StoredSession | null {
  try {
    const token = storage.getItem(STORAGE_KEYS.token);
    if (storage.getItem(STORAGE_KEYS.isLoggedIn) !== 'true' || !token) return null;
    const user: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.userInfo) ?? 'null');
    if (!isSessionUser(user)) return null;
    return { token, refreshToken: storage.getItem(STORAGE_KEYS.refreshToken), user };
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession, storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEYS.token, session.token);
    storage.setItem(STORAGE_KEYS.isLoggedIn, 'true');
    storage.setItem(STORAGE_KEYS.userType, session.user.role.toLowerCase());
    storage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(session.user));
    if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
    else storage.removeItem(STORAGE_KEYS.refreshToken);
  } catch {
    // Storage full or blocked: the session still works for this tab, it just won't survive a reload.
  }
}

export function clearStoredSession(storage: Storage = localStorage): void {
  try {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.isLoggedIn,
      STORAGE_KEYS.userType,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.refreshToken,
    ]) {
      storage.removeItem(key);
    }
  } catch {
    // Nothing stored that we could remove.
  }
}

/** True when a `storage` event concerns the session, so another tab's login or logout can be followed. */
export function isSessionKey(key: string | null): boolean {
  return key === null || key.startsWith('auth_');
}
