/**
 * The three states every list and detail screen needs besides "here it is": loading (a polite
 * status), failed (the docs/product.md §8 message in the chosen language, with a retry), and empty (a
 * message and, where it helps, one action). One look for all of them across the app.
 */
import type { ReactNode } from 'react';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { uiMessages } from '../ui-messages';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import './list-states.css';

/**
 * Loading: what is coming, in words (announced politely), over MUI Skeleton rows shaped like the
 * list or form that will take their place, so the screen does not jump when it arrives.
 */
export function LoadingState({ label, rows = 3 }: { label?: string; rows?: number }) {
  const t = useT(uiMessages);
  return (
    <div className="list-state is-loading" role="status">
      <span className="list-state-label">{label ?? t('loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={56} animation="wave" aria-hidden="true" />
      ))}
    </div>
  );
}

export function ErrorState({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const t = useT(uiMessages);
  const tx = useContractText();
  return (
    <div className="alert alert-error list-state" role="alert">
      <p>{title ?? t('loadFailed')}</p>
      <p>{tx(formErrorText(error, ''))}</p>
      {onRetry && (
        <Button variant="outlined" type="button" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="list-state is-empty">
      <p className="list-state-title">{title}</p>
      {children}
    </div>
  );
}
