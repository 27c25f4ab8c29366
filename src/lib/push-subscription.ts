/**
 * This device's web-push subscription, at the level the session needs it: find it, and forget it.
 * Signing out must stop pushes to a shared phone even when the notification screens were never
 * opened in this visit, so this lives in lib (loaded with the shell), not in the notifications feature.
 */
import type { routes } from '../../contract/routes';
import { apiUrl } from './api/api-url';

const SUBSCRIPTIONS: (typeof routes)['pushUnsubscribe']['path'] = '/push/subscriptions';

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration?.pushManager) return null;
  return registration.pushManager.getSubscription().catch(() => null);
}

/** Tells the server to stop pushing to this device (needs the live session's token). */
export async function forgetPushOnServer(token: string): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await fetch(apiUrl(SUBSCRIPTIONS), {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint }),
  }).catch(() => undefined);
}

/** Drops the browser's subscription; a push service answers 410 afterwards and the server forgets it. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  await subscription?.unsubscribe().catch(() => false);
}
