/** Sign in (SPEC §2 /login). On success: back to where a guard stopped the user, else their dashboard. */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { LoginBodySchema } from '../../../contract/auth';
import { ClientAuthMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { emailState, fromState } from '../../lib/nav-state';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useLoginMutation } from './api/auth-api';
import { authMessages } from './auth-messages';
import './auth.css';

export function LoginPage() {
  const t = useT(authMessages);
  const tx = useContractText();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const [login, { isLoading, error }] = useLoginMutation();
  const [email, setEmail] = useState(() => emailState(location.state));
  const [password, setPassword] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, error);
  useDocumentTitle(t('loginTitle'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(LoginBodySchema, { email, password });
    setClientErrors(errors);
    setFailure(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const auth = await login({ email, password }).unwrap();
      void navigate(fromState(location.state) ?? dashboardPath(auth.role), { replace: true });
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.loginFailed));
      focusFirstInvalid(form.current);
    }
  };

  return (
    <section className="container page page-narrow auth-page">
      <div className="card">
        <h1>{t('loginTitle')}</h1>
        <p className="intro">{t('loginIntro')}</p>
        <form ref={form} className="form" noValidate onSubmit={onSubmit}>
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
          <FormAlert error={failure && tx(failure)} />
          <button type="submit" className="btn btn-primary btn-block" disabled={isLoading}>
            {isLoading ? t('loginPending') : t('loginSubmit')}
          </button>
        </form>
        <div className="auth-links">
          <Link to="/forgot-password" state={{ email }}>
            {t('forgotLink')}
          </Link>
          <p className="muted">
            {t('noAccount')}{' '}
            <Link to="/register" state={{ from: fromState(location.state) }}>
              {t('createAccount')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
