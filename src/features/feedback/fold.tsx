/**
 * A form folded behind one button ("Send feedback", "Report a problem", "Answer"), with the
 * polite status line that announces how the last send went. Folded because most visitors never
 * need these forms, and on a small screen they would push the page's own content away.
 */
import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';

interface FoldProps {
  open: boolean;
  onOpen: () => void;
  /** The button's text, and its accessible name when it needs to say more ("Answer: Ayesha"). */
  label: string;
  ariaLabel?: string;
  /** The outcome of the last send, announced politely. */
  notice?: string | null;
  children: ReactNode;
}

export function Fold({ open, onOpen, label, ariaLabel, notice, children }: FoldProps) {
  const id = useId();
  return (
    <>
      <p role="status" className={notice ? 'fold-status alert alert-success' : 'fold-status'}>
        {notice}
      </p>
      {open ? (
        <div id={id} className="fold-body">
          {children}
        </div>
      ) : (
        <Button
          variant="outlined"
          type="button"
          aria-expanded={false}
          aria-controls={id}
          aria-label={ariaLabel}
          onClick={onOpen}
        >
          {label}
        </Button>
      )}
    </>
  );
}
