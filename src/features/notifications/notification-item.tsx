/**
 * One notification in the dropdown: its type, text and time; a tap opens its link (and marks it
 * read). docs/product.md §2: dragging it left by more than 80 px marks it read (it follows the finger up to
 * 100 px, then springs back). Keyboard and screen-reader users get the same through a visible
 * "Mark as read" button, since a swipe is invisible to them.
 */
import { useRef, useState, type PointerEvent } from 'react';
import { NOTIFICATION_TYPE_NAMES } from '../../../contract/enums';
import type { Notification } from '../../../contract/notifications';
import { SWIPE_THRESHOLD_PX } from '../../../contract/constants';
import { formatRelativeTime } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { notificationsMessages } from './notifications-messages';

/** docs/product.md §9: the item follows the finger at most this far. */
export const SWIPE_MAX_DRAG_PX = 100;
/** Movement under this is a tap, not a swipe. */
const TAP_SLOP_PX = 6;

export function NotificationItem({
  notification,
  onOpen,
  onRead,
}: {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  onRead: (id: string) => void;
}) {
  const t = useT(notificationsMessages);
  const { lang } = useLang();
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    swiped.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) > TAP_SLOP_PX && Math.abs(dx) > Math.abs(event.clientY - from.y)) {
      swiped.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    if (swiped.current) setDrag(Math.max(-SWIPE_MAX_DRAG_PX, Math.min(0, dx)));
  };
  // The distance comes from the release itself, not from `drag`: on a busy phone the last move's
  // render may not have happened yet when the finger lifts, and a full swipe would count as short.
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    const dx = from && from.id === event.pointerId ? event.clientX - from.x : 0;
    if (swiped.current && -dx > SWIPE_THRESHOLD_PX && !notification.read) onRead(notification.id);
    start.current = null;
    setDrag(0);
  };
  // The browser took the gesture over (a scroll, a system gesture): nothing is marked.
  const onPointerCancel = () => {
    start.current = null;
    setDrag(0);
  };
  // A swipe also ends in a click on the same element: that click must not open the link.
  const onClick = () => {
    if (swiped.current) {
      swiped.current = false;
      return;
    }
    onOpen(notification);
  };

  const typeName = NOTIFICATION_TYPE_NAMES[notification.type]?.[lang] ?? notification.type;
  return (
    <li className={notification.read ? 'notif-item' : 'notif-item is-unread'}>
      <div
        className="notif-swipe"
        style={{ transform: drag ? `translateX(${drag}px)` : undefined }}
        data-dragging={drag !== 0 || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerCancel}
      >
        <button type="button" className="notif-open" onClick={onClick}>
          <span className="notif-type">
            {!notification.read && <span className="notif-dot" aria-label={t('unreadMark')} role="img" />}
            {typeName}
          </span>
          <span className="notif-content">{notification.content}</span>
          <time className="notif-time" dateTime={notification.createdAt}>
            {formatRelativeTime(notification.createdAt, lang)}
          </time>
        </button>
        {!notification.read && (
          <button
            type="button"
            className="notif-read-button"
            title={t('swipeHint')}
            onClick={() => onRead(notification.id)}
          >
            {t('markRead')}
          </button>
        )}
      </div>
    </li>
  );
}
