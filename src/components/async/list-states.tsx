/**
 * The three states every list and detail screen needs besides "here it is": loading (a polite
 * status), failed (the SPEC §8 message in the chosen language, with a retry), and empty (a
 * message and, where it helps, one action). One look for all of them across the app.
 */
import type { ReactNode } from 'react';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { uiMessages } from '../ui-messages';
import Button from '@mui/material/Button';
import './list-states.css';

export function LoadingState({ label }: { label?: string }) {
  const t = useT(uiMessages);
  return (
    <p className="list-state is-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </p>
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
