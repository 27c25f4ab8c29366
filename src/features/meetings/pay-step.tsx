/**
 * The pay step of a meeting on /my-meetings: bKash or a card, for one amount under one escrow
 * explanation. bKash comes first in the Bangla interface (most people here pay from a phone wallet,
 * many have no card), the card first in English. A method's button opens its checkout
 * (POST /payments/{id}/checkout {method}) and the browser follows the answer's `redirectUrl`: the
 * sandbox's card form or wallet steps, Stripe's page, or bKash's.
 */
import { useEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import type { CheckoutMethod } from '../../../contract/payments';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useLang, useT } from '../../lib/i18n';
import { newIdempotencyKey } from './api/meetings-api';
import { useStartCheckoutMutation } from './api/payments-api';
import { leavePage } from './leave-page';
import { meetingsMessages } from './meetings-messages';
import { payMethodsFor } from './wallet-input';

export function PayStep({
  paymentId,
  amount,
  meetingId,
  disabled,
  onClose,
}: {
  paymentId: string;
  /** The amount, formatted in the interface language. */
  amount: string;
  meetingId: string;
  /** Offline: the buttons wait for the network. */
  disabled: boolean;
  onClose: () => void;
}) {
  const t = useT(meetingsMessages);
  const tx = useContractText();
  const { lang } = useLang();
  const [startCheckout] = useStartCheckoutMutation();
  const [opening, setOpening] = useState<CheckoutMethod | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = `pay-${meetingId}`;

  // The step replaces the card's buttons: take the focus along, so a keyboard or screen reader
  // user lands on the question rather than at the top of the page.
  useEffect(() => heading.current?.focus(), []);

  const pay = async (method: CheckoutMethod) => {
    setFailure(null);
    setOpening(method);
    try {
      const { redirectUrl } = await startCheckout({ paymentId, method, idempotencyKey: newIdempotencyKey() }).unwrap();
      leavePage.to(redirectUrl);
    } catch (error) {
      setOpening(null);
      setFailure(tx(formErrorText(error, t('checkoutFailed'))));
    }
  };

  return (
    <section className="pay-step" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('payStepTitle')}
      </h4>
      <p className="pay-step-amount">{t('payStepAmount', { amount })}</p>
      <p className="muted">{t('holdExplain')}</p>
      <ul className="pay-methods">
        {payMethodsFor(lang).map((method) => (
          <li key={method}>
            <Button
              variant={method === 'BKASH' ? 'contained' : 'outlined'}
              className={method === 'BKASH' ? 'bkash-button' : undefined}
              fullWidth
              type="button"
              disabled={disabled || opening !== null}
              aria-describedby={`${id}-${method}`}
              onClick={() => void pay(method)}
            >
              {opening === method
                ? t('openingCheckout')
                : t(method === 'BKASH' ? 'payWithBkash' : 'payByCard', { amount })}
            </Button>
            <p id={`${id}-${method}`} className="pay-method-note">
              {t(method === 'BKASH' ? 'bkashNote' : 'cardNote')}
            </p>
          </li>
        ))}
      </ul>
      <Button variant="text" type="button" onClick={onClose} disabled={opening !== null}>
        {t('keep')}
      </Button>
      {failure && (
        <p className="alert alert-error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
