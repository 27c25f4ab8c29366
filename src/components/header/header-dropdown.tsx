/**
 * The shell of the header's dropdowns (notifications, messages): an icon button whose name carries
 * the unread count and whose badge caps it (docs/product.md §9: 99+), and a labelled panel under it with a
 * title, an action in its head, a scrolling body and an optional foot. The features fill it; the
 * disclosure behaviour (focus in, Escape, tap outside) is shared. MUI IconButton, Badge and Paper;
 * not a modal Popover, so a tap outside both closes the panel and does what it was meant to.
 */
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useEffect, type ReactNode } from 'react';
import { formatBadge } from '../../lib/format';
import { useLang } from '../../lib/i18n';
import { useDisclosure } from './use-disclosure';
import './header-dropdown.css';

export interface DropdownControls {
  open: boolean;
  close: () => void;
}

export function HeaderDropdown({
  id,
  title,
  buttonLabel,
  count,
  cap,
  icon,
  onOpen,
  onOpenChange,
  action,
  children,
  foot,
}: {
  id: string;
  title: string;
  /** The button's accessible name (with the count when there is one). */
  buttonLabel: string;
  count: number;
  cap: number;
  /** The icon's SVG path data (24×24, stroked). */
  icon: string;
  /** Called as the panel opens. */
  onOpen?: () => void;
  /** Told whenever the panel opens or closes (by any means: button, Escape, a tap outside). */
  onOpenChange?: (open: boolean) => void;
  action?: (controls: DropdownControls) => ReactNode;
  children: (controls: DropdownControls) => ReactNode;
  foot?: (controls: DropdownControls) => ReactNode;
}) {
  const { lang } = useLang();
  const { open, toggle, close, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();
  const controls = { open, close };
  useEffect(() => onOpenChange?.(open), [open, onOpenChange]);
  return (
    <div className="hd-center">
      <IconButton
        ref={buttonRef}
        color="inherit"
        className="hd-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => {
          if (!open) onOpen?.();
          toggle();
        }}
      >
        <Badge
          badgeContent={count > 0 ? formatBadge(count, cap, lang) : null}
          color="error"
          slotProps={{ badge: { 'aria-hidden': true, className: 'hd-badge' } as never }}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          </svg>
        </Badge>
      </IconButton>
      <Paper
        ref={panelRef}
        elevation={6}
        id={id}
        className={open ? 'hd-panel is-open' : 'hd-panel'}
        role="region"
        aria-label={title}
      >
        <div className="hd-panel-head">
          <h2>{title}</h2>
          {action?.(controls)}
        </div>
        {children(controls)}
        {foot && <div className="hd-panel-foot">{foot(controls)}</div>}
      </Paper>
    </div>
  );
}
