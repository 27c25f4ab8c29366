/**
 * The sandbox checkout's card fields: what the person types is tidied as they type (digits grouped
 * in fours, "MM/YY" with the slash put in for them) and checked before sending with the same rules
 * the sandbox applies (Luhn, a real month not in the past, 3–4 digit CVC). The checks only spare a
 * round trip; the server decides, and a declined card comes back as its 402.
 */
import { cvcValid, expiryValid, luhnValid as luhnDigitsValid } from '../../../contract/card';
import type { MeetingsMessageKey } from './meetings-messages';

export interface CardValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, MeetingsMessageKey>>;

export const EMPTY_CARD: CardValues = { cardNumber: '', expiry: '', cvc: '' };

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** "4242424242424242" → "4242 4242 4242 4242" (at most 19 digits). */
export function formatCardNumber(text: string): string {
  return digitsOf(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1228" → "12/28"; "1" stays "1", "12" → "12/" only when typed forward ("13" is left for the check). */
export function formatExpiry(text: string, previous = ''): string {
  const digits = digitsOf(text).slice(0, 4);
  // Deleting the slash deletes the month's last digit with it, or the slash would come straight back.
  if (previous.endsWith('/') && text.length < previous.length) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return text.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export function formatCvc(text: string): string {
  return digitsOf(text).slice(0, 4);
}

/** The Luhn check (the contract's, as the sandbox applies it) on what was typed, spaces and all. */
export function luhnValid(typed: string): boolean {
  return luhnDigitsValid(digitsOf(typed));
}

/** The first problem per field; `now` decides whether an expiry is past (a card runs to its month's end, UTC, as the sandbox counts). */
export function validateCard(values: CardValues, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  const number = digitsOf(values.cardNumber);
  if (!number) errors.cardNumber = 'cardRequired';
  else if (number.length < 12 || number.length > 19) errors.cardNumber = 'cardIncomplete';
  else if (!luhnValid(number)) errors.cardNumber = 'luhnHint';

  const expiry = /^(\d{2})\/(\d{2})$/.exec(values.expiry.trim());
  if (!expiry) errors.expiry = 'expiryRequired';
  else if (Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'expiryInvalid';
  else if (!expiryValid(values.expiry, now)) errors.expiry = 'expiryPast';

  if (!cvcValid(values.cvc)) errors.cvc = 'cvcInvalid';
  return errors;
}

/** The body of POST /payments/sandbox/checkout/{sessionId}. */
export function cardBody(values: CardValues): CardValues {
  return { cardNumber: digitsOf(values.cardNumber), expiry: values.expiry.trim(), cvc: values.cvc };
}
