/**
 * What this device keeps about the signed-in user, tied to the session (ARCHITECTURE "Session"):
 * the offline store learns who is signed in (the service worker files pushes under them), and when
 * a session ends — sign-out, expiry, or another account signing in — pushes stop reaching this
 * phone and every stored record of that user is deleted, so a shared phone shows the next person
 * nothing of the last.
 */
import { currentUser, setCurrentUser, wipeUser } from '../lib/offline/db';
import { forgetPushOnServer, unsubscribeDevice } from '../lib/push-subscription';
import { onBeforeSignOut, onLogout } from '../lib/session/session-end';
import type { SessionRootState } from '../lib/session/session-slice';
import type { AppStore } from './store';

export function installDeviceData(store: AppStore): () => void {
  let recorded: string | null | undefined;
  const record = () => {
    const userId = (store.getState() as SessionRootState).session.user?.id ?? null;
    if (userId === recorded || !userId) return;
    recorded = userId;
    void setCurrentUser(userId).catch(() => undefined);
  };
  record();
  const stopRecording = store.subscribe(record);

  const stopBefore = onBeforeSignOut(async () => {
    const { token } = (store.getState() as SessionRootState).session;
    if (token) await forgetPushOnServer(token);
  });
  const stopAfter = onLogout(async (_reason, userId) => {
    recorded = undefined;
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
