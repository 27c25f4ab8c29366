/**
 * Numbers and money for people, shared by the client and the server (notifications, push, mail) so
 * both write them the same way (issue 20):
 * - Taka as people write them: "৳2,250", with paisa only when there are any ("৳750.50").
 * - Bangladesh's grouping (lakh, crore: 12,34,567) in both languages.
 * - Bangla: Bengali digits ("৳২,২৫০", "১২,৩৪,৫৬৭").
 * Pure functions without Intl, so Node and every browser give the same text.
 */
export type FormatLang = 'en' | 'bn';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Western digits → Bengali digits, for numbers shown in Bangla. */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => BN_DIGITS[Number(d)] ?? d);
}

/** Digits in the language's script; Western digits otherwise. */
export function localDigits(text: string, lang: FormatLang): string {
  return lang === 'bn' ? toBengaliDigits(text) : text;
}

/** "1234567" → "12,34,567": the last three digits, then groups of two. */
function groupLakh(whole: string): string {
  if (whole.length <= 3) return whole;
  const last = whole.slice(-3);
  let rest = whole.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return `${groups.join(',')},${last}`;
}

/** 1234567.5 → "12,34,567.5" (en) or "১২,৩৪,৫৬৭.৫" (bn); at most `fractionDigits` decimals. */
export function formatNumber(value: number, lang: FormatLang, fractionDigits = 2): string {
  if (!Number.isFinite(value)) return localDigits(String(value), lang);
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const text = `${negative ? '-' : ''}${groupLakh(whole)}${trimmed ? `.${trimmed}` : ''}`;
  return localDigits(text, lang);
}

/**
 * Taka: "৳2,250" / "৳২,২৫০"; paisa (two decimals) only when there are any: "৳750.50".
 * Takes a number or the contract's decimal string ("2250.00").
 */
export function formatMoney(amount: number | string, lang: FormatLang): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return `৳${localDigits(String(amount), lang)}`;
  const cents = Math.round(Math.abs(value) * 100);
  const whole = groupLakh(String(Math.floor(cents / 100)));
  const paisa = cents % 100;
  const text = `${value < 0 ? '-' : ''}${whole}${paisa ? `.${String(paisa).padStart(2, '0')}` : ''}`;
  return `৳${localDigits(text, lang)}`;
}

/** A count as shown: "12" / "১২" (grouped when large). */
export function formatCount(value: number, lang: FormatLang): string {
  return formatNumber(value, lang, 0);
}
