/**
 * The sandbox bKash wallet's three steps (contract/payments.ts SandboxWalletBody): the wallet number
 * (11 digits starting 01), the 6-digit verification code, the 5-digit PIN. What is typed is kept to
 * digits as it is typed — Bangla digits (০–৯) from a Bangla keyboard count as the same digits — and
 * each step is checked before the next, with the same rules the sandbox applies. The checks only
 * spare a round trip; the server decides, and a refusal comes back with its `error.reason`.
 */
import type { ErrorReason } from '../../../contract/error-reasons';
import type { CheckoutMethod, WalletDeclineReason } from '../../../contract/payments';
import type { Lang } from '../../lib/i18n';
import type { MeetingsMessageKey } from './meetings-messages';

export type WalletStep = 'wallet' | 'otp' | 'pin';
export const WALLET_STEPS: readonly WalletStep[] = ['wallet', 'otp', 'pin'];

export const WALLET_LENGTH = 11;
export const OTP_LENGTH = 6;
export const PIN_LENGTH = 5;

const BENGALI_ZERO = 0x09e6;

/** Only the digits of what was typed, Bangla digits as ASCII ones, at most `max`. */
export function walletDigits(text: string, max: number): string {
  return Array.from(text)
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= BENGALI_ZERO && code <= BENGALI_ZERO + 9 ? String(code - BENGALI_ZERO) : char;
    })
    .join('')
    .replace(/\D/g, '')
    .slice(0, max);
}

/**
 * The wallet number as typed or pasted: its digits, at most 11; a number pasted with the country
 * code (+880 1…, 8801…) loses the 88.
 */
export function walletNumberInput(text: string): string {
  const digits = walletDigits(text, WALLET_LENGTH + 2);
  if (digits.startsWith('880') && digits.length === WALLET_LENGTH + 2) return digits.slice(2);
  return digits.startsWith('880') ? digits : digits.slice(0, WALLET_LENGTH);
}

/** The problem with one step's value, if any (a key of meetingsMessages). */
export function walletStepError(step: WalletStep, value: string): MeetingsMessageKey | undefined {
  switch (step) {
    case 'wallet':
      if (value === '') return 'walletRequired';
      return /^01\d{9}$/.test(value) ? undefined : 'walletInvalid';
    case 'otp':
      return /^\d{6}$/.test(value) ? undefined : 'otpInvalid';
    case 'pin':
      return /^\d{5}$/.test(value) ? undefined : 'pinInvalid';
  }
}

/** "01700000001" → "017•••••001": the number the code was "sent" to, as bKash shows it. */
export function maskWallet(wallet: string): string {
  return wallet.length === WALLET_LENGTH ? `${wallet.slice(0, 3)}•••••${wallet.slice(8)}` : wallet;
}

/** The step a refusal sends the payer back to; `null`: the wallet cannot pay (start over or leave). */
export function stepAfterRefusal(reason: string | undefined): WalletStep | null {
  switch (reason) {
    case 'WALLET_WRONG_PIN':
      return 'pin';
    case 'WALLET_WRONG_CODE':
      return 'otp';
    default:
      return null;
  }
}

/**
 * The `error.reason` of each wallet refusal (WalletDeclineReason as the sandbox's GET and the bKash
 * callback's `reason=` name it), so the client says it in its own words.
 */
export const WALLET_DECLINE_REASONS: Readonly<Record<WalletDeclineReason | 'UNAVAILABLE', ErrorReason>> = {
  INSUFFICIENT_BALANCE: 'WALLET_INSUFFICIENT_BALANCE',
  WRONG_PIN: 'WALLET_WRONG_PIN',
  WALLET_LOCKED: 'WALLET_LOCKED',
  TIMED_OUT: 'WALLET_TIMED_OUT',
  WRONG_CODE: 'WALLET_WRONG_CODE',
  CANCELLED: 'WALLET_CANCELLED',
  DECLINED: 'WALLET_DECLINED',
  UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
};

export function walletDeclineReason(value: string | null | undefined): ErrorReason | undefined {
  return value && Object.hasOwn(WALLET_DECLINE_REASONS, value)
    ? WALLET_DECLINE_REASONS[value as keyof typeof WALLET_DECLINE_REASONS]
    : undefined;
}

/** The pay step's methods in the order offered: bKash first in Bangla, the card first in English. */
export function payMethodsFor(lang: Lang): CheckoutMethod[] {
  return lang === 'bn' ? ['BKASH', 'CARD'] : ['CARD', 'BKASH'];
}
