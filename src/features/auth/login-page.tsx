/** Sign in (docs/product.md §2 /login). On success: back to where a guard stopped the user, else their dashboard. */
import { useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ClientAuthMessages } from '../../../contract/errors';
import Alert from '@mui/material/Alert';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { emailState, fromState } from '../../lib/nav-state';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { selectSession } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, type FieldErrors } from '../../lib/validate';
import { useLoginMutation } from './api/auth-api';
import { authMessages } from './auth-messages';
import { loginErrors } from './login-checks';
import Button from '@mui/material/Button';
import './auth.css';

/** Why a guest who asked for `from` was sent here, in the words of what they asked for. */
export function guestReasonKey(from: string | null) {
  if (!from) return null;
  const path = from.split(/[?#]/)[0] ?? '';
  if (path.startsWith('/find-lawyer') || path.startsWith('/lawyers')) return 'guestReasonLawyers' as const;
  if (path.startsWith('/ai-chat') || path.startsWith('/chat-history') || path.startsWith('/document-search')) {
    return 'guestReasonAi' as const;
  }
  if (path.startsWith('/law-insights') || path.startsWith('/blog')) return 'guestReasonInsights' as const;
  return 'guestReasonOther' as const;
}

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
  const { endedBy, user } = useSessionSelector(selectSession);
  // A guest sent here by a guard learns why; after an expired session its own notice says it.
  const reason = endedBy === 'expired' ? null : guestReasonKey(fromState(location.state));
  useDocumentTitle(t('loginTitle'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // LoginBodySchema's rules without zod (login-checks.ts): this screen is many visits' first.
    const errors = loginErrors({ email, password });
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

  // Someone already signed in (the installed app, a bookmark, Back after signing in) has nothing to
  // do here: on to where they were heading, else their dashboard. Also what follows a sign-in here.
  if (user) return <Navigate to={fromState(location.state) ?? dashboardPath(user.role)} replace />;

  return (
    <section className="container page page-narrow auth-page">
      <div className="card">
        <h1>{t('loginTitle')}</h1>
        <p className="intro">{t('loginIntro')}</p>
        {reason && (
          <Alert severity="info" className="login-reason">
            {t(reason)}
          </Alert>
        )}
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
          <Button variant="contained" fullWidth type="submit" disabled={isLoading}>
            {isLoading ? t('loginPending') : t('loginSubmit')}
          </Button>
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
