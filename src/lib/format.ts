/**
 * Dates, numbers and money for people: in the chosen language (Bangla months and digits for bn)
 * and always in Bangladesh time (docs/api.md §1), whatever the phone's time zone is set to. Numbers
 * use the South Asian grouping Bangladesh reads (১২,৩৪,৫৬৭), and money is BDT with the ৳ sign
 * and no space ("৳2,250").
 */
import { formatNumber, localDigits } from '../../contract/format';
import { toBengaliDigits, type Lang } from './i18n';

const TIME_ZONE = 'Asia/Dhaka';

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'long', timeZone: TIME_ZONE }).format(
    date,
  );
}

// Numbers and money come from the module the server shares (contract/format.ts, issue 20), so a
// notification and a screen write "৳2,250" / "৳২,২৫০" the same way.
export { formatCount, formatMoney, formatNumber, localDigits } from '../../contract/format';

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

/** docs/product.md §3: a timestamp under 1e12 is in seconds (the reference server sent both). */
export function toEpochMs(value: string | number): number {
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  return new Date(value).getTime();
}

/**
 * docs/product.md §2's short relative time: "Just now", "5m ago", "3h ago", "2d ago" (and the Bangla
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

/** A badge count with docs/product.md §9's cap: 120 → "99+" (cap 99), 12 → "9+" (cap 9). */
export function formatBadge(count: number, cap: number, lang: Lang): string {
  return localDigits(count > cap ? `${cap}+` : String(count), lang);
}
