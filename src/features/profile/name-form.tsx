/** Edit first and last name (PUT /v1/user/user-info); the header and dashboards follow at once. */
import { useRef, useState, type FormEvent } from 'react';
import { UpdateUserBodySchema, type UserInfo } from '../../../contract/auth';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useUpdateUserMutation } from './api/profile-api';
import { profileMessages } from './profile-messages';
import Button from '@mui/material/Button';

export function NameForm({ user }: { user: UserInfo }) {
  const t = useT(profileMessages);
  const tx = useContractText();
  const form = useRef<HTMLFormElement>(null);
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(UpdateUserBodySchema, { firstName, lastName });
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const saved = await updateUser({ firstName, lastName }).unwrap();
      setFirstName(saved.firstName);
      setLastName(saved.lastName);
      setSuccess(t('nameSaved'));
    } catch (err) {
      setFailure(formErrorText(err, t('nameFailed')));
      focusFirstInvalid(form.current);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="name-title">
      <h2 id="name-title">{t('nameTitle')}</h2>
      <form ref={form} className="form" noValidate onSubmit={onSubmit}>
        <div className="name-row">
          <TextField
            label={t('firstName')}
            name="firstName"
            autoComplete="given-name"
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
            error={errorFor('firstName')}
          />
          <TextField
            label={t('lastName')}
            name="lastName"
            autoComplete="family-name"
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
            error={errorFor('lastName')}
          />
        </div>
        <TextField label={t('email')} type="email" name="email" value={user.email} readOnly hint={t('emailFixed')} />
        <FormAlert error={failure && tx(failure)} success={success} />
        <div>
          <Button variant="contained" type="submit" disabled={isLoading}>
            {isLoading ? t('savingName') : t('saveName')}
          </Button>
        </div>
      </form>
    </section>
  );
}
