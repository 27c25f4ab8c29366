/**
 * The role of the session stored in this browser, or null for a visitor, so the public pages can
 * offer "Create free account" to visitors and the dashboard to members. Read through the session
 * storage module (the one owner of the auth_* keys) rather than the Redux store, so these pages
 * stay light and render without it; follows sign-in and sign-out made in other tabs.
 */
import { useSyncExternalStore } from 'react';
import type { Role } from '../../../contract/auth';
import { isSessionKey, readStoredSession } from '../../lib/session/storage';

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (isSessionKey(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function readRole(): Role | null {
  return readStoredSession()?.user.role ?? null;
}

export function useSignedInRole(): Role | null {
  return useSyncExternalStore(subscribe, readRole, () => null);
}
