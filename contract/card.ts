/**
 * Card checks shared by the sandbox checkout (server/payments/card.ts decides) and its page (which
 * checks before sending, to spare a round trip): number by Luhn, expiry not past, CVC.
 */

export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `MM/YY` or `MM/YYYY`, valid through the last day of that month (UTC). */
export function expiryValid(expiry: string, now: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return false;
  const firstOfNextMonth = Date.UTC(year, month, 1);
  return now.getTime() < firstOfNextMonth;
}

export function cvcValid(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc.trim());
}
