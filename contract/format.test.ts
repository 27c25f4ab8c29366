import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatNumber, toBengaliDigits } from './format';

describe('shared number and money formatting (issue 20)', () => {
  it('writes Taka as people do: no paisa unless there are any', () => {
    expect(formatMoney(2250, 'en')).toBe('৳2,250');
    expect(formatMoney('2250.00', 'en')).toBe('৳2,250');
    expect(formatMoney('750.5', 'en')).toBe('৳750.50');
    expect(formatMoney(0.05, 'en')).toBe('৳0.05');
  });

  it('writes Bangla with Bengali digits and lakh grouping', () => {
    expect(formatMoney(2250, 'bn')).toBe('৳২,২৫০');
    expect(formatMoney('1234567.00', 'bn')).toBe('৳১২,৩৪,৫৬৭');
    expect(formatMoney(150000, 'en')).toBe('৳1,50,000');
    expect(formatNumber(1234567.5, 'bn')).toBe('১২,৩৪,৫৬৭.৫');
    expect(formatNumber(-1234.567, 'en')).toBe('-1,234.57');
    expect(formatCount(12, 'bn')).toBe('১২');
    expect(toBengaliDigits('ধারা 39')).toBe('ধারা ৩৯');
  });
});
