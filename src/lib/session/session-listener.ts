/**
 * Side effects of session changes, kept out of the reducers: mirror the session to localStorage
 * (docs/product.md §3 keys), and when a session ends drop every cached answer of that user, run the cleanup
 * hooks, and after an expiry send the user to /login.
 */
import { createListenerMiddleware, isAnyOf, type Dispatch } from '@reduxjs/toolkit';
import { loadedApi } from '../api/api-loaded';
import { notifySessionExpired, runLogoutHooks } from './session-end';
import { sessionEnded, sessionReloaded, type SessionRootState } from './session-slice';
import { clearStoredSession, writeStoredSession } from './storage';

export const sessionListener = createListenerMiddleware();

/** Drop every cached answer; before any screen has loaded the API there is none to drop. */
function resetApiCache(dispatch: Dispatch): void {
  const api = loadedApi();
  if (api) dispatch(api.util.resetApiState());
}

sessionListener.startListening({
  predicate: (_action, current, previous) =>
    (current as SessionRootState).session !== (previous as SessionRootState).session,
  effect: (_action, listenerApi) => {
    const { token, refreshToken, user } = (listenerApi.getState() as SessionRootState).session;
    if (token && user) writeStoredSession({ token, refreshToken, user });
    else clearStoredSession();
  },
});

sessionListener.startListening({
  matcher: isAnyOf(sessionEnded, sessionReloaded),
  effect: async (action, listenerApi) => {
    const before = (listenerApi.getOriginalState() as SessionRootState).session;
    const after = (listenerApi.getState() as SessionRootState).session;
    if (!before.token) return;
    if (after.token) {
      // Another tab signed in as someone else: nothing cached or stored for the previous user may
      // show, so their cache goes and their session-end cleanup runs as for a sign-out.
      if (after.user?.id !== before.user?.id) {
        resetApiCache(listenerApi.dispatch);
        await runLogoutHooks('logout', before.user?.id ?? null);
      }
      return;
    }
    const reason = sessionEnded.match(action) ? action.payload : 'logout';
    if (reason === 'expired') notifySessionExpired();
    // Let the call that ended the session settle first: resetting the cache under it would make
    // its awaiting caller see "no result" instead of its error.
    await listenerApi.delay(0);
    resetApiCache(listenerApi.dispatch);
    await runLogoutHooks(reason, before.user?.id ?? null);
  },
});
