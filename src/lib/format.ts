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

/** SPEC §3: a timestamp under 1e12 is in seconds (the reference server sent both). */
export function toEpochMs(value: string | number): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  return new Date(value).getTime();
}

/**
 * SPEC §2's short relative time: "Just now", "5m ago", "3h ago", "2d ago" (and the Bangla
 * equivalents with Bengali digits).
 */
export function formatRelativeTime(value: string | number, lang: Lang, now: number = Date.now()): string {
  const at = toEpochMs(value);
  if (Number.isNaN(at)) return '';
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  const bn = lang === 'bn';
  if (minutes < 1) return bn ? 'এইমাত্র' : 'Just now';
  if (minutes < 60) return bn ? `${toBengaliDigits(String(minutes))} মিনিট আগে` : `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return bn ? `${toBengaliDigits(String(hours))} ঘণ্টা আগে` : `${hours}h ago`;
  const days = Math.floor(hours / 24);
  return bn ? `${toBengaliDigits(String(days))} দিন আগে` : `${days}d ago`;
}

/** A badge count with SPEC §9's cap: 120 → "99+" (cap 99), 12 → "9+" (cap 9). */
export function formatBadge(count: number, cap: number, lang: Lang): string {
  return localDigits(count > cap ? `${cap}+` : String(count), lang);
}
