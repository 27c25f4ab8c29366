/**
 * Everything about notifications in the signed-in header (docs/product.md §2): the bell with the unread badge,
 * its dropdown (title, Mark all as read, the list with swipe-to-read, Load more, and the loading,
 * empty and failure states with Try again / Use Offline Mode), the pop-up banners for what arrives
 * live, and the dropped-connection banner. Loaded lazily with the signed-in header, so the socket
 * code never weighs on a visitor's first page.
 */
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Notification } from '../../../contract/notifications';
import { HeaderDropdown } from '../../components/header/header-dropdown';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useListPageSize } from '../../lib/offline/fetch-policy';
import { setOfflineMode, useOfflineMode } from '../../lib/offline/offline-mode';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationFeedQuery, useUnreadCountQuery } from './api/notifications-api';
import { ConnectionBanner } from './connection-banner';
import { useLiveNotifications, usePollingInterval } from './live';
import { NotificationBanners, useBannerQueue } from './notification-banners';
import { NotificationItem } from './notification-item';
import { notificationsMessages } from './notifications-messages';
import { PushOffer } from './push-settings';
import Button from '@mui/material/Button';
import './notifications.css';

/** docs/product.md §9: the bell's badge reads 99+ beyond 99. */
const BADGE_CAP = 99;

function isNetworkText(text: string): boolean {
  return /network|timeout|internet|offline/i.test(text);
}

function NotificationList({
  offline,
  pollingInterval,
  onUseOffline,
  onOpen,
  onRead,
}: {
  offline: boolean;
  pollingInterval: number;
  onUseOffline: (on: boolean) => void;
  onOpen: (notification: Notification) => void;
  onRead: (id: string) => void;
}) {
  const t = useT(notificationsMessages);
  const [page, setPage] = useState(0);
  // Fewer per page on a slow link (src/lib/offline/fetch-policy.ts).
  const pageSize = useListPageSize(NOTIFICATIONS_PAGE_SIZE);
  const size = pageSize === NOTIFICATIONS_PAGE_SIZE ? {} : { size: pageSize };
  const feed = useNotificationFeedQuery({ page: offline ? 0 : page, offline, ...size }, { pollingInterval });
  const { data, error, isLoading, isFetching, refetch } = feed;

  if (isLoading) {
    return (
      <p className="hd-state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('loading')}
      </p>
    );
  }
  if (error || !data) {
    const message = (error as { message?: string } | undefined)?.message ?? '';
    return (
      <div className="hd-state" role="alert">
        <p className="hd-state-title">{t('failed')}</p>
        {isNetworkText(message) && <p>{t('networkHint')}</p>}
        <div className="hd-state-actions">
          <Button variant="outlined" type="button" onClick={() => void refetch()}>
            {t('tryAgain')}
          </Button>
          <Button variant="outlined" type="button" onClick={() => onUseOffline(true)}>
            {t('useOffline')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <>
      {data.fromDevice && (
        <p className="notif-device-note">
          {t('fromDevice')}{' '}
          {offline && (
            <Button variant="text" type="button" onClick={() => onUseOffline(false)}>
              {t('backOnline')}
            </Button>
          )}
        </p>
      )}
      {data.items.length === 0 ? (
        <div className="hd-state">
          <p className="hd-state-title">{t('emptyTitle')}</p>
          <p>{t('emptyBody')}</p>
        </div>
      ) : (
        <ul className="notif-list">
          {data.items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} onRead={onRead} />
          ))}
        </ul>
      )}
      {data.hasNext && (
        <Button
          variant="outlined"
          fullWidth
          className="notif-more"
          type="button"
          onClick={() => setPage(data.page + 1)}
          disabled={isFetching}
        >
          {t('loadMore')}
        </Button>
      )}
    </>
  );
}

export function NotificationCenter() {
  const t = useT(notificationsMessages);
  const tx = useContractText();
  const navigate = useNavigate();
  const user = useSessionSelector(selectUser);
  const banners = useBannerQueue();
  const { pathname } = useLocation();
  // A message in the thread the user is reading is already on screen: no banner for it.
  const announce = useCallback(
    (notification: Notification) => {
      if (notification.type === 'CHAT_MESSAGE' && notification.link === pathname) return;
      banners.show(notification);
    },
    [banners, pathname],
  );
  const live = useLiveNotifications(announce);
  const pollingInterval = usePollingInterval(live.connection);
  const { data: unread } = useUnreadCountQuery(undefined, { pollingInterval, skip: !user });
  const [open, setOpen] = useState(false);
  // The app-wide "Use Offline Mode" (src/lib/offline/offline-mode.ts), not a setting of this list alone.
  const offline = useOfflineMode();

  const openNotification = useCallback(
    (notification: Notification) => {
      if (!notification.read) live.markRead(notification.id);
      if (notification.link?.startsWith('/')) void navigate(notification.link);
    },
    [live, navigate],
  );

  const count = unread?.unreadCount ?? 0;
  return (
    <div className="notif-center">
      <HeaderDropdown
        id="notif-panel"
        title={t('title')}
        buttonLabel={count > 0 ? t('bellUnread', { n: count }) : t('bell')}
        count={count}
        cap={BADGE_CAP}
        icon="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4a2 2 0 0 0 4 0"
        onOpen={banners.clear}
        onOpenChange={setOpen}
        action={() => (
          <Button variant="text" type="button" onClick={live.markAllRead} disabled={count === 0}>
            {t('markAllRead')}
          </Button>
        )}
        foot={({ close }) => (
          <Button
            variant="text"
            type="button"
            onClick={() => {
              close();
              void navigate('/profile#notifications');
            }}
          >
            {t('settings')}
          </Button>
        )}
      >
        {({ open, close }) =>
          open && (
            <>
              {live.error && (
                <div className="notif-error" role="alert">
                  <p>{tx(live.error)}</p>
                  <Button variant="text" type="button" onClick={live.clearError}>
                    {t('dismiss')}
                  </Button>
                </div>
              )}
              <PushOffer />
              <div className="hd-panel-body">
                <NotificationList
                  offline={offline}
                  pollingInterval={pollingInterval}
                  onUseOffline={setOfflineMode}
                  onOpen={(notification) => {
                    close();
                    openNotification(notification);
                  }}
                  onRead={live.markRead}
                />
              </div>
            </>
          )
        }
      </HeaderDropdown>
      {/* With the list open, new items show in it; banners on top would only hide it. */}
      {!open && <NotificationBanners queue={banners} onRead={live.markRead} onOpen={openNotification} />}
      <ConnectionBanner connection={live.connection} />
    </div>
  );
}
