/**
 * The header's navigation Drawer for phones and tablets (below 1024 px): the links for this
 * visitor or role, then install, language and theme. MUI's Modal traps focus inside, closes on
 * Escape or a tap on the backdrop, and returns focus to the menu button. Loaded lazily by header.tsx.
 */
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { InstallButton } from '../pwa/install-button';
import { headerMessages } from './header-messages';
import { LanguageSwitch } from './language-switch';
import type { NavItem } from './nav-items';
import { ThemeToggle } from './theme-toggle';

export default function HeaderDrawer({
  open,
  items,
  onClose,
}: {
  open: boolean;
  items: readonly NavItem[];
  onClose: () => void;
}) {
  const t = useT(headerMessages);
  const firstLink = useRef<HTMLAnchorElement>(null);
  // Focus starts on the first link, as in any disclosure menu (MUI alone would focus the panel).
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => firstLink.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { id: 'header-panel', className: 'header-drawer' } }}
    >
      <nav aria-label={t('mainNav')}>
        <List>
          {items.map((item, index) => (
            <ListItemButton
              key={item.to + item.label}
              component={NavLink}
              to={item.to}
              end={item.to === '/'}
              ref={index === 0 ? firstLink : undefined}
              onClick={onClose}
            >
              <ListItemText primary={t(item.label)} />
            </ListItemButton>
          ))}
        </List>
      </nav>
      <div className="header-drawer-tools">
        <InstallButton />
        <LanguageSwitch />
        <ThemeToggle />
      </div>
    </Drawer>
  );
}
