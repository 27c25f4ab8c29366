/**
 * What this device keeps about the signed-in user, tied to the session (docs/architecture.md "Session"):
 * the offline store learns who is signed in (the service worker files pushes under them) and their
 * current access token (it sends the outbox when no window is open), and when
 * a session ends — sign-out, expiry, or another account signing in — pushes stop reaching this
 * phone and every stored record of that user is deleted, so a shared phone shows the next person
 * nothing of the last.
 */
import { currentUser, setCurrentUser, setDeviceToken, wipeUser } from '../lib/offline/db';
import { askPersistentStorageOnce } from '../lib/offline/device-storage';
import { forgetPushOnServer, unsubscribeDevice } from '../lib/push-subscription';
import { onBeforeSignOut, onLogout } from '../lib/session/session-end';
import type { SessionRootState } from '../lib/session/session-slice';
import type { AppStore } from './store';

export function installDeviceData(store: AppStore): () => void {
  let recorded: string | null | undefined;
  let recordedToken: string | null = null;
  const record = () => {
    const { user, token } = (store.getState() as SessionRootState).session;
    const userId = user?.id ?? null;
    if (!userId) return;
    if (userId !== recorded) {
      recorded = userId;
      void setCurrentUser(userId).catch(() => undefined);
      // Signed in: ask once per device that the browser keep what we store (device-storage.ts).
      void askPersistentStorageOnce().catch(() => undefined);
    }
    // The worker sends the outbox with it when no window is open (sw/outbox-sync.ts).
    if (token !== recordedToken) {
      recordedToken = token;
      void setDeviceToken(userId, token).catch(() => undefined);
    }
  };
  record();
  const stopRecording = store.subscribe(record);

  const stopBefore = onBeforeSignOut(async () => {
    const { token } = (store.getState() as SessionRootState).session;
    if (token) await forgetPushOnServer(token);
  });
  const stopAfter = onLogout(async (_reason, userId) => {
    recorded = undefined;
    recordedToken = null;
    await unsubscribeDevice();
    const owner = userId ?? (await currentUser().catch(() => null));
    if (owner) await wipeUser(owner).catch(() => undefined);
    await setCurrentUser((store.getState() as SessionRootState).session.user?.id ?? null).catch(() => undefined);
  });
  return () => {
    stopRecording();
    stopBefore();
    stopAfter();
  };
}
