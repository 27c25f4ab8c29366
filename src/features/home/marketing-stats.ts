/**
 * The landing page's marketing figures (MARKETING_STATS) as a reader of each language expects them:
 * "10K+" reads "১০ হাজার+" in Bangla, with Bengali digits.
 */
import { MARKETING_STATS } from '../../../contract/constants';
import { toBengaliDigits, type Lang } from '../../lib/i18n';

export type StatName = keyof typeof MARKETING_STATS;

export const STAT_NAMES: readonly StatName[] = ['lawyers', 'cases', 'satisfaction'];

export function formatStat(value: string, lang: Lang): string {
  return lang === 'bn' ? toBengaliDigits(value.replace(/K\+$/, ' হাজার+')) : value;
}

export function statValue(name: StatName, lang: Lang): string {
  return formatStat(MARKETING_STATS[name], lang);
}
