import { describe, expect, it } from 'vitest';
import { formatDate } from './format';

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
