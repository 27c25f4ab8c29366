/**
 * Create an account (docs/product.md §2 /register): client or lawyer, names, email, a password with the live
 * rule checklist, confirmation, and consent to the terms and privacy policy (required: the privacy
 * policy explains what is stored, as Bangladesh's Personal Data Protection Ordinance 2025 expects).
 * The server mails the first code itself, so the verification screen starts its resend wait at once.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { RegisterBodySchema, type RegisterBody } from '../../../contract/auth';
import { ClientAuthMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { PASSWORD_REQUIRED } from '../../components/form/password-checklist';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useLang, useT } from '../../lib/i18n';
import { fromState, type NavState } from '../../lib/nav-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useRegisterMutation } from './api/auth-api';
import { authMessages } from './auth-messages';
import Button from '@mui/material/Button';
import './auth.css';

type Role = RegisterBody['role'];

export function RegisterPage() {
  const t = useT(authMessages);
  const { lang } = useLang();
  const tx = useContractText();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const consentErrorId = useId();
  const roleId = useId();
  const [register, { isLoading, error }] = useRegisterMutation();
  const [role, setRole] = useState<Role>('USER');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [consent, setConsent] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);
  useDocumentTitle(t('registerTitle'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The account starts in the interface's language: notifications and mail follow it (issue 20).
    const body: RegisterBody = { firstName, lastName, email, password, role, language: lang };
    const errors = validate(RegisterBodySchema, body);
    // The checklist already shows which rules fail; the field message points at it (or asks for one).
    if (errors.password) errors.password = password ? t('passwordWeak') : PASSWORD_REQUIRED;
    if (confirm !== password) errors.confirm = t('passwordsDiffer');
    if (!consent) errors.consent = t('consentRequired');
    setClientErrors(errors);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      await register(body).unwrap();
      const state: NavState = { from: fromState(location.state) ?? undefined, codeSentAt: Date.now() };
      void navigate('/email-verification', { replace: true, state });
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.registrationFailed));
      focusFirstInvalid(form.current);
    }
  };

  return (
    <section className="container page page-narrow auth-page">
      <div className="card">
        <h1>{t('registerTitle')}</h1>
        <p className="intro">{t('registerIntro')}</p>
        <form ref={form} className="form" noValidate onSubmit={onSubmit}>
          <fieldset className="field">
            <legend>{t('accountType')}</legend>
            <div className="role-options">
              {(['USER', 'LAWYER'] as const).map((value) => (
                <div key={value} className="role-option">
                  <input
                    id={`${roleId}-${value}`}
                    type="radio"
                    name="role"
                    value={value}
                    checked={role === value}
                    onChange={() => setRole(value)}
                  />
                  <label htmlFor={`${roleId}-${value}`}>
                    <strong>{value === 'USER' ? t('roleUser') : t('roleLawyer')}</strong>
                    <span>{value === 'USER' ? t('roleUserHint') : t('roleLawyerHint')}</span>
                  </label>
                </div>
              ))}
            </div>
          </fieldset>
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
          <TextField
            label={t('email')}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errorFor('email')}
          />
          <NewPasswordFields
            passwordLabel={t('password')}
            confirmLabel={t('confirmPassword')}
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
            passwordError={errorFor('password')}
            confirmError={errorFor('confirm')}
          />
          <div className="field">
            <div className="check">
              <input
                id="register-consent"
                type="checkbox"
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                aria-invalid={clientErrors.consent ? true : undefined}
                aria-describedby={clientErrors.consent ? consentErrorId : undefined}
                required
              />
              <label htmlFor="register-consent">
                {t('consentBefore')}{' '}
                <a href="/terms" target="_blank" rel="noopener">
                  {t('consentTerms')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>{' '}
                {t('consentAnd')}{' '}
                <a href="/privacy" target="_blank" rel="noopener">
                  {t('consentPrivacy')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>
                {t('consentAfter')}
              </label>
            </div>
            {clientErrors.consent && (
              <p id={consentErrorId} className="field-error">
                {clientErrors.consent}
              </p>
            )}
          </div>
          <FormAlert error={failure && tx(failure)} />
          <Button variant="contained" fullWidth type="submit" disabled={isLoading}>
            {isLoading ? t('registerPending') : t('registerSubmit')}
          </Button>
        </form>
        <p className="muted">
          {t('haveAccount')}{' '}
          <Link to="/login" state={{ from: fromState(location.state) }}>
            {t('signInLink')}
          </Link>
        </p>
      </div>
    </section>
  );
}
