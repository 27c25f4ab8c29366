/**
 * Every English string of the calendar has a real Bangla counterpart: the same keys, no empty text,
 * the same {placeholders}, and Bangla script (a copy of the English would still type-check).
 */
import { describe, expect, it } from 'vitest';
import { icsFileName } from './save-file';
import { scheduleMessages } from './schedule-messages';

/** Pure layout templates, the same in both languages on purpose. */
const LAYOUT = new Set(['monthYear', 'dayMonthYear', 'dayMonth', 'weekdayDate', 'rangeTitle', 'timeRange']);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('schedule catalogue', () => {
  it('has the same keys in English and Bangla', () => {
    expect(Object.keys(scheduleMessages.bn).sort()).toEqual(Object.keys(scheduleMessages.en).sort());
  });

  it.each(Object.keys(scheduleMessages.en))('%s is translated', (key) => {
    const en = scheduleMessages.en[key as keyof typeof scheduleMessages.en];
    const bn = scheduleMessages.bn[key as keyof typeof scheduleMessages.bn];
    expect(en.trim()).not.toBe('');
    expect(bn.trim()).not.toBe('');
    expect(placeholders(bn)).toEqual(placeholders(en));
    if (!LAYOUT.has(key)) expect(bn).toMatch(/[\u0980-\u09FF]/);
  });
});

describe('icsFileName', () => {
  it('makes a safe file name from the title, keeping Bangla letters', () => {
    expect(icsFileName('Court hearing: Rahman v. State')).toBe('court-hearing-rahman-v-state.ics');
    expect(icsFileName('জামিন শুনানি')).toBe('জামিন-শুনানি.ics');
    expect(icsFileName('../../')).toBe('schedule.ics');
  });
});
