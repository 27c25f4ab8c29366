/** The sandbox checkout's card checks (number by Luhn, expiry not past, CVC) and its test cards. */
import { cvcValid, expiryValid, luhnValid, normalizeCardNumber } from '../../contract/card';
import { PaymentMessages } from '../../contract/payments';

/** Always authorizes (like Stripe's test card). */
export const TEST_CARD_SUCCESS = '4242424242424242';
/** Always declined (like Stripe's generic decline card). */
export const TEST_CARD_DECLINED = '4000000000000002';

export { cvcValid, expiryValid, luhnValid, normalizeCardNumber } from '../../contract/card';

export interface CardInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardCheck = { ok: true; number: string } | { ok: false; field: keyof CardInput; message: string };

export function checkCard(card: CardInput, now: Date): CardCheck {
  const number = normalizeCardNumber(card.cardNumber);
  if (!luhnValid(number)) return { ok: false, field: 'cardNumber', message: PaymentMessages.invalidCardNumber };
  if (!expiryValid(card.expiry, now)) return { ok: false, field: 'expiry', message: PaymentMessages.invalidExpiry };
  if (!cvcValid(card.cvc)) return { ok: false, field: 'cvc', message: PaymentMessages.invalidCvc };
  return { ok: true, number };
}
