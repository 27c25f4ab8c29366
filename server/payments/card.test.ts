import { describe, expect, it } from 'vitest';
import { PaymentMessages } from '../../contract/payments';
import { checkCard, cvcValid, expiryValid, luhnValid, TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from './card';

const now = new Date('2026-11-24T12:00:00Z');

describe('sandbox card checks', () => {
  it('accepts Luhn-valid numbers, including both test cards, and refuses others', () => {
    expect(luhnValid(TEST_CARD_SUCCESS)).toBe(true);
    expect(luhnValid(TEST_CARD_DECLINED)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    expect(luhnValid('4242a24242424242')).toBe(false);
  });

  it('accepts an expiry through the end of its month', () => {
    expect(expiryValid('11/26', now)).toBe(true);
    expect(expiryValid('11/2026', now)).toBe(true);
    expect(expiryValid('10/26', now)).toBe(false);
    expect(expiryValid('13/30', now)).toBe(false);
    expect(expiryValid('1/30', now)).toBe(false);
  });

  it('wants a CVC of 3 or 4 digits', () => {
    expect(cvcValid('123')).toBe(true);
    expect(cvcValid('1234')).toBe(true);
    expect(cvcValid('12')).toBe(false);
    expect(cvcValid('12a')).toBe(false);
  });

  it('names the first bad field with the contract message', () => {
    expect(checkCard({ cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: true,
      number: TEST_CARD_SUCCESS,
    });
    expect(checkCard({ cardNumber: '4242 4242 4242 4241', expiry: '12/30', cvc: '123' }, now)).toEqual({
      ok: false,
      field: 'cardNumber',
      message: PaymentMessages.invalidCardNumber,
    });
    expect(checkCard({ cardNumber: TEST_CARD_SUCCESS, expiry: '01/20', cvc: '123' }, now)).toMatchObject({
      field: 'expiry',
    });
    expect(checkCard({ cardNumber: TEST_CARD_SUCCESS, expiry: '12/30', cvc: '1' }, now)).toMatchObject({
      field: 'cvc',
    });
  });
});
