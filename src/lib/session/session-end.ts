/**
 * What must happen when a session ends, wherever it ends (the user menu, or a 401 that a refresh
 * could not cure). Later features register their cleanup here — close the realtime socket,
 * unsubscribe push, wipe the user's IndexedDB data — so the session code never has to know them;
 * and, for a deliberate sign-out, what the user should be warned of first (unsent messages).
 */
import type { Lang } from '../i18n';
import type { SessionEnd } from './session-slice';

/** `userId`: whose session ended (their device data is what to wipe). */
export type SessionEndHook = (reason: SessionEnd, userId: string | null) => void | Promise<void>;
export type BeforeSignOutHook = () => Promise<void>;

const hooks = new Set<SessionEndHook>();
const beforeSignOut = new Set<BeforeSignOutHook>();
/** A dead network must not keep a user from signing out: pre-sign-out work gets this long. */
export const BEFORE_SIGN_OUT_BUDGET_MS = 3000;

/**
 * Work that needs the session still alive and must happen before a deliberate sign-out's API call
 * (forget this device's push subscription on the server); returns the unregister function.
 */
export function onBeforeSignOut(hook: BeforeSignOutHook): () => void {
  beforeSignOut.add(hook);
  return () => beforeSignOut.delete(hook);
}

/** Runs the pre-sign-out hooks, giving up on any still running after BEFORE_SIGN_OUT_BUDGET_MS. */
export async function runBeforeSignOutHooks(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, BEFORE_SIGN_OUT_BUDGET_MS);
  });
  await Promise.race([Promise.allSettled([...beforeSignOut].map((hook) => hook())), budget]);
  clearTimeout(timer);
}

/**
 * Something a deliberate sign-out would lose on this device (unsent chat messages), said in the
 * user's language, or null when there is nothing; the account menu asks before signing out.
 */
export type SignOutWarning = (lang: Lang) => Promise<string | null>;

const warnings = new Set<SignOutWarning>();
/** Asking must not hold up a sign-out: a source that has not answered by then says nothing. */
export const SIGN_OUT_WARNING_BUDGET_MS = 1500;

/** Registers a source of sign-out warnings; returns the unregister function. */
export function onSignOutWarning(warning: SignOutWarning): () => void {
  warnings.add(warning);
  return () => warnings.delete(warning);
}

/** What the user should hear before signing out, one text per source that has something to say. */
export async function signOutWarnings(lang: Lang): Promise<string[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SIGN_OUT_WARNING_BUDGET_MS);
  });
  const said = await Promise.all(
    [...warnings].map((warning) => Promise.race([warning(lang).catch(() => null), budget])),
  );
  clearTimeout(timer);
  return said.filter((text): text is string => typeof text === 'string' && text.length > 0);
}

/** Register cleanup to run when the session ends; returns the unregister function. */
export function onLogout(hook: SessionEndHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook; one failing hook must not keep the others (or the sign-out) from happening. */
export async function runLogoutHooks(reason: SessionEnd, userId: string | null = null): Promise<void> {
  await Promise.allSettled([...hooks].map(async (hook) => hook(reason, userId)));
}

type ExpiredHandler = () => void;

// Until the app installs its router-aware handler, a full page load is the safe way to /login.
let expiredHandler: ExpiredHandler = () => window.location.assign('/login');

/** The app installs a handler that navigates to /login and remembers where the user was. */
export function setSessionExpiredHandler(handler: ExpiredHandler): void {
  expiredHandler = handler;
}

export function notifySessionExpired(): void {
  expiredHandler();
}
