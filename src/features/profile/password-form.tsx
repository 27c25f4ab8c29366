/**
 * Change password (PUT /v1/user/change-password). docs/product.md §5: it succeeded only if the answer was
 * 200 with data `true`; anything else shows 'Failed to change password.' (or the server's reason).
 */
import { useRef, useState, type FormEvent } from 'react';
import { ChangePasswordBodySchema } from '../../../contract/auth';
import { ClientAuthMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { PASSWORD_REQUIRED } from '../../components/form/password-checklist';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useChangePasswordMutation } from './api/profile-api';
import { profileMessages } from './profile-messages';
import Button from '@mui/material/Button';

export function PasswordForm() {
  const t = useT(profileMessages);
  const tx = useContractText();
  const form = useRef<HTMLFormElement>(null);
  const [changePassword, { isLoading, error }] = useChangePasswordMutation();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(ChangePasswordBodySchema, { oldPassword, password });
    // The checklist already shows which rules fail; the field message points at it (or asks for one).
    if (errors.password) errors.password = password ? t('passwordWeak') : PASSWORD_REQUIRED;
    if (confirm !== password) errors.confirm = t('passwordsDiffer');
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const changed = await changePassword({ oldPassword, password }).unwrap();
      if (!changed) {
        setFailure(ClientAuthMessages.changePasswordFailed);
        return;
      }
      setSuccess(ClientAuthMessages.changePasswordSuccess);
      setOldPassword('');
      setPassword('');
      setConfirm('');
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.changePasswordFailed));
      focusFirstInvalid(form.current);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="password-title">
      <h2 id="password-title">{t('passwordTitle')}</h2>
      <p className="muted">{t('passwordIntro')}</p>
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('oldPassword')}
          type="password"
          name="oldPassword"
          autoComplete="current-password"
          required
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          error={errorFor('oldPassword')}
        />
        <NewPasswordFields
          passwordLabel={t('newPassword')}
          confirmLabel={t('confirmPassword')}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
          passwordError={errorFor('password')}
          confirmError={errorFor('confirm')}
        />
        <FormAlert error={failure && tx(failure)} success={success && tx(success)} />
        <div>
          <Button variant="contained" type="submit" disabled={isLoading}>
            {isLoading ? t('changingPassword') : t('changePassword')}
          </Button>
        </div>
      </form>
    </section>
  );
}
