/**
 * The sandbox checkout's bKash wallet, in the steps of bKash's own checkout: the account number
 * (11 digits starting 01), the 6-digit verification code "sent by SMS", then the PIN. Each step is
 * checked before the next; the PIN step sends all three (POST /payments/sandbox/checkout/{sessionId}
 * `{method: "BKASH", wallet, otp, pin}`, a new Idempotency-Key per press).
 *
 * A refusal (402) is said in the reader's language from its `error.reason`, and leads where bKash's
 * own page would: a wrong PIN back to the PIN with the tries left (the third wrong PIN in a row
 * locks the wallet), a wrong code back to the code; too little balance, a locked wallet, a timeout
 * or a decline end this wallet's try, with "Use another bKash number" and "Cancel and go back".
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import { localDigits } from '../../../contract/format';
import { WALLET_PIN_TRIES, type SandboxCheckout } from '../../../contract/payments';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { ERROR_REASON_TEXT, isKnownReason } from '../../lib/error-reasons-text';
import { useLang, useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import type { FieldErrors } from '../../lib/validate';
import { newIdempotencyKey } from './api/meetings-api';
import { useSandboxAuthorizeMutation } from './api/payments-api';
import { leavePage } from './leave-page';
import { meetingsMessages, type MeetingsMessageKey } from './meetings-messages';
import {
  maskWallet,
  OTP_LENGTH,
  PIN_LENGTH,
  stepAfterRefusal,
  walletDeclineReason,
  walletDigits,
  walletNumberInput,
  walletStepError,
  WALLET_STEPS,
  type WalletStep,
} from './wallet-input';

const STEP_NAMES: Record<WalletStep, MeetingsMessageKey> = {
  wallet: 'walletStepWallet',
  otp: 'walletStepOtp',
  pin: 'walletStepPin',
};

type Values = Record<WalletStep, string>;
const EMPTY: Values = { wallet: '', otp: '', pin: '' };

export function WalletSteps({ checkout, amount }: { checkout: SandboxCheckout; amount: string }) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const form = useRef<HTMLFormElement>(null);
  const another = useRef<HTMLButtonElement>(null);
  const [step, setStep] = useState<WalletStep>('wallet');
  const [values, setValues] = useState<Values>(EMPTY);
  const [checked, setChecked] = useState<Partial<Record<WalletStep, boolean>>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  /** This wallet cannot pay (balance, locked, timed out, declined): only another number or leaving. */
  const [ended, setEnded] = useState(false);
  const [pinFailures, setPinFailures] = useState(0);
  const [moved, setMoved] = useState(0);
  const [authorize, { isLoading: paying }] = useSandboxAuthorizeMutation();
  const before = checkout.status === 'DECLINED' ? walletDeclineReason(checkout.declineReason) : undefined;

  // Each new step (and a refusal that sends the payer back) puts the focus in its field, once the
  // fieldset, disabled while paying, is enabled again.
  useEffect(() => {
    if (moved > 0 && !paying) form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [moved, step, paying]);

  // A wallet that cannot pay: on to the way out of it ("Use another bKash number").
  useEffect(() => {
    if (ended && !paying) another.current?.focus();
  }, [ended, paying]);

  const clientErrors = useMemo<FieldErrors>(() => {
    const key = checked[step] ? walletStepError(step, values[step]) : undefined;
    return key ? { [step]: t(key) } : {};
  }, [checked, step, values, t]);
  const errorFor = useFieldErrors(clientErrors, serverError);

  const go = (next: WalletStep) => {
    setStep(next);
    setMoved((n) => n + 1);
  };

  const set = (field: WalletStep, value: string) => {
    setServerError(null);
    setValues((was) => ({ ...was, [field]: value }));
  };

  const startOver = () => {
    setValues(EMPTY);
    setChecked({});
    setServerError(null);
    setEnded(false);
    setPinFailures(0);
    go('wallet');
  };

  const back = () => {
    setServerError(null);
    go(WALLET_STEPS[Math.max(0, WALLET_STEPS.indexOf(step) - 1)] ?? 'wallet');
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setChecked((was) => ({ ...was, [step]: true }));
    setServerError(null);
    if (walletStepError(step, values[step])) {
      form.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    if (step !== 'pin') return go(WALLET_STEPS[WALLET_STEPS.indexOf(step) + 1] ?? 'pin');
    try {
      const { redirectUrl } = await authorize({
        sessionId: checkout.sessionId,
        body: { method: 'BKASH', ...values },
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      leavePage.to(redirectUrl);
    } catch (error) {
      setServerError(error);
      if (!isAppError(error)) return go('pin');
      const named = error.fields?.find((f) => (WALLET_STEPS as readonly string[]).includes(f.field))?.field;
      if (error.status === 402) {
        const next = stepAfterRefusal(error.reason);
        if (error.reason === 'WALLET_WRONG_PIN') setPinFailures((n) => n + 1);
        setValues((was) => ({ ...was, pin: '', ...(next === 'otp' ? { otp: '' } : {}) }));
        setChecked({});
        if (next) go(next);
        else setEnded(true);
      } else if (named) {
        go(named as WalletStep);
      } else go('pin');
    }
  };

  const refusal = (() => {
    if (serverError === null) return null;
    // A refused field is said at the field itself.
    if (isAppError(serverError) && serverError.fields?.some((f) => f.field === step)) return null;
    if (isAppError(serverError) && isKnownReason(serverError.reason) && serverError.status === 402) {
      return ERROR_REASON_TEXT[lang][serverError.reason];
    }
    return tx(formErrorText(serverError, t('walletFailed')));
  })();
  const wrongPin = isAppError(serverError) && serverError.reason === 'WALLET_WRONG_PIN';
  const triesLeft = Math.max(0, WALLET_PIN_TRIES - pinFailures);
  const wallet = localDigits(maskWallet(values.wallet), lang);
  const stepNumber = WALLET_STEPS.indexOf(step);

  return (
    <section className="bkash-wallet" aria-labelledby="bkash-title">
      <header className="bkash-head">
        <h2 id="bkash-title">{t('walletTitle')}</h2>
        <p className="bkash-amount">{amount}</p>
      </header>
      <ol className="bkash-steps" aria-label={t('walletStepsLabel')}>
        {WALLET_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={name === step ? 'step' : undefined}
            className={index < stepNumber ? 'done' : name === step ? 'current' : undefined}
          >
            <span className="bkash-step-number" aria-hidden="true">
              {localDigits(String(index + 1), lang)}
            </span>
            {t(STEP_NAMES[name])}
          </li>
        ))}
      </ol>
      <form ref={form} className="form bkash-form" noValidate onSubmit={(event) => void confirm(event)}>
        <fieldset className="form" disabled={paying}>
          <legend className="visually-hidden">{t(STEP_NAMES[step])}</legend>
          {before && serverError === null && stepNumber === 0 && (
            <p className="alert alert-info">{t('walletRefusedBefore', { reason: ERROR_REASON_TEXT[lang][before] })}</p>
          )}
          {!ended && step === 'wallet' && (
            <>
              <TextField
                key="wallet"
                label={t('walletNumber')}
                name="wallet"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="01XXXXXXXXX"
                required
                hint={t('walletNumberHint')}
                value={values.wallet}
                onChange={(e) => set('wallet', walletNumberInput(e.target.value))}
                error={errorFor('wallet')}
              />
              <p className="bkash-note">{t('walletTerms')}</p>
            </>
          )}
          {!ended && step === 'otp' && (
            <>
              <p className="bkash-note">{t('otpSent', { wallet })}</p>
              <TextField
                key="otp"
                label={t('otpLabel')}
                name="otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                value={values.otp}
                onChange={(e) => set('otp', walletDigits(e.target.value, OTP_LENGTH))}
                error={errorFor('otp')}
              />
            </>
          )}
          {!ended && step === 'pin' && (
            <>
              <p className="bkash-note">{t('pinPrompt', { wallet })}</p>
              <TextField
                key="pin"
                label={t('pinLabel')}
                name="pin"
                type="password"
                inputMode="numeric"
                autoComplete="off"
                required
                value={values.pin}
                onChange={(e) => set('pin', walletDigits(e.target.value, PIN_LENGTH))}
                error={errorFor('pin')}
              />
            </>
          )}
          <FormAlert error={refusal} />
          {wrongPin && triesLeft > 0 && (
            <p className="bkash-tries">{t('wrongPinTries', { left: triesLeft, max: WALLET_PIN_TRIES })}</p>
          )}
          <div className="btn-row">
            {ended ? (
              <Button
                ref={another}
                variant="contained"
                className="bkash-button"
                fullWidth
                type="button"
                onClick={startOver}
              >
                {t('otherWallet')}
              </Button>
            ) : (
              <Button variant="contained" className="bkash-button" fullWidth type="submit">
                {paying ? t('walletPaying') : t('confirm')}
              </Button>
            )}
            {stepNumber > 0 && !ended ? (
              <Button variant="outlined" fullWidth type="button" onClick={back}>
                {t('back')}
              </Button>
            ) : (
              <Button variant="outlined" fullWidth type="button" onClick={() => leavePage.to(checkout.cancelUrl)}>
                {t('cancelCheckout')}
              </Button>
            )}
          </div>
        </fieldset>
      </form>
      <p className="checkout-test-cards">{t('testWallets')}</p>
    </section>
  );
}
