/**
 * Calendar days and periods in words: "Saturday, 3 May 2025" / "শনিবার, ৩ মে ২০২৫", the month and
 * week headings, Bengali digits in Bangla. Built from the catalogue rather than Intl so the text is
 * the same on every phone (some Android builds ship without Bangla calendar data).
 */
import { DAY_OF_WEEK_NAMES } from '../../../contract/enums';
import { localDigits } from '../../lib/format';
import { interpolate, type Lang } from '../../lib/i18n';
import { dayOfWeek, parseDay, periodRange, type CalendarView, type DayKey } from './calendar-math';
import { scheduleMessages } from './schedule-messages';

type Key = keyof typeof scheduleMessages.en;

const text = (key: Key, lang: Lang, vars?: Record<string, string | number>) =>
  interpolate(scheduleMessages[lang][key], vars, lang);

export function monthName(month: number, lang: Lang): string {
  return text(`month${month}` as Key, lang);
}

/** "Sat" / "শনি". */
export function shortWeekday(day: DayKey, lang: Lang): string {
  return text(`short${dayOfWeek(day)}`, lang);
}

/** "Saturday" / "শনিবার". */
export function longWeekday(day: DayKey, lang: Lang): string {
  return DAY_OF_WEEK_NAMES[dayOfWeek(day)][lang];
}

/** The day of the month in the language's digits. */
export function dayNumber(day: DayKey, lang: Lang): string {
  return localDigits(String(parseDay(day).day), lang);
}

/** "3 May 2025" / "৩ মে ২০২৫"; without the year when `withYear` is false. */
export function formatDay(day: DayKey, lang: Lang, withYear = true): string {
  const { year, month, day: d } = parseDay(day);
  const parts = {
    day: localDigits(String(d), lang),
    month: monthName(month, lang),
    year: localDigits(String(year), lang),
  };
  return text(withYear ? 'dayMonthYear' : 'dayMonth', lang, parts);
}

/** "Saturday, 3 May 2025". */
export function formatLongDay(day: DayKey, lang: Lang): string {
  return text('weekdayDate', lang, { weekday: longWeekday(day, lang), date: formatDay(day, lang) });
}

/** "May 2025" / "মে ২০২৫". */
export function formatMonth(day: DayKey, lang: Lang): string {
  const { year, month } = parseDay(day);
  return text('monthYear', lang, { month: monthName(month, lang), year: localDigits(String(year), lang) });
}

/** "3 May – 9 May 2025", with both years only when the range crosses a year. */
export function formatRange(from: DayKey, to: DayKey, lang: Lang): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return text('rangeTitle', lang, { from: formatDay(from, lang, !sameYear), to: formatDay(to, lang) });
}

/** The heading of what a view shows around `cursor`. */
export function formatPeriod(view: CalendarView, cursor: DayKey, lang: Lang): string {
  if (view === 'month') return formatMonth(cursor, lang);
  const { from, to } = periodRange(view, cursor);
  return formatRange(from, to, lang);
}
