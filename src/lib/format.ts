/**
 * Dates for people: in the chosen language (Bangla months and digits for bn) and always in
 * Bangladesh time (CONTRACT §1), whatever the phone's time zone is set to.
 */
import type { Lang } from './i18n';

const TIME_ZONE = 'Asia/Dhaka';

export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'long', timeZone: TIME_ZONE }).format(
    date,
  );
}
