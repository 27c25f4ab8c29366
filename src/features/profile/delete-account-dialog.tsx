/**
 * The account deletion dialog (POST /v1/user/delete-account): says plainly what is deleted, what is
 * kept for the other party or the accounts and why, and that held payments must be settled first;
 * asks for the password and "DELETE". A modal of our own (role="dialog", focus kept inside, Escape
 * closes) so it works the same in every browser and in jsdom. `onDeleted` runs after the server
 * answered 200; the caller ends the session.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DELETE_CONFIRMATION } from '../../../contract/data-rights';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { useDeleteAccountMutation } from './api/data-rights-api';
import { dataRightsMessages } from './data-rights-messages';

interface DeleteAccountDialogProps {
  onClose: () => void;
  onDeleted: (message: string) => void;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function DeleteAccountDialog({ onClose, onDeleted }: DeleteAccountDialogProps) {
  const t = useT(dataRightsMessages);
  const tx = useContractText();
  const needs = useNeedsNetwork();
  const titleId = useId();
  const bodyId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [deleteAccount, { isLoading, error }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);

  // Focus moves into the dialog, stays there (Tab wraps), and Escape closes it.
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.querySelector<HTMLElement>('input')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [onClose]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    if (!password) errors.password = 'Password is required';
    if (confirm.trim() !== DELETE_CONFIRMATION) errors.confirm = t('confirmMismatch');
    setClientErrors(errors);
    setFailure(null);
    if (Object.keys(errors).length > 0) return;
    try {
      const message = await deleteAccount({ password, confirm: DELETE_CONFIRMATION }).unwrap();
      onDeleted(message);
    } catch (err) {
      setFailure(formErrorText(err, t('deleteFailed')));
    }
  };

  return (
    <div className="data-rights-backdrop">
      <div
        ref={dialog}
        className="card data-rights-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId}>{t('dialogTitle')}</h2>
        <div id={bodyId}>
          <p>{t('deleteIntro')}</p>
          <h3>{t('whatGoes')}</h3>
          <ul>
            <li>{t('goesProfile')}</li>
            <li>{t('goesPrivate')}</li>
            <li>{t('goesDevices')}</li>
          </ul>
          <h3>{t('whatStays')}</h3>
          <ul>
            <li>{t('staysCases')}</li>
            <li>{t('staysMessages')}</li>
            <li>{t('staysPayments')}</li>
          </ul>
          <p className="alert alert-info">{t('heldPayments')}</p>
          <p className="muted">
            {t('emailFree')} {t('exportFirst')}
          </p>
        </div>
        <form className="form" noValidate onSubmit={onSubmit}>
          <TextField
            label={t('password')}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errorFor('password')}
          />
          <TextField
            label={t('confirmLabel')}
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            error={errorFor('confirm')}
          />
          <FormAlert error={failure && tx(failure)} />
          <div className="data-rights-actions">
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-danger"
              disabled={isLoading || needs.disabled}
              aria-describedby={needs.describedBy}
            >
              {isLoading ? t('deleting') : t('confirmDelete')}
            </button>
          </div>
          <NeedsNetworkNote needs={needs} />
        </form>
      </div>
    </div>
  );
}
