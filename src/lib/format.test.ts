import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatDate, formatMoney, formatNumber, formatRating } from './format';

describe('formatDate', () => {
  it('uses Bangladesh time, not the device zone', () => {
    // 20:30 UTC on 31 Dec is already 1 Jan in Dhaka (UTC+6).
    expect(formatDate('2024-12-31T20:30:00Z', 'en')).toBe('1 January 2025');
  });
  it('speaks Bangla with Bengali digits', () => {
    expect(formatDate('2025-03-26T10:00:00+06:00', 'bn')).toMatch(/২৬/);
  });
  it('shows an unreadable date as it came', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
  });
});

describe('formatMoney', () => {
  it('writes taka with the sign and South Asian grouping', () => {
    expect(formatMoney(1500, 'en')).toBe('৳1,500');
    expect(formatMoney(150000, 'en')).toBe('৳1,50,000');
  });
  it('uses Bengali digits in Bangla', () => {
    expect(formatMoney(1500, 'bn')).toBe('৳১,৫০০');
  });
  it('shows paisa only when there are any', () => {
    expect(formatMoney(750.5, 'en')).toBe('৳750.50');
    expect(formatMoney(750, 'en')).toBe('৳750');
  });
});

describe('numbers', () => {
  it('formats counts, ratings, clock times and sizes per language', () => {
    expect(formatNumber(1234, 'bn')).toBe('১,২৩৪');
    expect(formatRating(4.25, 'en')).toBe('4.3');
    expect(formatRating(4, 'bn')).toBe('৪.০');
    expect(formatClock('09:30', 'bn')).toBe('০৯:৩০');
    expect(formatClock('09:30:00', 'en')).toBe('09:30');
    expect(formatBytes(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(formatBytes(5 * 1024 * 1024 + 1, 'en')).toBe('5.1 MB');
    expect(formatBytes(2048, 'en')).toBe('2 KB');
  });
});
