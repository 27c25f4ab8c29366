/** The checkout's card fields: tidied as typed, and checked as the sandbox checks (Luhn, expiry, CVC). */
import { describe, expect, it } from 'vitest';
import { cardBody, formatCardNumber, formatCvc, formatExpiry, luhnValid, validateCard } from './card-input';

const NOV_2026 = new Date('2026-11-24T12:00:00Z');

describe('card input', () => {
  it('groups the number in fours and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42')).toBe('4242 4242 42');
    expect(formatCardNumber('4'.repeat(25))).toBe('4444 4444 4444 4444 444');
  });

  it('puts the slash in the expiry, and lets it be deleted', () => {
    expect(formatExpiry('1', '')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12/2', '12/')).toBe('12/2');
    expect(formatExpiry('1228', '')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('1');
    expect(formatCvc('12a34 5')).toBe('1234');
  });

  it('knows the test cards by Luhn', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('says what is wrong before sending', () => {
    expect(validateCard({ cardNumber: '', expiry: '', cvc: '' }, NOV_2026)).toEqual({
      cardNumber: 'cardRequired',
      expiry: 'expiryRequired',
      cvc: 'cvcInvalid',
    });
    expect(validateCard({ cardNumber: '4242 4242 4242 4241', expiry: '13/28', cvc: '12' }, NOV_2026)).toEqual({
      cardNumber: 'luhnHint',
      expiry: 'expiryInvalid',
      cvc: 'cvcInvalid',
    });
    expect(validateCard({ cardNumber: '4242 4242', expiry: '10/26', cvc: '123' }, NOV_2026)).toEqual({
      cardNumber: 'cardIncomplete',
      expiry: 'expiryPast',
    });
    expect(validateCard({ cardNumber: '4242 4242 4242 4242', expiry: '11/26', cvc: '1234' }, NOV_2026)).toEqual({});
  });

  it('sends the digits only', () => {
    expect(cardBody({ cardNumber: '4242 4242 4242 4242', expiry: '12/28 ', cvc: '123' })).toEqual({
      cardNumber: '4242424242424242',
      expiry: '12/28',
      cvc: '123',
    });
  });
});
