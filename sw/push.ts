/**
 * Web push in the service worker (docs/architecture.md "Push (app closed)"): a push is filed in the signed-in
 * user's notification store first — so it is in the list when the app next opens, even offline —
 * then shown, unless a focused window of the app is already on screen (the live banner shows it
 * there). A tap on the shown notification focuses an open window of the app at the notification's
 * link, or opens one.
 *
 * Nothing is shown or stored when nobody is signed in on this device: a push that arrives after a
 * sign-out (its subscription is being deleted) must not show one person's news to the next.
 */
import type { NotificationType } from '../contract/enums';
import { currentUser } from '../src/lib/offline/db';
import { saveNotifications } from '../src/lib/offline/notifications-store';

/** docs/api.md §4 Web push payload. */
export interface PushPayload {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
}

/** What the page hears when a push arrived while it was open. */
export const PUSH_MESSAGE = 'PUSH_RECEIVED';

export function parsePushPayload(value: unknown): PushPayload | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.title === 'string' &&
    typeof v.body === 'string' &&
    typeof v.createdAt === 'string' &&
    (v.link === null || v.link === undefined || typeof v.link === 'string');
  return valid ? ({ ...v, link: (v.link as string | null | undefined) ?? null } as PushPayload) : null;
}

export interface WindowLike {
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  url: string;
}

/** Show it unless someone is looking at the app right now. */
export function shouldShowPush(windows: readonly WindowLike[]): boolean {
  return !windows.some((w) => w.focused && w.visibilityState === 'visible');
}

/** Only in-app paths are followed; anything else opens the app's start. */
export function pushTarget(link: unknown, origin: string): string {
  if (typeof link !== 'string' || !link.startsWith('/') || link.startsWith('//')) return `${origin}/`;
  return new URL(link, origin).href;
}

/** The window to reuse for a tap: one already at the target, else any window of the app, else none. */
export function windowFor<W extends Pick<WindowLike, 'url'>>(windows: readonly W[], target: string): W | null {
  return windows.find((w) => w.url === target) ?? windows[0] ?? null;
}

export function installPush(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event: PushEvent) => {
    event.waitUntil(receive(scope, event));
  });

  scope.addEventListener('notificationclick', (event: NotificationEvent) => {
    event.notification.close();
    event.waitUntil(
      open(scope, pushTarget((event.notification.data as { link?: unknown } | null)?.link, scope.location.origin)),
    );
  });
}

async function receive(scope: ServiceWorkerGlobalScope, event: PushEvent): Promise<void> {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  const payload = parsePushPayload(data);
  if (!payload) return;
  const userId = await currentUser().catch(() => null);
  if (!userId) return;
  const notification = {
    id: payload.id,
    type: payload.type,
    content: payload.body,
    link: payload.link,
    read: false,
    createdAt: payload.createdAt,
  };
  await saveNotifications(userId, [notification]).catch(() => undefined);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: PUSH_MESSAGE, notification });
  if (!shouldShowPush(windows)) return;
  await scope.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.id,
    data: { link: payload.link },
    icon: '/icons/icon-192.png',
    timestamp: Date.parse(payload.createdAt) || Date.now(),
  } as NotificationOptions);
}

async function open(scope: ServiceWorkerGlobalScope, target: string): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windowFor(windows, target);
  if (!existing) {
    await scope.clients.openWindow(target);
    return;
  }
  const focused = await existing.focus();
  if (focused.url !== target) await focused.navigate(target).catch(() => null);
}
