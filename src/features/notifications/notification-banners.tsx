/**
 * Pop-up banners for notifications that arrive while the app is open (docs/product.md §2, §9): at most 3 at
 * once (a fourth pushes the oldest out), each leaving by itself after 5 s unless the pointer or
 * keyboard focus rests on it, with a 300 ms exit. Closing one with × marks it read; tapping it opens
 * its link (and marks it read). Announced politely to screen readers.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { BANNER_AUTO_DISMISS_MS, BANNERS_MAX } from '../../../contract/constants';
import { NOTIFICATION_TYPE_NAMES } from '../../../contract/enums';
import type { Notification } from '../../../contract/notifications';
import { useLang, useT } from '../../lib/i18n';
import { notificationsMessages } from './notifications-messages';

/** docs/product.md §9: the exit animation's length. */
export const BANNER_CLOSE_MS = 300;

interface Banner {
  notification: Notification;
  leaving: boolean;
}

export interface BannerQueue {
  banners: Banner[];
  show(notification: Notification): void;
  /** Starts the exit; the banner is gone BANNER_CLOSE_MS later. */
  close(id: string): void;
  /** Drops every banner at once (the list they announce is open). */
  clear(): void;
}

export function useBannerQueue(): BannerQueue {
  const [banners, setBanners] = useState<Banner[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  const close = useCallback(
    (id: string) => {
      setBanners((list) => list.map((b) => (b.notification.id === id ? { ...b, leaving: true } : b)));
      later(() => setBanners((list) => list.filter((b) => b.notification.id !== id)), BANNER_CLOSE_MS);
    },
    [later],
  );

  const show = useCallback((notification: Notification) => {
    setBanners((list) => {
      if (list.some((b) => b.notification.id === notification.id)) return list;
      const shown = list.filter((b) => !b.leaving);
      return [...shown, { notification, leaving: false }].slice(-BANNERS_MAX);
    });
  }, []);

  const clear = useCallback(() => setBanners([]), []);

  return { banners, show, close, clear };
}

function BannerCard({
  banner,
  onClose,
  onDismiss,
  onOpen,
}: {
  banner: Banner;
  onClose: () => void;
  onDismiss: () => void;
  onOpen: () => void;
}) {
  const t = useT(notificationsMessages);
  const { lang } = useLang();
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (held || banner.leaving) return;
    const timer = setTimeout(onClose, BANNER_AUTO_DISMISS_MS);
    return () => clearTimeout(timer);
  }, [held, banner.leaving, onClose]);

  const { notification } = banner;
  return (
    <li
      className={banner.leaving ? 'notif-banner is-leaving' : 'notif-banner'}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <button type="button" className="notif-banner-open" onClick={onOpen}>
        <span className="notif-type">{NOTIFICATION_TYPE_NAMES[notification.type]?.[lang] ?? t('newNotification')}</span>
        <span className="notif-content">{notification.content}</span>
      </button>
      <button type="button" className="icon-button notif-banner-close" aria-label={t('dismiss')} onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

export function NotificationBanners({
  queue,
  onRead,
  onOpen,
}: {
  queue: BannerQueue;
  onRead: (id: string) => void;
  onOpen: (notification: Notification) => void;
}) {
  const t = useT(notificationsMessages);
  return (
    <section className="notif-banners" aria-label={t('newNotification')} aria-live="polite">
      <ul>
        {queue.banners.map((banner) => {
          const { id } = banner.notification;
          return (
            <BannerCard
              key={id}
              banner={banner}
              onClose={() => queue.close(id)}
              onDismiss={() => {
                onRead(id);
                queue.close(id);
              }}
              onOpen={() => {
                queue.close(id);
                onOpen(banner.notification);
              }}
            />
          );
        })}
      </ul>
    </section>
  );
}
