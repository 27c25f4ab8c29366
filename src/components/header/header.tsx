/**
 * The site header (docs/product.md §2): an MUI AppBar with the brand, the links for this visitor or
 * role, theme and language, and for a signed-in user the account menu, and the network indicator
 * (offline / slow). Below 1024 px the links and controls fold into a navigation Drawer behind the
 * menu button (MUI's Modal gives it the focus trap, Escape and focus return).
 * `actions` holds the chat and notification dropdowns (beside the account menu).
 */
import Close from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { NetworkIndicator } from '../offline/network-indicator';
import { InstallButton } from '../pwa/install-button';
import { headerMessages } from './header-messages';
import { LanguageSwitch } from './language-switch';
import { navItemsFor, type NavItem } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import './header.css';

// Kept out of the first load (the Drawer brings MUI's Modal, focus trap and transitions): fetched
// when the browser is idle, or at the first tap on the menu button.
const loadDrawer = () => import('./header-drawer');
const HeaderDrawer = lazy(loadDrawer);
// Only a signed-in user has an account menu: a visitor's first load does without it.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

function NavLinks({ items, label }: { items: readonly NavItem[]; label: string }) {
  const t = useT(headerMessages);
  return (
    <nav aria-label={label} className="header-inline-nav">
      <ul className="nav-list">
        {items.map((item) => (
          <li key={item.to + item.label}>
            <NavLink to={item.to} end={item.to === '/'} className="nav-link">
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Header({ actions }: { actions?: ReactNode }) {
  const t = useT(headerMessages);
  const user = useSessionSelector(selectUser);
  const items = navItemsFor(user?.role ?? null);
  const { pathname } = useLocation();
  // The menu is open on the page it was opened on: any navigation (a followed link, back) folds it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const [drawerWanted, setDrawerWanted] = useState(false);

  // The bar's real height (it grows by the network strip under it) as --app-bar-height, so a
  // full-height screen (a chat thread) keeps its composer on screen whatever the bar shows.
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--app-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-bar-height');
    };
  }, []);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(() => void loadDrawer().catch(() => undefined));
  }, []);

  return (
    <AppBar position="sticky" color="inherit" className="site-header" component="header" ref={bar}>
      <Toolbar className="container header-bar" disableGutters>
        <Link to="/" className="brand" aria-label={t('homeLink')}>
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
            <path
              d="M12 3v18M5 21h14M4 8h16M7 8l-3 6a3 3 0 0 0 6 0L7 8Zm10 0-3 6a3 3 0 0 0 6 0l-3-6Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
          </svg>
          <span>{t('brand')}</span>
        </Link>

        <div className="header-wide">
          <NavLinks items={items} label={t('mainNav')} />
          <div className="header-tools">
            <InstallButton />
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>

        <div className="header-end">
          {user && actions}
          {user && (
            <Suspense fallback={<span className="avatar-placeholder" />}>
              <UserMenu user={user} />
            </Suspense>
          )}
          <IconButton
            className="menu-button"
            color="inherit"
            aria-expanded={open}
            aria-controls="header-panel"
            aria-label={open ? t('closeMenu') : t('openMenu')}
            onClick={() => {
              setDrawerWanted(true);
              setOpen(!open);
            }}
          >
            {open ? <Close /> : <MenuIcon />}
          </IconButton>
        </div>
      </Toolbar>
      <NetworkIndicator />
      {drawerWanted && (
        <Suspense fallback={null}>
          <HeaderDrawer open={open} items={items} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
