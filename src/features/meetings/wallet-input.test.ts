import { describe, expect, it } from 'vitest';
import {
  maskWallet,
  payMethodsFor,
  stepAfterRefusal,
  walletDeclineReason,
  walletDigits,
  walletNumberInput,
  walletStepError,
} from './wallet-input';

describe('wallet input', () => {
  it('offers bKash first in Bangla and the card first in English', () => {
    expect(payMethodsFor('bn')).toEqual(['BKASH', 'CARD']);
    expect(payMethodsFor('en')).toEqual(['CARD', 'BKASH']);
  });

  it('keeps digits only, Bangla digits as ASCII, up to the length', () => {
    expect(walletDigits('১২৩ 45a6', 6)).toBe('123456');
    expect(walletDigits('1234567', 5)).toBe('12345');
    expect(walletNumberInput('017-0000-0001')).toBe('01700000001');
    expect(walletNumberInput('+8801700000001')).toBe('01700000001');
    expect(walletNumberInput('017000000019')).toBe('01700000001');
  });

  it('checks each step as the sandbox does', () => {
    expect(walletStepError('wallet', '')).toBe('walletRequired');
    expect(walletStepError('wallet', '0170000000')).toBe('walletInvalid');
    expect(walletStepError('wallet', '02700000001')).toBe('walletInvalid');
    expect(walletStepError('wallet', '01700000001')).toBeUndefined();
    expect(walletStepError('otp', '12345')).toBe('otpInvalid');
    expect(walletStepError('otp', '123456')).toBeUndefined();
    expect(walletStepError('pin', '121212')).toBe('pinInvalid');
    expect(walletStepError('pin', '12121')).toBeUndefined();
  });

  it('masks the number, maps refusals to steps and reasons', () => {
    expect(maskWallet('01700000001')).toBe('017•••••001');
    expect(stepAfterRefusal('WALLET_WRONG_PIN')).toBe('pin');
    expect(stepAfterRefusal('WALLET_WRONG_CODE')).toBe('otp');
    expect(stepAfterRefusal('WALLET_LOCKED')).toBeNull();
    expect(walletDeclineReason('INSUFFICIENT_BALANCE')).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(walletDeclineReason('WALLET_LOCKED')).toBe('WALLET_LOCKED');
    expect(walletDeclineReason('UNAVAILABLE')).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    expect(walletDeclineReason('toString')).toBeUndefined();
    expect(walletDeclineReason(null)).toBeUndefined();
  });
});
