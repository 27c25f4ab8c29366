/**
 * Dates, numbers and money for people: in the chosen language (Bangla months and digits for bn)
 * and always in Bangladesh time (CONTRACT §1), whatever the phone's time zone is set to. Numbers
 * use the South Asian grouping Bangladesh reads (১২,৩৪,৫৬৭), and money is BDT with the ৳ sign.
 */
import { toBengaliDigits, type Lang } from './i18n';

const TIME_ZONE = 'Asia/Dhaka';

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'long', timeZone: TIME_ZONE }).format(
    date,
  );
}

/** Digits in the language's script; Western digits otherwise. */
export function localDigits(text: string, lang: Lang): string {
  return lang === 'bn' ? toBengaliDigits(text) : text;
}

/** 1234567.5 → "12,34,567.5" (en) or "১২,৩৪,৫৬৭.৫" (bn); at most `fractionDigits` decimals. */
export function formatNumber(value: number, lang: Lang, fractionDigits = 2): string {
  const text = new Intl.NumberFormat('en-IN', { maximumFractionDigits: fractionDigits }).format(value);
  return localDigits(text, lang);
}

/** Taka: "৳ 1,500" / "৳ ১,৫০০"; paisa only when there are any ("৳ 750.50"). */
export function formatMoney(amount: number, lang: Lang): string {
  const whole = Number.isInteger(amount);
  const text = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
  return `৳ ${localDigits(text, lang)}`;
}

/** An average rating with one decimal: "4.5" / "৪.৫". */
export function formatRating(value: number, lang: Lang): string {
  return localDigits(value.toFixed(1), lang);
}

/** A slot time "HH:mm" as shown: "09:30" / "০৯:৩০". */
export function formatClock(time: string, lang: Lang): string {
  return localDigits(time.slice(0, 5), lang);
}

/** A file size for people: "4.8 MB", "320 KB". Rounded up, so a file over a limit never reads as at it. */
export function formatBytes(bytes: number, lang: Lang): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(Math.ceil((bytes / (1024 * 1024)) * 10) / 10, lang, 1)} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang, 0)} KB`;
}
