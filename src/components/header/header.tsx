/**
 * The site header (SPEC §2): brand, the links for this visitor or role, theme and language, and for
 * a signed-in user the account menu, and the network indicator (offline / slow). Below 1024 px the
 * links and controls fold into a menu button.
 * `actions` is where the chat and notification dropdowns of later issues go (beside the account menu).
 */
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useT } from '../../lib/i18n';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { NetworkIndicator } from '../offline/network-indicator';
import { InstallButton } from '../pwa/install-button';
import { headerMessages } from './header-messages';
import { LanguageSwitch } from './language-switch';
import { navItemsFor } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { useDisclosure } from './use-disclosure';
import { UserMenu } from './user-menu';
import './header.css';

export function Header({ actions }: { actions?: ReactNode }) {
  const t = useT(headerMessages);
  const user = useSessionSelector(selectUser);
  const items = navItemsFor(user?.role ?? null);
  const { open, toggle, close, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  const { pathname } = useLocation();

  // A followed link has done its job: fold the menu away on every navigation.
  useEffect(close, [pathname, close]);

  return (
    <header className="site-header">
      <div className="container header-bar">
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

        <div ref={panelRef} id="header-panel" className={open ? 'header-panel is-open' : 'header-panel'}>
          <nav aria-label={t('mainNav')}>
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
          <div className="header-tools">
            <InstallButton />
            <LanguageSwitch />
            <ThemeToggle />
          </div>
        </div>

        <div className="header-end">
          {user && actions}
          {user && <UserMenu user={user} />}
          <button
            ref={buttonRef}
            type="button"
            className="icon-button menu-button"
            aria-expanded={open}
            aria-controls="header-panel"
            aria-label={open ? t('closeMenu') : t('openMenu')}
            onClick={toggle}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              {open ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <NetworkIndicator />
    </header>
  );
}
