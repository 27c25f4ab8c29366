/**
 * A modal dialog's behaviour (WAI-ARIA dialog pattern), for the dialogs on `.modal-backdrop`: on
 * opening, focus moves to its first form field (or the dialog itself when it has none) and the page
 * behind stops scrolling; on closing, both come back as they were. While it is open, Tab and
 * Shift+Tab go round inside it — also after a click on the backdrop left focus on the page — and
 * Escape calls `onEscape` (always the latest one passed).
 */
import { useEffect, useRef, type RefObject } from 'react';
import './dialog.css';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

export function useModalKeys(dialog: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void): void {
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!active || !element) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    (element.querySelector<HTMLElement>('input, select, textarea') ?? element).focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        escape.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      if (!element.contains(current)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (current === first || current === element)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && current === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      before?.focus();
    };
  }, [dialog, active]);
}
