/**
 * What must happen when a session ends, wherever it ends (the user menu, or a 401 that a refresh
 * could not cure). Later features register their cleanup here — close the realtime socket,
 * unsubscribe push, wipe the user's IndexedDB data — so the session code never has to know them.
 */
import type { SessionEnd } from './session-slice';

export type SessionEndHook = (reason: SessionEnd) => void | Promise<void>;

const hooks = new Set<SessionEndHook>();

/** Register cleanup to run when the session ends; returns the unregister function. */
export function onLogout(hook: SessionEndHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Runs every hook; one failing hook must not keep the others (or the sign-out) from happening. */
export async function runLogoutHooks(reason: SessionEnd): Promise<void> {
  await Promise.allSettled([...hooks].map(async (hook) => hook(reason)));
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
