/**
 * What this device keeps about the signed-in user, tied to the session (docs/architecture.md "Session"):
 * the offline store learns who is signed in (the service worker files pushes under them) and their
 * current access token (it sends the outbox when no window is open), and when
 * a session ends — sign-out, expiry, or another account signing in — pushes stop reaching this
 * phone and every stored record of that user is deleted, so a shared phone shows the next person
 * nothing of the last.
 *
 * The offline store (IndexedDB, via idb) is imported only when there is a user to record: a
 * visitor's first load neither downloads nor opens it. A signed-in session loads it at once
 * (record() below), so it is in memory before any sign-out needs it, even offline.
 */
import { forgetPushOnServer, unsubscribeDevice } from '../lib/push-subscription';
import { onBeforeSignOut, onLogout } from '../lib/session/session-end';
import type { SessionRootState } from '../lib/session/session-slice';
import type { AppStore } from './store';

const offlineDb = () => import('../lib/offline/db');
const deviceStorage = () => import('../lib/offline/device-storage');

export function installDeviceData(store: AppStore): () => void {
  let recorded: string | null | undefined;
  let recordedToken: string | null = null;
  const record = () => {
    const { user, token } = (store.getState() as SessionRootState).session;
    const userId = user?.id ?? null;
    if (!userId) return;
    if (userId !== recorded) {
      recorded = userId;
      void offlineDb()
        .then((db) => db.setCurrentUser(userId))
        .catch(() => undefined);
      // Signed in: ask once per device that the browser keep what we store (device-storage.ts).
      void deviceStorage()
        .then((storage) => storage.askPersistentStorageOnce())
        .catch(() => undefined);
    }
    // The worker sends the outbox with it when no window is open (sw/outbox-sync.ts).
    if (token !== recordedToken) {
      recordedToken = token;
      void offlineDb()
        .then((db) => db.setDeviceToken(userId, token))
        .catch(() => undefined);
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
    const db = await offlineDb().catch(() => null);
    if (!db) return;
    const owner = userId ?? (await db.currentUser().catch(() => null));
    if (owner) await db.wipeUser(owner).catch(() => undefined);
    await db.setCurrentUser((store.getState() as SessionRootState).session.user?.id ?? null).catch(() => undefined);
  });
  return () => {
    stopRecording();
    stopBefore();
    stopAfter();
  };
}
