/**
 * The account deletion dialog (POST /v1/user/delete-account): says plainly what is deleted, what is
 * kept for the other party or the accounts and why, and that held payments must be settled first;
 * asks for the password and "DELETE" (checked against the contract's schema). An MUI Dialog: focus
 * starts in the password field and stays inside, Escape and the backdrop close it (not while the
 * deletion runs), focus returns to the opener; full screen on a phone. `onDeleted` runs after the
 * server answered 200; the caller ends the session.
 */
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useRef, useState, type FormEvent } from 'react';
import { DELETE_CONFIRMATION, DeleteAccountBodySchema } from '../../../contract/data-rights';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useDeleteAccountMutation } from './api/data-rights-api';
import { dataRightsMessages } from './data-rights-messages';
import Button from '@mui/material/Button';

interface DeleteAccountDialogProps {
  onClose: () => void;
  onDeleted: (message: string) => void;
}

export function DeleteAccountDialog({ onClose, onDeleted }: DeleteAccountDialogProps) {
  const t = useT(dataRightsMessages);
  const tx = useContractText();
  const needs = useNeedsNetwork();
  const titleId = useId();
  const bodyId = useId();
  const phone = useMediaQuery('(max-width: 599.95px)');
  const form = useRef<HTMLFormElement>(null);
  const [deleteAccount, { isLoading, error }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);

  // Escape and the backdrop close it, but not while the deletion runs (its refusal, a held payment
  // or a wrong password, must be seen).
  const close = () => {
    if (!isLoading) onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(DeleteAccountBodySchema, { password, confirm: confirm.trim() });
    // The contract's text repeats the field's label; the form says what exactly is wrong.
    if (errors.confirm) errors.confirm = t('confirmMismatch');
    setClientErrors(errors);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const message = await deleteAccount({ password, confirm: DELETE_CONFIRMATION }).unwrap();
      onDeleted(message);
    } catch (err) {
      setFailure(formErrorText(err, t('deleteFailed')));
    }
  };

  return (
    <Dialog
      open
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      slotProps={{ paper: { className: 'data-rights-dialog' } }}
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
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('password')}
          type="password"
          name="password"
          autoComplete="current-password"
          // A modal dialog's first field takes the focus on opening (WAI-ARIA dialog pattern).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
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
          <Button variant="outlined" type="button" onClick={close} disabled={isLoading}>
            {t('cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            type="submit"
            disabled={isLoading || needs.disabled}
            aria-describedby={needs.describedBy}
          >
            {isLoading ? t('deleting') : t('confirmDelete')}
          </Button>
        </div>
        <NeedsNetworkNote needs={needs} />
      </form>
    </Dialog>
  );
}
