/**
 * Web push on this device (docs/api.md §4 Web push, docs/architecture.md "Push"): after the user says yes,
 * subscribe the service worker's PushManager with the server's VAPID key and hand the subscription
 * to the server; turning it off (or signing out) forgets it on both sides. The permission prompt is
 * only ever shown from a user's tap (never on load): browsers punish sites that ask unprompted, and
 * a refused prompt cannot be asked again.
 */
import type { PushSubscriptionBody } from '../../../contract/notifications';
import type { ApiDispatch } from '../../lib/api/api';
import { notificationsApi } from './api/notifications-api';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** Where the user said "Not now" (per device); the offer stays away for a week. */
const DECLINED_KEY = 'push_declined_at';
const DECLINE_QUIET_MS = 7 * 24 * 60 * 60 * 1000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  // No worker controls a page served without one (dev server): nothing to subscribe.
  const found = await navigator.serviceWorker.getRegistration();
  return found ? navigator.serviceWorker.ready : null;
}

/** What this device can do and has done about push right now. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Base64url → the bytes PushManager.subscribe wants as applicationServerKey. */
export function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks (from a tap), subscribes and registers with the server; resolves to the resulting state. */
export async function enablePush(dispatch: ApiDispatch): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await registration();
  if (!reg) return 'unsupported';
  const key = await dispatch(notificationsApi.endpoints.vapidPublicKey.initiate()).unwrap();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (a server that changed its keys) cannot be used.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: urlBase64ToBytes(key),
  });
  await dispatch(
    notificationsApi.endpoints.savePushSubscription.initiate(subscription.toJSON() as PushSubscriptionBody),
  ).unwrap();
  forgetDecline();
  return 'on';
}

/** Forgets this device's subscription on the server (while signed in) and in the browser. */
export async function disablePush(dispatch: ApiDispatch, { server = true } = {}): Promise<void> {
  const reg = await registration().catch(() => null);
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  if (server) {
    await dispatch(notificationsApi.endpoints.deletePushSubscription.initiate({ endpoint: subscription.endpoint }))
      .unwrap()
      .catch(() => undefined);
  }
  await subscription.unsubscribe().catch(() => false);
}

function sameKey(subscription: PushSubscription, key: string): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return true;
  const expected = urlBase64ToBytes(key);
  const actual = new Uint8Array(current);
  return actual.length === expected.length && actual.every((byte, i) => byte === expected[i]);
}

/** Whether to show the offer now: push possible, not yet on, not refused, not declined lately. */
export function shouldOfferPush(state: PushState, now = Date.now()): boolean {
  if (state !== 'off') return false;
  const declined = Number(localStorage.getItem(DECLINED_KEY) ?? 0);
  return !declined || now - declined > DECLINE_QUIET_MS;
}

export function declinePushOffer(now = Date.now()): void {
  localStorage.setItem(DECLINED_KEY, String(now));
}

function forgetDecline(): void {
  localStorage.removeItem(DECLINED_KEY);
}
