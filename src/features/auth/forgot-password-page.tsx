/**
 * Forgotten password (docs/product.md §2 /forgot-password): email → mailed code + new password (with the rule
 * checklist) → done → sign in. Code and new password share one step because the server checks the
 * code only together with the new password; a wrong code is reported on that same screen.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ResetPasswordBodySchema, SendCodeBodySchema } from '../../../contract/auth';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../contract/constants';
import { ClientAuthMessages, ServerMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { NewPasswordFields } from '../../components/form/new-password-fields';
import { PASSWORD_REQUIRED } from '../../components/form/password-checklist';
import { TextField } from '../../components/form/text-field';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { emailState, type NavState } from '../../lib/nav-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useResetPasswordMutation, useSendVerificationCodeMutation } from './api/auth-api';
import { authMessages } from './auth-messages';
import { OtpField } from './otp-field';
import { ResendCode } from './resend-code';
import { useCountdown } from './use-countdown';
import Button from '@mui/material/Button';
import './auth.css';

type Step = 'email' | 'reset' | 'done';

export function ForgotPasswordPage() {
  const t = useT(authMessages);
  const tx = useContractText();
  const location = useLocation();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [sendCode, sendState] = useSendVerificationCodeMutation();
  const [resetPassword, resetState] = useResetPasswordMutation();
  const { secondsLeft, start } = useCountdown(null);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(() => emailState(location.state));
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, step === 'email' ? sendState.error : resetState.error);
  useDocumentTitle(step === 'done' ? t('doneTitle') : t('forgotTitle'));

  const goTo = (next: Step) => {
    setStep(next);
    setClientErrors({});
    // A new step is a new screen for a screen reader: start reading at its heading.
    requestAnimationFrame(() => heading.current?.focus());
  };

  const requestCode = async (): Promise<boolean> => {
    setFailure(null);
    setSuccess(null);
    try {
      await sendCode({ email }).unwrap();
      setSuccess(t('codeSent'));
      start(OTP_RESEND_COOLDOWN_SECONDS);
      return true;
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.sendOtpFailed));
      if (isAppError(err) && err.retryAfter) start(err.retryAfter);
      return false;
    }
  };

  const onSendCode = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(SendCodeBodySchema, { email });
    setClientErrors(errors);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    if (await requestCode()) goTo('reset');
    else focusFirstInvalid(form.current);
  };

  const onReset = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(ResetPasswordBodySchema, { email, otp, password });
    // The checklist already shows which rules fail; the field message points at it (or asks for one).
    if (errors.password) errors.password = password ? t('passwordWeak') : PASSWORD_REQUIRED;
    if (confirm !== password) errors.confirm = t('passwordsDiffer');
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      await resetPassword({ email, otp, password }).unwrap();
      goTo('done');
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.resetFailed));
      focusFirstInvalid(form.current);
    }
  };

  // A cooldown refusal counts down in place of the server's "Please wait…", and goes when it ends.
  const failureText =
    failure === ServerMessages.otpCooldown
      ? secondsLeft > 0
        ? t('waitSeconds', { seconds: secondsLeft })
        : null
      : failure && tx(failure);

  const loginState: NavState = { email, notice: ClientAuthMessages.resetSuccess };

  return (
    <section className="container page page-narrow auth-page">
      <div className="card">
        {step === 'email' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {t('forgotTitle')}
            </h1>
            <p className="intro">{t('forgotIntro')}</p>
            <form ref={form} className="form" noValidate onSubmit={onSendCode}>
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
              <FormAlert error={failureText} />
              <Button variant="contained" fullWidth type="submit" disabled={sendState.isLoading}>
                {sendState.isLoading ? t('sendCodePending') : t('sendCode')}
              </Button>
            </form>
            <Link to="/login" state={{ email }}>
              {t('signInLink')}
            </Link>
          </>
        )}

        {step === 'reset' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {t('forgotTitle')}
            </h1>
            <p className="intro">{t('resetIntro', { email })}</p>
            <form ref={form} className="form" noValidate onSubmit={onReset}>
              <OtpField value={otp} onChange={setOtp} error={errorFor('otp')} />
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
              <FormAlert error={failureText} success={success} />
              <Button variant="contained" fullWidth type="submit" disabled={resetState.isLoading}>
                {resetState.isLoading ? t('resetPending') : t('resetSubmit')}
              </Button>
            </form>
            <ResendCode secondsLeft={secondsLeft} pending={sendState.isLoading} onResend={() => void requestCode()} />
            <Button variant="text" type="button" onClick={() => goTo('email')}>
              {t('changeEmail')}
            </Button>
          </>
        )}

        {step === 'done' && (
          <>
            <h1 ref={heading} tabIndex={-1}>
              {t('doneTitle')}
            </h1>
            <p>{t('doneBody')}</p>
            <Button component={Link} variant="contained" fullWidth to="/login" state={loginState}>
              {t('goToLogin')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
