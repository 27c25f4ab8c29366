import { describe, expect, it } from 'vitest';
import { decimalToPaisa, meetingPricePaisa, paisaToDecimal, takaToPaisa } from './money';

describe('meeting price (hourlyCharge × minutes ÷ 60, half-up to the paisa)', () => {
  it('prices whole hours and simple fractions exactly', () => {
    expect(meetingPricePaisa(1500, 60)).toBe(150_000);
    expect(meetingPricePaisa(1500, 30)).toBe(75_000);
    expect(meetingPricePaisa(1000, 90)).toBe(150_000);
  });

  it('rounds half up to the paisa', () => {
    // 1000 × 1 / 60 = 16.6666… → 16.67
    expect(meetingPricePaisa(1000, 1)).toBe(1667);
    // 0.30 × 1 / 60 = 0.005 → 0.01 (exactly half a paisa rounds up)
    expect(meetingPricePaisa(0.3, 1)).toBe(1);
    // 0.29 × 1 / 60 = 0.00483… → 0.00
    expect(meetingPricePaisa(0.29, 1)).toBe(0);
    // 999.99 × 7 / 60 = 116.66550 → 116.67
    expect(meetingPricePaisa(999.99, 7)).toBe(11_667);
    // 1234.56 × 45 / 60 = 925.92
    expect(meetingPricePaisa(1234.56, 45)).toBe(92_592);
  });

  it('does not drift where floating point would (0.1 + 0.2 style charges)', () => {
    expect(takaToPaisa(0.1 + 0.2)).toBe(30);
    expect(meetingPricePaisa(1.15, 60)).toBe(115);
    expect(meetingPricePaisa(9_999_999_999.99, 480)).toBe(7_999_999_999_992);
  });

  it('refuses a non-positive or fractional number of minutes', () => {
    expect(() => meetingPricePaisa(100, 0)).toThrow(RangeError);
    expect(() => meetingPricePaisa(100, 1.5)).toThrow(RangeError);
  });
});

describe('decimal strings', () => {
  it('round-trips numeric(12,2) text and paisa', () => {
    expect(paisaToDecimal(0)).toBe('0.00');
    expect(paisaToDecimal(5)).toBe('0.05');
    expect(paisaToDecimal(123_450)).toBe('1234.50');
    expect(decimalToPaisa('1234.5')).toBe(123_450);
    expect(decimalToPaisa('1234.50')).toBe(123_450);
    expect(decimalToPaisa('7')).toBe(700);
    expect(() => decimalToPaisa('1.234')).toThrow(RangeError);
    expect(() => paisaToDecimal(-1)).toThrow(RangeError);
  });
});
