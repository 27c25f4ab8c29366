/**
 * Verify the email address with the mailed 6-digit code (docs/product.md §2 /email-verification). Right after
 * registration the first code is already on its way, so the resend button starts in its cooldown.
 * On success the user continues to where they were going, else to their dashboard.
 */
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { VerifyEmailBodySchema } from '../../../contract/auth';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../contract/constants';
import { ClientAuthMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { codeSentAtState, fromState, type NavState } from '../../lib/nav-state';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { selectUser } from '../../lib/session/session-slice';
import { useAppDispatch, useSessionSelector } from '../../lib/store-hooks';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, hasErrors, validate, type FieldErrors } from '../../lib/validate';
import { useSendVerificationCodeMutation, useVerifyEmailMutation, verifiedSession } from './api/auth-api';
import { authMessages } from './auth-messages';
import { OtpField } from './otp-field';
import { ResendCode } from './resend-code';
import { useCountdown } from './use-countdown';
import Button from '@mui/material/Button';
import './auth.css';

export function EmailVerificationPage() {
  const t = useT(authMessages);
  const tx = useContractText();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useSessionSelector(selectUser);
  const email = user?.email ?? '';
  const form = useRef<HTMLFormElement>(null);
  const [verify, verifyState] = useVerifyEmailMutation();
  const [sendCode, sendState] = useSendVerificationCodeMutation();
  const sentAt = codeSentAtState(location.state);
  const { secondsLeft, start } = useCountdown(sentAt === null ? null : sentAt + OTP_RESEND_COOLDOWN_SECONDS * 1000);
  const [otp, setOtp] = useState('');
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const errorFor = useFieldErrors(clientErrors, verifyState.error);
  useDocumentTitle(t('verifyTitle'));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validate(VerifyEmailBodySchema, { email, otp });
    setClientErrors(errors);
    setFailure(null);
    setSuccess(null);
    if (hasErrors(errors)) return focusFirstInvalid(form.current);
    try {
      const result = await verify({ email, otp }).unwrap();
      const role = result === true ? user?.role : result.role;
      const state: NavState = { notice: ClientAuthMessages.verifySuccess };
      // Commit the verified session first (the route guard then redirects at once), and navigate
      // after it: the later navigation wins, so the user lands with the success notice.
      flushSync(() => dispatch(verifiedSession(result)));
      void navigate(fromState(location.state) ?? (role ? dashboardPath(role) : '/'), { replace: true, state });
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.verifyFailed));
      focusFirstInvalid(form.current);
    }
  };

  const onResend = async () => {
    setFailure(null);
    setSuccess(null);
    try {
      await sendCode({ email }).unwrap();
      setSuccess(ClientAuthMessages.sendCodeSuccess);
      start(OTP_RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      setFailure(formErrorText(err, ClientAuthMessages.sendCodeFailed));
      // The server's cooldown (429 with Retry-After) is the truth: show it on the button.
      if (isAppError(err) && err.retryAfter) start(err.retryAfter);
    }
  };

  return (
    <section className="container page page-narrow auth-page">
      <div className="card">
        <h1>{t('verifyTitle')}</h1>
        <p className="intro">{t('verifyIntro', { email })}</p>
        <form ref={form} className="form" noValidate onSubmit={onSubmit}>
          <OtpField value={otp} onChange={setOtp} error={errorFor('otp')} />
          <FormAlert error={failure && tx(failure)} success={success && tx(success)} />
          <Button variant="contained" fullWidth type="submit" disabled={verifyState.isLoading}>
            {verifyState.isLoading ? t('verifyPending') : t('verifySubmit')}
          </Button>
        </form>
        <p className="muted">{t('verifyHelp')}</p>
        <ResendCode secondsLeft={secondsLeft} pending={sendState.isLoading} onResend={onResend} />
      </div>
    </section>
  );
}
