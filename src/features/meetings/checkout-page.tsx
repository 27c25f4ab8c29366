/**
 * /pay/checkout/{sessionId}: the sandbox payment provider's hosted checkout (docs/api.md §4 Payments,
 * provider `sandbox`). It shows what is being paid (amount in BDT, payee, meeting) and the escrow
 * explanation under a plain "no real money moves" banner, then, by the checkout's method, a card
 * form or the bKash wallet's steps (wallet-steps.tsx). The card form takes a card (grouped number,
 * MM/YY, CVC, each with the autofill hints phones use), and on Pay asks the sandbox to hold the
 * amount: success sends the browser to the provider's `redirectUrl` (the payment-success screen), a
 * declined card (402) says so and lets the person try another, and Cancel goes to the session's
 * `cancelUrl`.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { FormAlert } from '../../components/form/form-alert';
import { TextField } from '../../components/form/text-field';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { formatMoney } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { useFieldErrors } from '../../lib/use-field-errors';
import { focusFirstInvalid, type FieldErrors } from '../../lib/validate';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { SandboxCheckout } from '../../../contract/payments';
import { newIdempotencyKey } from './api/meetings-api';
import { useSandboxAuthorizeMutation, useSandboxCheckoutQuery } from './api/payments-api';
import {
  cardBody,
  EMPTY_CARD,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  luhnValid,
  validateCard,
  type CardField,
  type CardValues,
} from './card-input';
import { leavePage } from './leave-page';
import { WalletSteps } from './wallet-steps';
import { meetingsMessages } from './meetings-messages';
import Button from '@mui/material/Button';
import './meetings.css';

export function CheckoutPage() {
  const t = useT(meetingsMessages);
  useDocumentTitle(t('checkoutTitle'));
  const { sessionId = '' } = useParams();
  const { data, error, isLoading, isFetching, refetch } = useSandboxCheckoutQuery(sessionId, { skip: !sessionId });

  return (
    <div className="container page page-narrow checkout-page">
      <p className="alert alert-info sandbox-banner">
        <strong>{t(data?.method === 'BKASH' ? 'sandboxBannerWallet' : 'sandboxBanner')}</strong>
      </p>
      <h1>{t('checkoutTitle')}</h1>
      {isLoading && <LoadingState label={t('checkoutLoading')} />}
      {error && !isFetching && (
        <ErrorState error={error} title={t('checkoutLoadFailed')} onRetry={() => void refetch()} />
      )}
      {data && <Checkout checkout={data} />}
    </div>
  );
}

function Checkout({ checkout }: { checkout: SandboxCheckout }) {
  const t = useT(meetingsMessages);
  const { lang } = useLang();
  const amount = formatMoney(checkout.amount, lang);
  const open = checkout.status === 'OPEN' || checkout.status === 'DECLINED';
  const done = checkout.status === 'AUTHORIZED' || checkout.status === 'CAPTURED';

  return (
    <section className="card checkout-card" aria-labelledby="checkout-summary">
      <h2 id="checkout-summary" className="visually-hidden">
        {t('checkoutTitle')}
      </h2>
      <dl className="checkout-summary">
        <div>
          <dt>{t('amount')}</dt>
          <dd className="checkout-amount">{amount}</dd>
        </div>
        <div>
          <dt>{t('payee')}</dt>
          <dd>{checkout.payeeName}</dd>
        </div>
        {checkout.meetingTitle && (
          <div>
            <dt>{t('meeting')}</dt>
            <dd>{checkout.meetingTitle}</dd>
          </div>
        )}
      </dl>
      <p className="muted">{t('holdExplain')}</p>
      {open &&
        (checkout.method === 'BKASH' ? (
          <WalletSteps checkout={checkout} amount={amount} />
        ) : (
          <CardForm checkout={checkout} amount={amount} />
        ))}
      {done && (
        <div className="alert alert-success">
          <p>{t('alreadyAuthorized')}</p>
          <Link to={`/payment/success?session_id=${encodeURIComponent(checkout.sessionId)}`}>
            {t('continueToConfirmation')}
          </Link>
        </div>
      )}
      {checkout.status === 'VOIDED' && (
        <div className="alert alert-info">
          <p>{t('checkoutClosed')}</p>
          <Link to="/my-meetings">{t('toMyMeetings')}</Link>
        </div>
      )}
    </section>
  );
}

function CardForm({ checkout, amount }: { checkout: SandboxCheckout; amount: string }) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [shown, setShown] = useState<Partial<Record<CardField, boolean>>>({});
  const [serverError, setServerError] = useState<unknown>(null);
  const [declined, setDeclined] = useState(checkout.status === 'DECLINED');
  const [authorize, { isLoading: paying }] = useSandboxAuthorizeMutation();
  const [refocus, setRefocus] = useState(0);

  // After a decline, back to the card number for another card — once the fieldset, disabled while
  // paying, is enabled again, or the focus would not land.
  useEffect(() => {
    if (refocus > 0 && !paying) form.current?.querySelector<HTMLInputElement>('input[name="cardNumber"]')?.focus();
  }, [refocus, paying]);

  const problems = validateCard(values);
  // A full-length number that fails the Luhn check is a typo: say so at once, before Pay.
  const digits = values.cardNumber.replace(/\D/g, '');
  const luhnNow = digits.length >= 16 && !luhnValid(digits);
  const clientErrors = useMemo<FieldErrors>(() => {
    const errors: FieldErrors = {};
    for (const field of ['cardNumber', 'expiry', 'cvc'] as const) {
      const key = problems[field];
      if (key && (shown[field] || (field === 'cardNumber' && luhnNow))) errors[field] = t(key);
    }
    return errors;
  }, [problems, shown, luhnNow, t]);
  const errorFor = useFieldErrors(clientErrors, serverError);

  const set = (field: CardField, value: string) => {
    setServerError(null);
    setValues((was) => ({ ...was, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShown({ cardNumber: true, expiry: true, cvc: true });
    setServerError(null);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(form.current);
    try {
      const { redirectUrl } = await authorize({
        sessionId: checkout.sessionId,
        body: cardBody(values),
        idempotencyKey: newIdempotencyKey(),
      }).unwrap();
      leavePage.to(redirectUrl);
    } catch (error) {
      setServerError(error);
      if (isAppError(error) && error.status === 402) {
        setDeclined(true);
        setRefocus((n) => n + 1);
      } else focusFirstInvalid(form.current);
    }
  };

  const isDecline = isAppError(serverError) && serverError.status === 402;
  const failure =
    serverError === null ? null : isDecline ? t('declined') : tx(formErrorText(serverError, t('payFailed')));

  return (
    <form ref={form} className="form checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="form" disabled={paying}>
        <legend>{t('cardDetails')}</legend>
        {declined && !serverError && <p className="alert alert-info">{t('declinedBefore')}</p>}
        <p className="checkout-test-cards">{t('testCards')}</p>
        <TextField
          label={t('cardNumber')}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          required
          value={values.cardNumber}
          onChange={(e) => set('cardNumber', formatCardNumber(e.target.value))}
          onBlur={() => setShown((was) => ({ ...was, cardNumber: values.cardNumber !== '' }))}
          error={errorFor('cardNumber')}
        />
        <div className="checkout-row">
          <TextField
            label={t('expiry')}
            name="expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            required
            value={values.expiry}
            onChange={(e) => set('expiry', formatExpiry(e.target.value, values.expiry))}
            onBlur={() => setShown((was) => ({ ...was, expiry: values.expiry !== '' }))}
            error={errorFor('expiry')}
          />
          <TextField
            label={t('cvc')}
            name="cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            required
            hint={t('cvcHint')}
            value={values.cvc}
            onChange={(e) => set('cvc', formatCvc(e.target.value))}
            onBlur={() => setShown((was) => ({ ...was, cvc: values.cvc !== '' }))}
            error={errorFor('cvc')}
          />
        </div>
        <FormAlert error={failure} />
        <div className="btn-row">
          <Button variant="contained" fullWidth type="submit">
            {paying ? t('paying') : t('payNow', { amount })}
          </Button>
          <Button variant="outlined" fullWidth type="button" onClick={() => leavePage.to(checkout.cancelUrl)}>
            {t('cancelCheckout')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
