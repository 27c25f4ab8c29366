/**
 * The frame around every screen: skip link, header, the screen (lazy, behind an error boundary),
 * the footer where docs/product.md §2 wants it, and the PWA update prompt. On each navigation focus moves to
 * the new screen, so keyboard and screen-reader users start reading where the content changed.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { ErrorBoundary } from '../../components/error-boundary/error-boundary';
import { Footer } from '../../components/footer/footer';
import { Header } from '../../components/header/header';
import { UpdatePrompt } from '../../components/pwa/update-prompt';
import { useT } from '../../lib/i18n';
import { noticeState } from '../../lib/nav-state';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { lazyNamed } from '../router/lazy-named';
import { appMessages } from '../app-messages';
import './app-layout.css';

const NavNotice = lazy(async () => ({ default: (await import('../../components/nav-notice')).NavNotice }));
// The live parts of the signed-in header (socket, notifications): never part of a visitor's first load.
const NotificationCenter = lazyNamed(
  () => import('../../features/notifications/notification-center'),
  'NotificationCenter',
);
const ChatDropdown = lazyNamed(() => import('../../features/chat/chat-dropdown'), 'ChatDropdown');

/** The signed-in header's extras; only for a verified email, since the API refuses anyone else. */
function HeaderActions() {
  const user = useSessionSelector(selectUser);
  if (!user?.emailVerified) return null;
  // Its own boundary: a failure here (a chunk that did not arrive) must not take the page down.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ChatDropdown />
        <NotificationCenter />
      </Suspense>
    </ErrorBoundary>
  );
}

export interface RouteHandle {
  hideFooter?: boolean;
}

function PageLoading() {
  const t = useT(appMessages);
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}

export function AppLayout() {
  const t = useT(appMessages);
  const location = useLocation();
  const { pathname } = location;
  const notice = noticeState(location.state);
  const matches = useMatches();
  const hideFooter = matches.some((match) => (match.handle as RouteHandle | undefined)?.hideFooter);
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);

  // Only on a real navigation: focusing on first load would skip the header for keyboard users.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header actions={<HeaderActions />} />
      <main id="main" ref={main} tabIndex={-1} className="app-main">
        <ErrorBoundary resetKey={pathname}>
          {notice && (
            <Suspense fallback={null}>
              <NavNotice text={notice} />
            </Suspense>
          )}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {!hideFooter && <Footer />}
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
}
